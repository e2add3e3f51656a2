package io.supplychaos.env;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;

/**
 * Reads and validates environment definitions (an env file, or the {@code env:} node of a scenario)
 * into {@link EnvSpec}. Reads the given file only; every problem is an {@link EnvSpecException}
 * (a {@code ScenarioException} for a scenario's inline block) naming the file, the field, its line
 * and column and what was expected, in the wording of {@link io.supplychaos.spec}.
 */
public final class EnvSpecReader {

    /** Ports are planned for at most this many brokers (see {@link PortPlan}). */
    public static final int MAX_BROKERS = 9;
    static final int MAX_PARTITIONS = 10_000;

    /** The fields only one kind takes, with the kind (in the order a schema lists them). */
    private static final Map<String, EnvKind> KIND_FIELDS = kindFields();
    /** The fields a kind cannot do without, beside brokers, replicationFactor and partitions. */
    private static final Map<EnvKind, List<String>> KIND_REQUIRES = Map.of(EnvKind.EXTERNAL, List.of("bootstrapServers"),
            EnvKind.KUBERNETES, List.of("kubernetes"));
    /** The kind that reads its brokers' own JMX, so takes no metrics block. */
    private static final EnvKind OWN_METRICS = EnvKind.EMBEDDED;
    /** The compose file of {@code kind: compose} when none is named: the repo's, beside env/. */
    static final String DEFAULT_COMPOSE_FILE = "../docker-compose.yml";

    /** Properties the environment derives from the spec and the port plan; an env file may not override them. */
    static final Set<String> RESERVED_BROKER_PROPERTIES = Set.of("node.id", "process.roles", "listeners",
            "advertised.listeners", "listener.security.protocol.map", "inter.broker.listener.name",
            "controller.listener.names", "controller.quorum.voters", "controller.quorum.bootstrap.servers",
            "log.dirs", "log.dir", "min.insync.replicas", "default.replication.factor",
            "offsets.topic.replication.factor", "transaction.state.log.replication.factor",
            "transaction.state.log.min.isr");

    /** A broker property name as Kafka spells them; anything else could break server.properties' syntax. */
    private static final Pattern PROPERTY_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private static final Rule<Long> BROKERS = Rule.whole(1, MAX_BROKERS);
    private static final Rule<Long> PARTITIONS = Rule.whole(1, MAX_PARTITIONS);
    private static final Rule<String> PROTOCOL = Rule.oneOf(List.of(ListenerSecurity.SASL_SSL));
    private static final Rule<String> MECHANISM = Rule.oneOf(ListenerSecurity.MECHANISMS);

    private static final Shape.Keys SECURITY = Shape.keys(
            Shape.optional("protocol", PROTOCOL, "The client listener's protocol"),
            Shape.optional("mechanism", MECHANISM, "The SASL mechanism (default SCRAM-SHA-512)"));

    /** An env file, or a scenario's inline {@code env:} block: every key the reader takes. */
    public static final Shape.Keys SHAPE = shape();

    private EnvSpecReader() {
    }

