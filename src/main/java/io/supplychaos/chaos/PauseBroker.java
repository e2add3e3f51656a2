package io.supplychaos.chaos;

import java.time.Duration;
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
        return OnKubernetes.does("SIGSTOP to the Kafka JVM in the broker pod's kafka container, through pod exec")
                .differingBeyond(READINESS_WINDOW, NOT_READY);
    }

    /**
     * How long a broker can stay frozen on Strimzi 0.51.0 before its pod turns NotReady, with the
     * probe settings Strimzi gives the kafka container by default: its readiness probe
     * ({@code kafka_readiness.sh}: an HTTP call to the Kafka Agent inside the JVM, which a frozen JVM
     * never answers) runs every 10 s with a 5 s timeout and fails the pod after 3 failures, so between
     * 25 and 35 s after the freeze. Its liveness probe ({@code kafka_liveness.sh}) only checks that a
     * process whose executable is java exists, which a frozen JVM still is: the kubelet does not
     * restart it.
     */
    static final Duration READINESS_WINDOW = Duration.ofSeconds(25);

    /** What a freeze longer than {@link #READINESS_WINDOW} does on Kubernetes that it does not elsewhere. */
    static final String NOT_READY = "frozen longer than 25 s, the broker pod turns NotReady (Strimzi's default readiness "
            + "probe, which asks the JVM, fails 3 times at 10 s intervals with a 5 s timeout: 25 to 35 s into the freeze), so "
            + "it leaves the bootstrap Service's endpoints until resumed; Strimzi's liveness probe only checks that a java "
            + "process exists, so the kubelet does not restart the frozen broker";
}
