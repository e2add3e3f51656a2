package io.supplychaos.chaos;

import java.util.Set;

import io.supplychaos.env.ProcessControl;

/**
 * A fault on one broker process: the states the broker can take it in, and what inject and heal
 * do to the bound broker ({@link BrokerFault}). Inject and heal look at the broker's state first, so
 * both are idempotent.
 */
interface BrokerFaultDefinition extends FaultDefinition {

    @Override
    default FaultType.Kind actsOn() {
        return FaultType.Kind.BROKER;
    }

    /** The states a broker can take this fault in; a random pick is among the brokers in one of them. */
    Set<ProcessControl.State> takesBrokerIn();

    void inject(BrokerFault broker);

    /** Undoes what inject did; nothing for repairs and restarts. */
    default void heal(BrokerFault broker) {
    }

    /** Injects it on several brokers at once (a target {@code all} or {@code 1,3}); one by one unless the fault says otherwise. */
    default void injectAll(java.util.List<BrokerFault> brokers) {
        brokers.forEach(this::inject);
    }

    /** Whether it takes several brokers at once (a target {@code all} or a set {@code 1,3}). */
    default boolean takesSeveral() {
        return false;
    }

    /** True while in place the broker is down (killed, stopped): the run is judged with it down. */
    default boolean holdsBrokerDown() {
        return false;
    }
}
