package io.supplychaos.chaos;

import java.util.List;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * {@code pause-broker}: SIGSTOP, the JVM frozen with its sockets open. Lasts until SIGCONT: its own
 * heal, resume-broker ({@link ResumeBroker}) or heal ({@link Heal}).
 */
final class PauseBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "pause-broker";
    }

    @Override
    public String summary() {
        return "SIGSTOP: the JVM freezes with its sockets open";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.RUNNING);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.pauseIfRunning();
    }

    @Override
    public void heal(BrokerFault broker) {
        broker.resumeIfPaused();
    }

    @Override
    public List<BrokerCommand> externalCommands() {
        return List.of(BrokerCommand.PAUSE, BrokerCommand.RESUME);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.refused(NO_FREEZE);
    }

    /** Why Kubernetes envs refuse pause-broker and resume-broker. */
    static final String NO_FREEZE = "Chaos Mesh has no freeze (its pod-failure replaces the container, a restart, not a SIGSTOP), "
            + "and a Kafka JVM stopped through exec fails Strimzi's liveness probe, so the kubelet restarts it";
}
