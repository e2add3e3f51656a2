package io.supplychaos.chaos;

import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * A broker fault bound to several brokers at once (a target {@code all} or {@code 1,3}), for the
 * faults that take several ({@link BrokerFaultDefinition#takesSeveral}): the fault's file injects
 * them together ({@link BrokerFaultDefinition#injectAll}); the heal starts them all at once, each on
 * a thread of its own, since a KRaft quorum whose voters are all down comes back only when a majority
 * starts together (one broker started alone waits for the others to register).
 */
final class BrokerSetFault implements FaultAction {
    private final FaultType type;
    private final String target;
    private final List<BrokerFault> brokers;

    BrokerSetFault(FaultType type, String target, List<BrokerFault> brokers) {
        this.type = type;
        this.target = target;
        this.brokers = List.copyOf(brokers);
    }

    @Override
    public void inject() {
        type.broker().injectAll(brokers);
    }

    @Override
    public void heal() {
        BrokerFault.eachAtOnce(brokers, type.broker()::heal);
    }

    /** When the last of its brokers went down (each as {@link BrokerFault#tookEffectAt} says), once all did. */
    @Override
    public OptionalLong tookEffectAt() {
        long last = 0;
        for (BrokerFault broker : brokers) {
            OptionalLong at = broker.tookEffectAt();
            if (at.isEmpty()) {
                return OptionalLong.empty();
            }
            last = Math.max(last, at.getAsLong());
        }
        return OptionalLong.of(last);
    }

    /** "power-loss all: power-loss 1 (dropped ...); power-loss 2 (...)". */
    @Override
    public String describe() {
        return type.cliName() + " " + target + ": " + brokers.stream().map(BrokerFault::describe).collect(Collectors.joining("; "));
    }
}
