package io.supplychaos.env;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.supplychaos.env.kubernetes.KubernetesTarget;
import io.supplychaos.metrics.MetricsSource;
import io.supplychaos.spec.Rule;
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

    private static final Set<String> FIELDS = Set.of("name", "kind", "brokers", "replicationFactor", "partitions",
            "minInsyncReplicas", "partitioning", "network", "brokerConfig", "security", "clientConfig",
            "bootstrapServers", "toxiproxy", "brokerCommands", "hosts", "composeFile", "metrics", "kubernetes");
    /** The fields only one kind takes, with the kind. */
    private static final Map<String, EnvKind> KIND_FIELDS = Map.of("network", EnvKind.EMBEDDED, "brokerConfig",
            EnvKind.EMBEDDED, "security", EnvKind.EMBEDDED, "bootstrapServers", EnvKind.EXTERNAL, "toxiproxy",
            EnvKind.EXTERNAL, "brokerCommands", EnvKind.EXTERNAL, "hosts", EnvKind.EXTERNAL, "composeFile", EnvKind.COMPOSE, "kubernetes", EnvKind.KUBERNETES);
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

    private EnvSpecReader() {
    }

    /** Reads an env file; its name defaults to the file name without {@code .yaml}. */
    public static EnvSpec read(Path file) {
        SpecNode root = SpecFile.read(file, EnvSpecException::new);
        return fromNode(root, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    /** Validates an already parsed node, e.g. a scenario's inline {@code env:} block. */
    public static EnvSpec fromNode(SpecNode node, String defaultName) {
        node.mapping("with brokers, replicationFactor, partitions, ...").only(FIELDS);
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
        int brokers = Math.toIntExact(node.get("brokers").as(Rule.whole(1, MAX_BROKERS)));
        int rf = Math.toIntExact(node.get("replicationFactor").as(Rule.whole(1, brokers, null, "at most brokers")));
        int partitions = Math.toIntExact(node.get("partitions").as(Rule.whole(1, MAX_PARTITIONS)));
        int minIsr = Math.toIntExact(node.get("minInsyncReplicas").as(
                Rule.whole(1, rf, null, "at most replicationFactor"), 1L));
        Partitioning partitioning = node.has("partitioning")
                ? node.get("partitioning").choice(Partitioning.values(), Partitioning::yamlName) : Partitioning.KEY;
        Network network = node.has("network")
                ? node.get("network").choice(Network.values(), Network::yamlName) : Network.PROXIED;
        Map<String, String> clientConfig = ClientConfigReader.read(node.get("clientConfig"));
        ListenerSecurity security = node.has("security") ? security(node.get("security")) : null;
        if (security != null && !clientConfig.isEmpty()) {
            throw node.get("clientConfig").error("no clientConfig with security: the embedded env writes its own "
                    + "(truststore and credentials it generates at up)");
        }
        ExternalTarget external = kind == EnvKind.EXTERNAL ? ExternalTargetReader.read(node, brokers) : null;
        ComposeTarget compose = kind == EnvKind.COMPOSE ? new ComposeTarget(ClientConfigReader.besideSource(node,
                node.has("composeFile") ? node.get("composeFile").text() : DEFAULT_COMPOSE_FILE).toString()) : null;
        if (kind == EnvKind.EMBEDDED && node.has("metrics")) {
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

    private static ListenerSecurity security(SpecNode node) {
        node.mapping("with protocol and mechanism").only(Set.of("protocol", "mechanism"));
        String protocol = node.get("protocol").as(Rule.oneOf(List.of(ListenerSecurity.SASL_SSL)), ListenerSecurity.SASL_SSL);
        String mechanism = node.get("mechanism").as(Rule.oneOf(ListenerSecurity.MECHANISMS), "SCRAM-SHA-512");
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
