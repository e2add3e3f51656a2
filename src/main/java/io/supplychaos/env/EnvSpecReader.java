package io.supplychaos.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads and validates environment definitions (an env file, or the {@code env:} node of a scenario)
 * into {@link EnvSpec}. Reads the given file only; every problem becomes an {@link EnvSpecException}
 * naming the source, the field and what was expected.
 */
public final class EnvSpecReader {

    /** Ports are planned for at most this many brokers (see {@link PortPlan}). */
    public static final int MAX_BROKERS = 9;

    private static final Set<String> FIELDS = Set.of("name", "brokers", "replicationFactor", "partitions",
            "minInsyncReplicas", "partitioning", "network", "brokerConfig");

    /** Properties the environment derives from the spec and the port plan; an env file may not override them. */
    static final Set<String> RESERVED_BROKER_PROPERTIES = Set.of("node.id", "process.roles", "listeners",
            "advertised.listeners", "listener.security.protocol.map", "inter.broker.listener.name",
            "controller.listener.names", "controller.quorum.voters", "controller.quorum.bootstrap.servers",
            "log.dirs", "log.dir", "min.insync.replicas", "default.replication.factor",
            "offsets.topic.replication.factor", "transaction.state.log.replication.factor",
            "transaction.state.log.min.isr");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private EnvSpecReader() {
    }

    /** Reads an env file; its name defaults to the file name without {@code .yaml}. */
    public static EnvSpec read(Path file) {
        String source = file.toString();
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new EnvSpecException(source, "(file)", "a readable YAML file (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        String fileName = file.getFileName().toString();
        return fromNode(root, source, fileName.replaceFirst("\\.ya?ml$", ""));
    }

    /** Validates an already parsed node, e.g. a scenario's inline {@code env:} block. */
    public static EnvSpec fromNode(JsonNode node, String source, String defaultName) {
        if (node == null || !node.isObject()) {
            throw new EnvSpecException(source, "(root)", "a mapping with brokers, replicationFactor, partitions, ...");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!FIELDS.contains(field)) {
                throw new EnvSpecException(source, field, "unknown key; expected one of " + FIELDS.stream().sorted().toList());
            }
        }
        String name = node.has("name") ? text(node, "name", source) : defaultName;
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new EnvSpecException(source, "name", "letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        int brokers = requiredInt(node, "brokers", source, 1, MAX_BROKERS, "between 1 and " + MAX_BROKERS);
        int rf = requiredInt(node, "replicationFactor", source, 1, brokers,
                "between 1 and brokers (" + brokers + ")");
        int partitions = requiredInt(node, "partitions", source, 1, 10_000, "at least 1");
        int minIsr = node.has("minInsyncReplicas")
                ? requiredInt(node, "minInsyncReplicas", source, 1, rf, "between 1 and replicationFactor (" + rf + ")")
                : 1;
        Partitioning partitioning = node.has("partitioning")
                ? choice(node, "partitioning", source, Partitioning.values(), Partitioning::yamlName)
                : Partitioning.KEY;
        Network network = node.has("network")
                ? choice(node, "network", source, Network.values(), Network::yamlName)
                : Network.PROXIED;
        return new EnvSpec(name, brokers, rf, partitions, minIsr, partitioning, network,
                brokerConfig(node.get("brokerConfig"), source, brokers));
    }

    private static Map<String, Map<String, String>> brokerConfig(JsonNode node, String source, int brokers) {
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return result;
        }
        if (!node.isObject()) {
            throw new EnvSpecException(source, "brokerConfig", "a mapping of 'all' or a broker id to broker properties");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> target = it.next();
            String key = target.getKey();
            String field = "brokerConfig." + key;
            if (!key.equals(EnvSpec.ALL_BROKERS) && !isBrokerId(key, brokers)) {
                throw new EnvSpecException(source, field, "'all' or a broker id from 1 to " + brokers);
            }
            if (!target.getValue().isObject()) {
                throw new EnvSpecException(source, field, "a mapping of broker property to value");
            }
            Map<String, String> props = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> p = target.getValue().fields(); p.hasNext(); ) {
                Map.Entry<String, JsonNode> prop = p.next();
                String propField = field + "." + prop.getKey();
                if (RESERVED_BROKER_PROPERTIES.contains(prop.getKey())) {
                    throw new EnvSpecException(source, propField,
                            "a property the environment does not set itself (use brokers/replicationFactor/minInsyncReplicas instead)");
                }
                if (!prop.getValue().isValueNode() || prop.getValue().isNull()) {
                    throw new EnvSpecException(source, propField, "a scalar value (number, string or boolean)");
                }
                props.put(prop.getKey(), prop.getValue().asText());
            }
            result.put(key, props);
        }
        return result;
    }

    private static boolean isBrokerId(String key, int brokers) {
        if (!key.matches("[1-9][0-9]*")) {
            return false;
        }
        int id = Integer.parseInt(key);
        return id <= brokers;
    }

    private static String text(JsonNode node, String field, String source) {
        JsonNode value = node.get(field);
        if (!value.isTextual()) {
            throw new EnvSpecException(source, field, "a string, got " + value);
        }
        return value.asText();
    }

    private static int requiredInt(JsonNode node, String field, String source, int min, int max, String expected) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new EnvSpecException(source, field, "required: an integer " + expected);
        }
        if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
            throw new EnvSpecException(source, field, "an integer " + expected + ", got " + value);
        }
        return value.asInt();
    }

    private static <E extends Enum<E>> E choice(JsonNode node, String field, String source, E[] values,
                                                java.util.function.Function<E, String> yamlName) {
        String value = node.get(field).asText();
        return Arrays.stream(values).filter(v -> yamlName.apply(v).equals(value)).findFirst()
                .orElseThrow(() -> new EnvSpecException(source, field, "one of "
                        + Arrays.stream(values).map(yamlName).collect(Collectors.joining(", ")) + ", got '" + value + "'"));
    }
}
