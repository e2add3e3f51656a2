package io.supplychaos.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;


/**
 * One Kafka environment as written in {@code env/*.yaml} or in a scenario's inline {@code env:}
 * block: where its cluster comes from ({@link EnvKind}), broker count, topic layout, broker
 * properties and what clients need to reach it. Immutable and already validated when built by
 * {@link EnvSpecReader}; touches nothing.
 *
 * @param brokerConfig broker properties keyed by {@code all} or a broker id ("1".."n"); embedded only
 * @param clientConfig client properties every client of the tool uses (security.protocol, sasl.*, ssl.*)
 * @param security     the embedded env's client listener security; null: plaintext
 * @param external     the cluster of {@code kind: external}; null for other kinds
 * @param compose      the compose file of {@code kind: compose}; null for other kinds
 * @param kubernetes   the Strimzi cluster of {@code kind: kubernetes}; null for other kinds
 * @param metrics      where broker metrics come from on a cluster the tool did not start (remote JMX,
 *                     a Prometheus scrape, none); the embedded env reads its brokers' local JMX
 */
public record EnvSpec(
        String name,
        int brokers,
        int replicationFactor,
        int partitions,
        int minInsyncReplicas,
        Partitioning partitioning,
        Network network,
        Map<String, Map<String, String>> brokerConfig,
        EnvKind kind,
        Map<String, String> clientConfig,
        ListenerSecurity security,
        ExternalTarget external,
        ComposeTarget compose,
        KubernetesTarget kubernetes,
        MetricsSource metrics) {

    public static final String ALL_BROKERS = "all";

    public EnvSpec {
        // insertion order kept: properties are written to server.properties in the file's order
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        brokerConfig.forEach((k, v) -> copy.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        brokerConfig = Collections.unmodifiableMap(copy);
        kind = kind == null ? EnvKind.EMBEDDED : kind;
        clientConfig = clientConfig == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(clientConfig));
        metrics = metrics == null ? MetricsSource.none() : metrics;
    }

    /** An embedded env with plaintext listeners. */
    public EnvSpec(String name, int brokers, int replicationFactor, int partitions, int minInsyncReplicas,
                   Partitioning partitioning, Network network, Map<String, Map<String, String>> brokerConfig) {
        this(name, brokers, replicationFactor, partitions, minInsyncReplicas, partitioning, network, brokerConfig,
                EnvKind.EMBEDDED, Map.of(), null, null, null, null, null);
    }

    /** The properties this env sets for one broker: {@code all} first, then the broker's own overrides. */
    public Map<String, String> brokerOverrides(int brokerId) {
        Map<String, String> merged = new LinkedHashMap<>(brokerConfig.getOrDefault(ALL_BROKERS, Map.of()));
        merged.putAll(brokerConfig.getOrDefault(String.valueOf(brokerId), Map.of()));
        return merged;
    }

    /** Whether network faults have proxies to act on: a proxied embedded env, or a foreign one with Toxiproxy. */
    public boolean proxied() {
        return switch (kind) {
            case EMBEDDED -> network.throughToxiproxy();
            case COMPOSE -> true;
            case EXTERNAL -> external.toxiproxy() != null;
            case KUBERNETES -> false;
        };
    }
}
