package io.supplychaos.chaos;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.supplychaos.env.ProcessControl;

/**
 * {@code power-loss}: the broker's machine loses its power. SIGKILL, then every partition log of the
 * broker loses what Kafka had not fsynced (the page cache a SIGKILL keeps): it is cut back at the
 * recovery point Kafka checkpointed, or further on when the broker's {@code log.flush.interval.messages}
 * flushed more (the backend's {@link FaultBackend#dropUnflushed}); the KRaft metadata log, which is
 * fsynced, stays. Takes one broker, a set ({@code 1,3}) or all: all are killed before any log is
 * cut, as one outage. Lasts until the brokers are started again (its own heal, or start-broker);
 * Kafka then recovers each log from its recovery point. Only where the tool reaches the brokers' log
 * dirs: the embedded env.
 */
final class PowerLoss implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "power-loss";
    }

    @Override
    public String summary() {
        return "SIGKILL, then each partition log cut back to what Kafka had fsynced (its checkpointed recovery point,"
                + " or later with `log.flush.interval.messages`); the KRaft metadata log stays";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.RUNNING, ProcessControl.State.PAUSED);
    }

    @Override
    public void inject(BrokerFault broker) {
        injectAll(List.of(broker));
    }

    /**
     * Every broker killed first, all at once (one outage: no broker goes on acknowledging while the
     * others go down), then each one's logs cut: no broker runs while another's disk is rewritten.
     */
    @Override
    public void injectAll(List<BrokerFault> brokers) {
        BrokerFault.eachAtOnce(brokers, BrokerFault::kill);
        brokers.forEach(BrokerFault::dropUnflushed);
    }

    @Override
    public void heal(BrokerFault broker) {
        broker.startIfStopped();
    }

    @Override
    public boolean holdsBrokerDown() {
        return true;
    }

    @Override
    public boolean takesSeveral() {
        return true;
    }

    @Override
    public Optional<String> needsLocalLogDirs() {
        return Optional.of("power-loss rewrites the broker's log segments on disk, which the tool reaches only for"
                + " brokers it runs as local processes (the embedded env)");
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.refused("power-loss rewrites the broker's log segments on disk, which the tool does not"
                + " reach in a pod's volume");
    }
}
