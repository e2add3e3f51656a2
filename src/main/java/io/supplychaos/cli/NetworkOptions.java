package io.supplychaos.cli;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where a network verb acts: which brokers' proxies ({@code --broker ID} or {@code --all}, the
 * default), which links ({@code --link client|replication|both}), which direction
 * ({@code --stream}) and how often ({@code --toxicity}). Touches nothing; the values are checked by
 * the fault type's attribute rules (the ones a scenario's faults meet) before any environment is looked at.
 */
final class NetworkOptions {

    @Option(names = "--broker", paramLabel = "ID", description = "Only this broker's proxies.")
    Integer broker;

    @Option(names = "--all", description = "Every broker's proxies (the default).")
    boolean all;

    @Option(names = "--link", paramLabel = "client|replication|both", description = "Client links (default), replication links or both.")
    String link;

    @Option(names = "--stream", paramLabel = "upstream|downstream|both",
            description = "Direction of the toxic: downstream (broker to client, the default), upstream or both.")
    String stream;

    @Option(names = "--toxicity", paramLabel = "0..1", description = "Share of connections the toxic affects (default 1).")
    String toxicity;

    /** The spec of {@code type} on these proxies with the verb's own attributes as name, value pairs (null values left out). */
    FaultSpec spec(FaultType type, Duration hold, Object... own) {
        if (broker != null && all) {
            throw new IllegalArgumentException("--broker and --all exclude each other");
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < own.length; i += 2) {
            put(attributes, (String) own[i], own[i + 1] == null ? null : own[i + 1].toString());
        }
        put(attributes, "link", link);
        put(attributes, "stream", stream);
        put(attributes, "toxicity", toxicity);
        return new FaultSpec(type, broker == null ? FaultTarget.all() : FaultTarget.broker(broker), attributes, null, hold);
    }

    private static void put(Map<String, String> attributes, String key, String value) {
        if (value != null) {
            attributes.put(key, value);
        }
    }
}
