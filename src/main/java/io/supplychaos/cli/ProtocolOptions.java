package io.supplychaos.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import picocli.CommandLine.Option;

/**
 * Where a protocol verb acts and on how much: which brokers' client links ({@code --broker ID} or
 * {@code --all}, the default), the share of matching requests ({@code --share}) and the request
 * versions ({@code --min-version}, {@code --max-version}). Touches nothing; the values are checked
 * by the fault type's attribute rules before any environment is looked at.
 */
final class ProtocolOptions {

    @Option(names = "--broker", paramLabel = "ID", description = "Only this broker's client link.")
    Integer broker;

    @Option(names = "--all", description = "Every broker's client link (the default).")
    boolean all;

    @Option(names = "--share", paramLabel = "0..1", description = "Share of the matching requests acted on (default 1).")
    String share;

    @Option(names = "--min-version", paramLabel = "V", description = "Only requests of this version or newer.")
    String minVersion;

    @Option(names = "--max-version", paramLabel = "V", description = "Only requests of this version or older.")
    String maxVersion;

    /** The spec of {@code type} on these links with the verb's own attributes as name, value pairs (null values left out). */
    FaultSpec spec(FaultType type, Duration hold, Object... own) {
        if (broker != null && all) {
            throw new IllegalArgumentException("--broker and --all exclude each other");
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < own.length; i += 2) {
            put(attributes, (String) own[i], own[i + 1] == null ? null : own[i + 1].toString());
        }
        put(attributes, "share", share);
        put(attributes, "minVersion", minVersion);
        put(attributes, "maxVersion", maxVersion);
        return new FaultSpec(type, broker == null ? FaultTarget.all() : FaultTarget.broker(broker), attributes, null, hold);
    }

    private static void put(Map<String, String> attributes, String key, String value) {
        if (value != null) {
            attributes.put(key, value);
        }
    }
}
