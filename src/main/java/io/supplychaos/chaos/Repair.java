package io.supplychaos.chaos;

import java.util.Set;

/**
 * What a repair ends when it is injected: the lasting faults of {@code ends} in place on its own
 * target ({@code sameTarget}: a start-broker ends the kill of that broker) or anywhere (heal ends
 * every link fault and pause). Written once, in the repair's own file; a run's timeline, the live
 * page and the report all read it through {@link FaultType#ends}.
 */
public record Repair(Set<FaultType> ends, boolean sameTarget) {

    /** A fault that is no repair: it ends nothing. */
    public static final Repair NONE = new Repair(Set.of(), true);

    public Repair {
        ends = Set.copyOf(ends);
    }

    /** Ends the lasting faults of these types on the repair's own target. */
    static Repair onItsTarget(FaultType... ends) {
        return new Repair(Set.of(ends), true);
    }

    /** Ends the lasting faults of these types wherever they are. */
    static Repair everywhere(Set<FaultType> ends) {
        return new Repair(ends, false);
    }
}
