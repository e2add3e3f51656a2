package io.supplychaos.chaos;

/**
 * A fault on one supply-chain app instance: whether the instance must be running or stopped to
 * take it, and what inject and heal do to the bound instance ({@link AppFault}). Both look at the
 * instance first, so both are idempotent.
 */
interface AppFaultDefinition extends FaultDefinition {

    /** What state an instance must be in to take the fault. */
    enum Needs { RUNNING, STOPPED, ANY }

    @Override
    default FaultType.Kind actsOn() {
        return FaultType.Kind.APP;
    }

    Needs needs();

    void inject(AppFault app);

    /** Undoes what inject did; nothing for repairs and restarts. */
    default void heal(AppFault app) {
    }
}
