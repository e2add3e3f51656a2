package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.supplychaos.env.ExternalTarget.BrokerCommand;

/**
 * One fault type, whole, in a file of its own: its name (the CLI verb and a scenario's
 * {@code action:}), what it acts on, the attributes it takes and the rules between their values,
 * how it reads on the console, charts and tables, whether it lasts or is a moment, which lasting
 * faults it ends when it is a repair, and how each env kind does it (the {@code brokerCommands}
 * an external env needs, what a Kubernetes env does or why it cannot). The subtypes add the action
 * a bound fault performs ({@link BrokerFaultDefinition}, {@link NetworkFaultDefinition},
 * {@link AppFaultDefinition}; {@link Heal} acts on the whole env). {@link FaultType} lists them, one
 * line each, and is what the rest of the code asks: a new fault is a file here and a line there.
 */
interface FaultDefinition {

    /** The CLI verb and a scenario's {@code action:}: "kill-broker". */
    String name();

    /** What it does, in a few words, for the docs' fault table: "SIGKILL (a crash)". */
    String summary();

    FaultType.Kind actsOn();

    /** Every attribute it takes, its own first, then link, stream and toxicity for network faults. */
    default List<FaultAttribute> attributes() {
        return List.of();
    }

    /**
     * The rules between attribute values, checked once each value met its own rule (jitter at most
     * ms); throws a {@link FaultAttributeException} naming the attribute.
     */
    default void checkBetween(Map<String, String> given) {
    }

    /** The target it takes when none is given (start-broker: the broker killed last); empty: it needs one. */
    default Optional<FaultTarget> defaultTarget() {
        return Optional.empty();
    }

    /** What it does with its figures and units, for labels: "delay 100 ms ± 20 ms"; its name by default. */
    default String what(FaultSpec spec) {
        return name();
    }

    /**
     * True when it leaves nothing in place to heal: a repair (start, resume, heal) or a one-off
     * disruption (restart); false for a fault that lasts until its heal or a repair ends it.
     */
    default boolean instantaneous() {
        return false;
    }

    /** The lasting faults it ends when injected; {@link Repair#NONE} for all but repairs. */
    default Repair repair() {
        return Repair.NONE;
    }

    /**
     * The {@code brokerCommands} an external env needs for it, the one that undoes it included (a
     * kill needs the start that heals it); none for faults that need no broker command.
     */
    default List<BrokerCommand> externalCommands() {
        return List.of();
    }

    /** How a Kubernetes env does it, or why it cannot. */
    OnKubernetes onKubernetes();

    /**
     * Why it needs the brokers' log dirs on this machine, when it does: an env kind that does not run
     * its brokers as local processes refuses it with these words. Empty for the faults that do not.
     */
    default Optional<String> needsLocalLogDirs() {
        return Optional.empty();
    }
}
