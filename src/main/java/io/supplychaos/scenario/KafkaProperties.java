package io.supplychaos.scenario;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.streams.StreamsConfig;

import io.supplychaos.app.SupplyChainConfig;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecNode;

/**
 * Checks a scenario's {@code producer:} and {@code app: {config:}} properties against Kafka's own
 * config definitions (ProducerConfig, StreamsConfig, and the client and topic configs Streams takes
 * behind its prefixes) and the app's {@code supply.*} settings: an unknown key or a value of the
 * wrong type is refused naming the field, where Kafka would only log a warning at run time.
 */
final class KafkaProperties {

    static final String STREAMS = "kafka-streams.";
    static final String SUPPLY = "supply.";
    static final String QUARKUS = "quarkus.";

    /** Business settings being added to {@link SupplyChainConfig} alongside this check; accepted with any value until they are. */
    private static final Set<String> SUPPLY_EXTRAS = Set.of("order-retention", "max-quantity");
    private static final Pattern QUARKUS_DURATION = Pattern.compile("[0-9]+(ms|s|m|h|d)?");

    /** Streams' prefixes for the configs of its clients and topics, longest first so main.consumer. wins over consumer. */
    private static final Map<String, ConfigDef> STREAMS_PREFIXES = prefixes();

    /** The {@code producer:} mapping: ProducerConfig names to values. */
    static final Shape PRODUCER = new Shape.MapOf(Shape.namesIn(ProducerConfig.configDef().configKeys().keySet().stream()
            .sorted().toList()), "Kafka producer configs", Shape.scalar("a value of the config's type"));
    /** The {@code app: {config:}} mapping: names under the three prefixes to values. */
    static final Shape APP_CONFIG = new Shape.MapOf(Shape.namesMatching(Stream.of(STREAMS, SUPPLY, QUARKUS)
            .map(prefix -> prefix.replace(".", "\\.")).collect(Collectors.joining("|", "(?:", ").+"))),
            "app properties", Shape.scalar("a value of the property's type"));

    private KafkaProperties() {
    }

    /** The {@code producer:} mapping: every key a ProducerConfig name, every value of its type. */
    static Map<String, String> producer(SpecNode producer) {
        Map<String, String> properties = producer.properties();
        ConfigDef def = ProducerConfig.configDef();
        properties.forEach((key, value) -> {
            if (!def.configKeys().containsKey(key)) {
                throw producer.get(key).error("a Kafka producer config (ProducerConfig: acks, linger.ms, batch.size, ...), "
                        + "not '" + key + "'");
            }
            checkValue(producer.get(key), def, key, key, value);
        });
        return properties;
    }

    /** The {@code app: {config:}} mapping: kafka-streams.*, supply.* and quarkus.* properties. */
    static Map<String, String> appConfig(SpecNode config) {
        Map<String, String> properties = config.properties();
        properties.forEach((key, value) -> {
            SpecNode node = config.get(key);
            if (key.equals(STREAMS + StreamsConfig.PROCESSING_GUARANTEE_CONFIG)) {
                // the run judges and drains by app.processingGuarantee: a second place to set it would let the two differ
                throw node.error("app.processingGuarantee to choose the guarantee (the run's check and drain read it there), not '"
                        + key + "' in app.config");
            }
            if (key.startsWith(STREAMS)) {
                streams(node, key.substring(STREAMS.length()), value);
            } else if (key.startsWith(SUPPLY)) {
                supply(node, key.substring(SUPPLY.length()), value);
            } else if (!key.startsWith(QUARKUS)) {
                throw node.error("an app property starting with " + STREAMS + " (a Kafka Streams or client config), "
                        + SUPPLY + " (the supply chain's settings) or " + QUARKUS + ", not '" + key + "'");
            }
        });
        return properties;
    }

    private static void streams(SpecNode node, String name, String value) {
        ConfigDef streams = StreamsConfig.configDef();
        if (streams.configKeys().containsKey(name)) {
            checkValue(node, streams, name, STREAMS + name, value);
            return;
        }
        for (Map.Entry<String, ConfigDef> prefix : STREAMS_PREFIXES.entrySet()) {
            if (name.startsWith(prefix.getKey())) {
                String inner = name.substring(prefix.getKey().length());
                if (prefix.getValue() == null) {
                    if (!topicConfigs().contains(inner)) {
                        throw node.error(STREAMS + prefix.getKey() + "X with X a topic config (TopicConfig: cleanup.policy, "
                                + "retention.ms, ...), not '" + inner + "'");
                    }
                    return;
                }
                if (!prefix.getValue().configKeys().containsKey(inner)) {
                    throw node.error(STREAMS + prefix.getKey() + "X with X a Kafka " + prefix.getKey().replace(".", " ").trim()
                            + " config, not '" + inner + "'");
                }
                checkValue(node, prefix.getValue(), inner, STREAMS + name, value);
                return;
            }
        }
        // Streams hands an unprefixed client config to every client that takes it
        for (ConfigDef client : List.of(ConsumerConfig.configDef(), ProducerConfig.configDef(), AdminClientConfig.configDef())) {
            if (client.configKeys().containsKey(name)) {
                checkValue(node, client, name, STREAMS + name, value);
                return;
            }
        }
        throw node.error(STREAMS + "X with X a Kafka Streams config (StreamsConfig) or a consumer, producer or admin "
                + "config, optionally behind one of Streams' prefixes " + String.join(", ", STREAMS_PREFIXES.keySet())
                + "; '" + name + "' is none of them");
    }

