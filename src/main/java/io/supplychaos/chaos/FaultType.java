package io.supplychaos.chaos;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * Every fault the tool can inject, under the name the CLI verb and a scenario's {@code action:}
 * use, with the attributes it takes (in Toxiproxy's vocabulary for network faults).
 */
public enum FaultType {
    KILL_BROKER("kill-broker", Kind.BROKER, Set.of(), Set.of()),
    STOP_BROKER("stop-broker", Kind.BROKER, Set.of(), Set.of()),
    START_BROKER("start-broker", Kind.BROKER, Set.of(), Set.of()),
    RESTART_BROKER("restart-broker", Kind.BROKER, Set.of(), Set.of()),
    PAUSE_BROKER("pause-broker", Kind.BROKER, Set.of(), Set.of()),
    RESUME_BROKER("resume-broker", Kind.BROKER, Set.of(), Set.of()),
    /** Toxiproxy latency: ms, optional jitter. */
    DELAY("delay", Kind.NETWORK, Set.of("ms"), Set.of("jitter")),
    /** Toxiproxy bandwidth: rate in KB/s. */
    BANDWIDTH("bandwidth", Kind.NETWORK, Set.of("kbps"), Set.of()),
    /** The proxy disabled: connections refused and dropped. */
    CUT("cut", Kind.NETWORK, Set.of(), Set.of()),
    /** Toxiproxy reset_peer: connections reset (after timeout ms). */
    RESET_PEER("reset-peer", Kind.NETWORK, Set.of(), Set.of("timeout")),
    /** Toxiproxy timeout: data stops, connection closed after ms (0 = never). */
    TIMEOUT("timeout", Kind.NETWORK, Set.of("ms"), Set.of()),
    /** Toxiproxy slicer: data cut in small pieces with a delay between them. */
    SLICE("slice", Kind.NETWORK, Set.of(), Set.of("averageSize", "sizeVariation", "delayUs")),
    /** Removes every toxic, re-enables every proxy, resumes paused brokers. */
    HEAL("heal", Kind.ENVIRONMENT, Set.of(), Set.of()),
    KILL_APP("kill-app", Kind.APP, Set.of(), Set.of()),
    RESTART_APP("restart-app", Kind.APP, Set.of(), Set.of());

    /** What a fault acts on. */
    public enum Kind { BROKER, NETWORK, APP, ENVIRONMENT }

    /** Attributes every network fault takes besides its own. */
    public static final Set<String> NETWORK_ATTRIBUTES = Set.of("link", "stream", "toxicity");

    private final String cliName;
    private final Kind kind;
    private final Set<String> required;
    private final Set<String> optional;

    FaultType(String cliName, Kind kind, Set<String> required, Set<String> optional) {
        this.cliName = cliName;
        this.kind = kind;
        this.required = required;
        this.optional = optional;
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
        return required;
    }

    /** Attributes this fault accepts besides the required ones. */
    public boolean accepts(String attribute) {
        return required.contains(attribute) || optional.contains(attribute)
                || kind == Kind.NETWORK && NETWORK_ATTRIBUTES.contains(attribute);
    }

    public static Optional<FaultType> byCliName(String name) {
        return Arrays.stream(values()).filter(type -> type.cliName.equals(name)).findFirst();
    }

    public static String cliNames() {
        return String.join(", ", Arrays.stream(values()).map(FaultType::cliName).toList());
    }
}
