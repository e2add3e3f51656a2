package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * One fault, immutable: what, on what, with which attributes, when (from the start of the
 * measured phase, for scheduled faults) and for how long (null = until healed by hand or by a
 * later fault). The same spec serves a scenario's {@code faults:} list and a CLI verb.
 *
 * @param attributes Toxiproxy-style attributes (ms, jitter, kbps, link, stream, toxicity, ...)
 */
public record FaultSpec(FaultType type, FaultTarget target, Map<String, String> attributes, Duration start,
                        Duration duration) {

    public FaultSpec {
        Objects.requireNonNull(type, "type");
        attributes = Map.copyOf(attributes);
        start = start == null ? Duration.ZERO : start;
    }

    public String attribute(String name, String fallback) {
        return attributes.getOrDefault(name, fallback);
    }

    /** "kill-broker leader-of order-placed:0", "delay all ms=100 link=client": for logs and reports. */
    public String describe() {
        StringBuilder text = new StringBuilder(type.cliName());
        if (target != null) {
            text.append(' ').append(target);
        }
        new java.util.TreeMap<>(attributes).forEach((key, value) -> text.append(' ').append(key).append('=').append(value));
        if (duration != null) {
            text.append(" for ").append(duration.toMillis()).append("ms");
        }
        return text.toString();
    }
}