    private static void supply(SpecNode node, String name, String value) {
        Map<String, Class<?>> settings = supplySettings();
        if (!settings.containsKey(name)) {
            throw node.error(SUPPLY + "X with X one of " + String.join(", ", settings.keySet()) + ", not '" + name + "'");
        }
        Class<?> type = settings.get(name);
        boolean ok;
        String expected;
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            ok = value.trim().matches("[0-9]{1,9}");
            expected = "a whole number from 0 to 999999999";
        } else if (type == Duration.class) {
            ok = QUARKUS_DURATION.matcher(value.trim()).matches() || iso(value.trim());
            expected = "a duration such as 10s, 500ms, 2m or PT1S";
        } else if (type.isEnum()) {
            List<String> names = Arrays.stream(type.getEnumConstants()).map(Object::toString).toList();
            ok = names.stream().anyMatch(n -> n.equalsIgnoreCase(value.trim()));
            expected = "one of " + String.join(", ", names);
        } else {
            ok = !value.isBlank();
            expected = "a value";
        }
        if (!ok) {
            throw node.refuse(expected + " for " + SUPPLY + name);
        }
    }

    private static boolean iso(String text) {
        try {
            Duration.parse(text);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Parses the value with the config's own type and validator, as Kafka will when the client starts. */
    private static void checkValue(SpecNode node, ConfigDef def, String name, String shownAs, String value) {
        ConfigDef.ConfigKey key = def.configKeys().get(name);
        try {
            Object parsed = ConfigDef.parseType(name, value, key.type);
            if (key.validator != null) {
                key.validator.ensureValid(name, parsed);
            }
        } catch (RuntimeException e) {
            throw node.refuse("a valid " + key.type.name().toLowerCase() + " for " + shownAs + " (Kafka says: "
                    + e.getMessage() + ")");
        }
    }

    /** {@code supply.*} names (kebab case, as Quarkus maps them) and their types, from {@link SupplyChainConfig}. */
    static Map<String, Class<?>> supplySettings() {
        Map<String, Class<?>> settings = new TreeMap<>();
        for (Method method : SupplyChainConfig.class.getMethods()) {
            if (Modifier.isAbstract(method.getModifiers()) && method.getParameterCount() == 0) {
                settings.put(method.getName().replaceAll("([A-Z])", "-$1").toLowerCase(), method.getReturnType());
            }
        }
        SUPPLY_EXTRAS.forEach(extra -> settings.putIfAbsent(extra, Object.class));
        return settings;
    }

    private static Map<String, ConfigDef> prefixes() {
        Map<String, ConfigDef> prefixes = new LinkedHashMap<>();
        prefixes.put(StreamsConfig.MAIN_CONSUMER_PREFIX, ConsumerConfig.configDef());
        prefixes.put(StreamsConfig.RESTORE_CONSUMER_PREFIX, ConsumerConfig.configDef());
        prefixes.put(StreamsConfig.GLOBAL_CONSUMER_PREFIX, ConsumerConfig.configDef());
        prefixes.put(StreamsConfig.CONSUMER_PREFIX, ConsumerConfig.configDef());
        prefixes.put(StreamsConfig.PRODUCER_PREFIX, ProducerConfig.configDef());
        prefixes.put(StreamsConfig.ADMIN_CLIENT_PREFIX, AdminClientConfig.configDef());
        prefixes.put(StreamsConfig.TOPIC_PREFIX, null);
        return prefixes;
    }

    /** Topic config names, from TopicConfig's constants (the broker's LogConfig is not on the client's classpath). */
    private static Set<String> topicConfigs() {
        return Arrays.stream(TopicConfig.class.getFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("_CONFIG") && f.getType() == String.class)
                .map(f -> {
                    try {
                        return (String) f.get(null);
                    } catch (IllegalAccessException e) {
                        return null;
                    }
                })
                .filter(name -> name != null).collect(Collectors.toSet());
    }
}
