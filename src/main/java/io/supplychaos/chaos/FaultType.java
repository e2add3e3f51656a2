package io.supplychaos.chaos;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.supplychaos.spec.Rule;

/**
 * Every fault the tool can inject, under the name the CLI verb and a scenario's {@code action:}
 * use, with the attributes it takes (in Toxiproxy's vocabulary for network faults) and the rule
 * each attribute's value must meet. {@link #checkAttributes} is the one check that a scenario's
 * fault and a CLI verb both go through, so both refuse a bad value with the same words.
 */
public enum FaultType {
    KILL_BROKER("kill-broker", Kind.BROKER),
    STOP_BROKER("stop-broker", Kind.BROKER),
    START_BROKER("start-broker", Kind.BROKER),
    RESTART_BROKER("restart-broker", Kind.BROKER),
    PAUSE_BROKER("pause-broker", Kind.BROKER),
    RESUME_BROKER("resume-broker", Kind.BROKER),
    /** Toxiproxy latency: ms, optional jitter (at most ms: a delay never goes below zero). */
    DELAY("delay", Kind.NETWORK, FaultAttribute.required("ms", FaultAttribute.millis(FaultAttribute.MAX_DELAY_MS)),
            FaultAttribute.optional("jitter", FaultAttribute.millis(FaultAttribute.MAX_DELAY_MS)),
            FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY),
    /** Toxiproxy bandwidth: rate in KB/s. */
    BANDWIDTH("bandwidth", Kind.NETWORK, FaultAttribute.required("kbps", Rule.whole(1, FaultAttribute.MAX_KBPS, "KB/s", null)),
            FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY),
    /** The proxy disabled: connections refused and dropped (the whole proxy: no stream, no toxicity). */
    CUT("cut", Kind.NETWORK, FaultAttribute.LINK),
    /** Toxiproxy reset_peer: connections reset (after timeout ms). */
    RESET_PEER("reset-peer", Kind.NETWORK, FaultAttribute.optional("timeout", FaultAttribute.millis(FaultAttribute.MAX_TIMEOUT_MS)),
            FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY),
    /** Toxiproxy timeout: data stops, connection closed after ms (0 = never). */
    TIMEOUT("timeout", Kind.NETWORK, FaultAttribute.required("ms", FaultAttribute.millis(FaultAttribute.MAX_TIMEOUT_MS)),
            FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY),
    /** Toxiproxy slicer: data cut in small pieces (sizeVariation smaller than averageSize) with a delay between them. */
    SLICE("slice", Kind.NETWORK,
            FaultAttribute.optional("averageSize", Rule.whole(1, FaultAttribute.MAX_SLICE_BYTES, "bytes", null)),
            FaultAttribute.optional("sizeVariation", Rule.whole(0, FaultAttribute.MAX_SLICE_BYTES, "bytes", null)),
            FaultAttribute.optional("delayUs", Rule.whole(0, FaultAttribute.MAX_DELAY_MS * 1000, "microseconds", null)),
            FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY),
    /** Removes every toxic, re-enables every proxy, resumes paused brokers. */
    HEAL("heal", Kind.ENVIRONMENT),
    KILL_APP("kill-app", Kind.APP),
    RESTART_APP("restart-app", Kind.APP);

    /** What a fault acts on. */
    public enum Kind { BROKER, NETWORK, APP, ENVIRONMENT }

    /** Slice's average size when none is given (Toxiproxy's slicer needs one). */
    static final long DEFAULT_SLICE_SIZE = 1024;

    private final String cliName;
    private final Kind kind;
    private final List<FaultAttribute> attributes;

    FaultType(String cliName, Kind kind, FaultAttribute... attributes) {
        this.cliName = cliName;
        this.kind = kind;
        this.attributes = List.of(attributes);
    }

    /**
     * True for actions that leave nothing in place to heal: repairs (start, resume, heal) and
     * one-off disruptions (restart).
     */
    public boolean isInstantaneous() {
        return this == START_BROKER || this == RESTART_BROKER || this == RESUME_BROKER || this == HEAL
                || this == RESTART_APP;
    }

    /** True for repairs, which end the lasting faults they undo (start ends kill, resume ends pause, heal ends all). */
    public boolean isRepair() {
        return this == START_BROKER || this == RESUME_BROKER || this == HEAL;
    }

    public String cliName() {
        return cliName;
    }

    public Kind kind() {
        return kind;
    }

    public Set<String> requiredAttributes() {
        return attributes.stream().filter(FaultAttribute::required).map(FaultAttribute::name)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Every attribute this fault takes, its own first, then link, stream and toxicity. */
    public List<FaultAttribute> attributes() {
        return attributes;
    }

    /** Whether this fault takes the attribute. */
    public boolean accepts(String attribute) {
        return attributes.stream().anyMatch(a -> a.name().equals(attribute));
    }

    /**
     * Checks attributes as a scenario or the CLI gives them: each known to this fault, the required
     * ones present, every value within its rule, and the rules between values (jitter at most ms,
     * sizeVariation smaller than averageSize).
     *
     * @throws FaultAttributeException naming the first attribute at fault and what was expected
     */
    public void checkAttributes(Map<String, String> given) {
        for (String name : given.keySet()) {
            if (!accepts(name)) {
                throw new FaultAttributeException(this, name, "not an attribute of " + cliName + "; it takes "
                        + (attributes.isEmpty() ? "none" : attributes.stream().map(FaultAttribute::name)
                        .collect(Collectors.joining(", "))));
            }
        }
        for (FaultAttribute attribute : attributes) {
            String value = given.get(attribute.name());
            if (value == null) {
                if (attribute.required()) {
                    throw new FaultAttributeException(this, attribute.name(), "required by " + cliName + ": "
                            + attribute.rule().expected());
                }
                continue;
            }
            if (attribute.rule().parse(value).isEmpty()) {
                throw new FaultAttributeException(this, attribute.name(), attribute.rule().refusal(value));
            }
        }
        if (this == DELAY && given.containsKey("jitter")) {
            long ms = Long.parseLong(given.get("ms").trim().replace("_", ""));
            between(given, "jitter", Rule.whole(0, ms, "milliseconds", "at most ms"));
        }
        if (this == SLICE && given.containsKey("sizeVariation")) {
            long average = given.containsKey("averageSize")
                    ? Rule.whole(1, Long.MAX_VALUE).parse(given.get("averageSize")).orElseThrow() : DEFAULT_SLICE_SIZE;
            between(given, "sizeVariation", Rule.whole(0, average - 1, "bytes", "smaller than averageSize"));
        }
    }

    private void between(Map<String, String> given, String name, Rule<Long> rule) {
        if (rule.parse(given.get(name)).isEmpty()) {
            throw new FaultAttributeException(this, name, rule.refusal(given.get(name)));
        }
    }

    public static Optional<FaultType> byCliName(String name) {
        return Arrays.stream(values()).filter(type -> type.cliName.equals(name)).findFirst();
    }

    public static String cliNames() {
        return String.join(", ", Arrays.stream(values()).map(FaultType::cliName).toList());
    }
}