    /** Reads an env file; its name defaults to the file name without {@code .yaml}. */
    public static EnvSpec read(Path file) {
        SpecNode root = SpecFile.read(file, EnvSpecException::new);
        return fromNode(root, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    /** Validates an already parsed node, e.g. a scenario's inline {@code env:} block. */
    public static EnvSpec fromNode(SpecNode node, String defaultName) {
        node.mapping("with brokers, replicationFactor, partitions, ...").only(SHAPE);
        String name = node.has("name") ? node.get("name").text() : defaultName;
        if (!NAME.matcher(name).matches()) {
            throw node.get("name").refuse("letters, digits, '.', '_' or '-'");
        }
        EnvKind kind = node.has("kind") ? node.get("kind").choice(EnvKind.values(), EnvKind::yamlName) : EnvKind.EMBEDDED;
        for (Map.Entry<String, EnvKind> field : KIND_FIELDS.entrySet()) {
            if (node.has(field.getKey()) && field.getValue() != kind) {
                throw node.get(field.getKey()).error("no " + field.getKey() + " in an env of kind: " + kind.yamlName()
                        + " (it is for kind: " + field.getValue().yamlName() + ")");
            }
        }
        int brokers = Math.toIntExact(node.get("brokers").as(BROKERS));
        int rf = Math.toIntExact(node.get("replicationFactor").as(Rule.whole(1, brokers, null, "at most brokers")));
        int partitions = Math.toIntExact(node.get("partitions").as(PARTITIONS));
        int minIsr = Math.toIntExact(node.get("minInsyncReplicas").as(
                Rule.whole(1, rf, null, "at most replicationFactor"), 1L));
        Partitioning partitioning = node.has("partitioning")
                ? node.get("partitioning").choice(Partitioning.values(), Partitioning::yamlName) : Partitioning.KEY;
        Network network = node.has("network")
                ? node.get("network").choice(Network.values(), Network::yamlName) : Network.PROXIED;
        Map<String, String> clientConfig = ClientConfigReader.read(node.get("clientConfig"));
        ListenerSecurity security = node.has("security") ? security(node.get("security")) : null;
        if (security != null && network.throughProtocolProxy()) {
            throw node.get("network").refuse("proxied or direct with security: the protocol proxy reads Kafka's frames, "
                    + "which TLS encrypts");
        }
        if (security != null && !clientConfig.isEmpty()) {
            throw node.get("clientConfig").error("no clientConfig with security: the embedded env writes its own "
                    + "(truststore and credentials it generates at up)");
        }
        ExternalTarget external = kind == EnvKind.EXTERNAL ? ExternalTargetReader.read(node, brokers) : null;
        ComposeTarget compose = kind == EnvKind.COMPOSE ? new ComposeTarget(ClientConfigReader.besideSource(node,
                node.has("composeFile") ? node.get("composeFile").text() : DEFAULT_COMPOSE_FILE).toString(),
                node.has("composeOverride") ? ClientConfigReader.besideSource(node, node.get("composeOverride").text()).toString()
                        : null) : null;
        if (kind == OWN_METRICS && node.has("metrics")) {
            throw node.get("metrics").error("no metrics in an env of kind: embedded (its brokers' own JMX is read)");
        }
        KubernetesTarget kubernetes = null;
        if (kind == EnvKind.KUBERNETES) {
            if (!node.has("kubernetes")) {
                throw node.get("kubernetes").error("required for kind: kubernetes: a mapping with namespace and cluster "
                        + "(the Strimzi Kafka resource)");
            }
            kubernetes = KubernetesTarget.fromNode(node.get("kubernetes"));
        }
        MetricsSource metrics = MetricsSource.fromNode(node.get("metrics"), brokers);
        return new EnvSpec(name, brokers, rf, partitions, minIsr, partitioning, network,
                brokerConfig(node.get("brokerConfig"), brokers), kind, clientConfig, security, external, compose, kubernetes, metrics);
    }

    private static Map<String, EnvKind> kindFields() {
        Map<String, EnvKind> fields = new LinkedHashMap<>();
        fields.put("network", EnvKind.EMBEDDED);
        fields.put("brokerConfig", EnvKind.EMBEDDED);
        fields.put("security", EnvKind.EMBEDDED);
        fields.put("bootstrapServers", EnvKind.EXTERNAL);
        fields.put("toxiproxy", EnvKind.EXTERNAL);
        fields.put("brokerCommands", EnvKind.EXTERNAL);
        fields.put("hosts", EnvKind.EXTERNAL);
        fields.put("composeFile", EnvKind.COMPOSE);
        fields.put("composeOverride", EnvKind.COMPOSE);
        fields.put("kubernetes", EnvKind.KUBERNETES);
        return Collections.unmodifiableMap(fields);
    }

    private static Shape.Keys shape() {
        List<Shape.Field> fields = new ArrayList<>(List.of(
                Shape.optional("name", Rule.matching(NAME, "letters, digits, '.', '_' or '-'"),
                        "The env's name; absent: the file's name without .yaml"),
                Shape.optional("kind", Shape.choice(EnvKind.values(), EnvKind::yamlName),
                        "Where the cluster comes from (default embedded: local broker processes the tool starts)"),
                Shape.required("brokers", BROKERS, "How many brokers"),
                Shape.required("replicationFactor", Rule.whole(1, MAX_BROKERS, null, "at most brokers"),
                        "Replicas of every topic partition"),
                Shape.required("partitions", PARTITIONS, "Partitions of every pipeline topic"),
                Shape.optional("minInsyncReplicas", Rule.whole(1, MAX_BROKERS, null, "at most replicationFactor"),
                        "min.insync.replicas of the topics (default 1)"),
                Shape.optional("partitioning", Shape.choice(Partitioning.values(), Partitioning::yamlName),
                        "How workloads spread orders over partitions (default key)"),
                Shape.optional("network", Shape.choice(Network.values(), Network::yamlName),
                        "Whether traffic goes through Toxiproxy (default proxied), straight to the brokers, or through Toxiproxy and the protocol proxy (protocol)"),
                Shape.optional("brokerConfig", new Shape.MapOf(namesOrAll(), "all or a broker id",
                                new Shape.MapOf(brokerPropertyNames(), "broker properties", Shape.scalar("a value on one line"))),
                        "server.properties settings for all brokers or one broker id"),
                Shape.optional("security", SECURITY, "A secured client listener (SASL_SSL) the env sets up itself"),
                Shape.optional("clientConfig", ClientConfigReader.SHAPE,
                        "Kafka client configs for reaching the cluster, or the path of a properties file")));
        fields.addAll(ExternalTargetReader.FIELDS);
        fields.add(Shape.optional("composeFile", Shape.text("a path relative to the env file"),
                "The compose file that runs the cluster (default " + DEFAULT_COMPOSE_FILE + ")"));
        fields.add(Shape.optional("composeOverride", Shape.text("a path relative to the env file"),
                "A compose file laid over it (-f FILE -f OVERRIDE), e.g. ../docker/local-images.yml for locally built images"));
        fields.add(Shape.optional("metrics", MetricsSource.SHAPE,
                "Where broker metrics come from: remote JMX, Prometheus, or none (not for kind embedded)"));
        fields.add(Shape.optional("kubernetes", KubernetesTarget.SHAPE,
                "The Strimzi cluster to run against (required for kind: kubernetes)"));
        List<Shape.Constraint> constraints = new ArrayList<>();
        for (EnvKind kind : EnvKind.values()) {
            List<String> forbidden = new ArrayList<>();
            KIND_FIELDS.forEach((field, owner) -> {
                if (owner != kind) {
                    forbidden.add(field);
                }
            });
            if (kind == OWN_METRICS) {
                forbidden.add("metrics");
            }
            constraints.add(new Shape.When("kind", kind.yamlName(), kind == EnvKind.EMBEDDED, forbidden,
                    KIND_REQUIRES.getOrDefault(kind, List.of()), List.of(), false));
        }
        constraints.add(new Shape.NotTogether("security", "clientConfig"));
        return new Shape.Keys(List.copyOf(fields), true, List.of()).and(constraints.toArray(Shape.Constraint[]::new));
    }

    /** {@code all}, or a broker id as {@link #brokerConfig} reads it. */
    private static Map<String, Object> namesOrAll() {
        String ids = (String) Shape.wholeNames(MAX_BROKERS).get("pattern");
        return Shape.namesMatching(EnvSpec.ALL_BROKERS + "|" + ids.substring(1, ids.length() - 1));
    }

    /** A broker property name that the env does not set itself. */
    private static Map<String, Object> brokerPropertyNames() {
        Map<String, Object> names = Shape.namesMatching(PROPERTY_NAME.pattern());
        names.put("not", Shape.namesIn(RESERVED_BROKER_PROPERTIES.stream().sorted().toList()));
        return names;
    }

    private static ListenerSecurity security(SpecNode node) {
        node.mapping("with protocol and mechanism").only(SECURITY);
        String protocol = node.get("protocol").as(PROTOCOL, ListenerSecurity.SASL_SSL);
        String mechanism = node.get("mechanism").as(MECHANISM, "SCRAM-SHA-512");
        return new ListenerSecurity(protocol, mechanism);
    }

    private static Map<String, Map<String, String>> brokerConfig(SpecNode node, int brokers) {
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        if (!node.present()) {
            return result;
        }
        Rule<String> target = Rule.of("'" + EnvSpec.ALL_BROKERS + "' or a broker id from 1 to " + brokers,
                key -> key.equals(EnvSpec.ALL_BROKERS) || Rule.whole(1, brokers).parse(key).isPresent()
                        ? java.util.Optional.of(key) : java.util.Optional.empty());
        node.mapping("of 'all' or a broker id to broker properties");
        for (Map.Entry<String, SpecNode> entry : node.entries().entrySet()) {
            String key = entry.getKey();
            SpecNode properties = entry.getValue();
            if (target.parse(key).isEmpty()) {
                throw properties.error(target.refusal(key));
            }
            properties.mapping("of broker property to value");
            Map<String, String> props = new LinkedHashMap<>();
            for (Map.Entry<String, SpecNode> property : properties.entries().entrySet()) {
                SpecNode value = property.getValue();
                if (RESERVED_BROKER_PROPERTIES.contains(property.getKey())) {
                    throw value.error("a property the environment does not set itself (use brokers/replicationFactor/minInsyncReplicas instead)");
                }
                if (!PROPERTY_NAME.matcher(property.getKey()).matches()) {
                    throw value.error("a property name of letters, digits, '.', '_' or '-' (it becomes a line of server.properties)");
                }
                String text = value.scalar();
                if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
                    throw value.error("a value on one line: a line break would add lines to server.properties");
                }
                props.put(property.getKey(), text);
            }
            // "02" or "+2" is broker 2, and brokerOverrides looks up "2"
            result.put(key.equals(EnvSpec.ALL_BROKERS) ? key : Long.toString(Rule.whole(1, brokers).parse(key).orElseThrow()), props);
        }
        return result;
    }
}
