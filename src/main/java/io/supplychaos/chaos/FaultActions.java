package io.supplychaos.chaos;

/**
 * Binds a {@link FaultSpec} to the running environment: resolves its target (the current leader
 * of a partition, the active controller, a seeded random broker, the broker killed last) and
 * returns the action that injects and heals it.
 */
public interface FaultActions {

    /** @throws IllegalArgumentException when the target does not exist or cannot take the fault */
    FaultAction bind(FaultSpec spec);
}
