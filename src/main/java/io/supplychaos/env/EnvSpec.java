package io.supplychaos.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One Kafka environment as written in {@code env/*.yaml} or in a scenario's inline {@code env:}
 * block: broker count, topic layout and broker properties. Immutable and already validated when
 * built by {@link EnvSpecReader}; touches nothing.
 *
 * @param brokerConfig broker properties keyed by {@code all} or a broker id ("1".."n")
 */
public record EnvSpec(
        String name,
        int brokers,
        int replicationFactor,
        int partitions,
        int minInsyncReplicas,
        Partitioning partitioning,
        Network network,
        Map<String, Map<String, String>> brokerConfig) {

    public static final String ALL_BROKERS = "all";

    public EnvSpec {
        // insertion order kept: properties are written to server.properties in the file's order
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        brokerConfig.forEach((k, v) -> copy.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        brokerConfig = Collections.unmodifiableMap(copy);
    }

    /** The properties this env sets for one broker: {@code all} first, then the broker's own overrides. */
    public Map<String, String> brokerOverrides(int brokerId) {
        Map<String, String> merged = new LinkedHashMap<>(brokerConfig.getOrDefault(ALL_BROKERS, Map.of()));
        merged.putAll(brokerConfig.getOrDefault(String.valueOf(brokerId), Map.of()));
        return merged;
    }

    public boolean proxied() {
        return network == Network.PROXIED;
    }
}
