package io.supplychaos.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.supplychaos.spec.Rule;

/**
 * One attribute a fault takes ({@code ms}, {@code link}, ...), with the rule its value must meet.
 * The same rule serves a scenario's {@code faults:} entry and the CLI verb's option, so both refuse
 * a bad value with the same words.
 *
 * @param name     the name in a scenario file; the CLI option is its kebab-case form ({@code --average-size})
 * @param rule     what a value must be
 * @param required whether the fault needs it
 */
public record FaultAttribute(String name, Rule<?> rule, boolean required) {

    /** Longest latency, reset delay or slice pause a fault may add: longer is an outage, which {@code cut} models. */
    static final long MAX_DELAY_MS = Duration.ofMinutes(1).toMillis();
    static final long MAX_TIMEOUT_MS = Duration.ofHours(1).toMillis();
    static final long MAX_KBPS = 10_000_000;
    static final long MAX_SLICE_BYTES = 1024 * 1024;

    static final FaultAttribute LINK = optional("link", Rule.oneOf(List.of("client", "replication", "both")));
    static final FaultAttribute STREAM = optional("stream", Rule.oneOf(List.of("upstream", "downstream", "both")));
    static final FaultAttribute TOXICITY = optional("toxicity", Rule.decimal(0, 1, null));

    static FaultAttribute required(String name, Rule<?> rule) {
        return new FaultAttribute(name, rule, true);
    }

    static FaultAttribute optional(String name, Rule<?> rule) {
        return new FaultAttribute(name, rule, false);
    }

    static Rule<Long> millis(long max) {
        return Rule.whole(0, max, "milliseconds", null);
    }

    /**
     * Checks the value {@code given} has for {@code name} against a rule that depends on another
     * value (jitter at most ms), in the words a value out of its own range gets.
     */
    static void within(String fault, Map<String, String> given, String name, Rule<Long> rule) {
        if (rule.parse(given.get(name)).isEmpty()) {
            throw new FaultAttributeException(fault, name, rule.refusal(given.get(name)));
        }
    }

    /** The CLI option that sets this attribute: {@code averageSize} is {@code --average-size}. */
    public String option() {
        return "--" + name.replaceAll("([A-Z])", "-$1").toLowerCase();
    }
}
