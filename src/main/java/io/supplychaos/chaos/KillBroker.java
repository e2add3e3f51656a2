package io.supplychaos.chaos;

import java.util.List;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * {@code kill-broker}: SIGKILL, a crash. Lasts until the broker is started again: by its own heal
 * ({@code for:}, {@code --for}) or by start-broker ({@link StartBroker}).
 */
final class KillBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "kill-broker";
    }

    @Override
    public String summary() {
        return "SIGKILL (a crash)";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.RUNNING, ProcessControl.State.PAUSED);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.kill();
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
    public List<BrokerCommand> externalCommands() {
        return List.of(BrokerCommand.KILL, BrokerCommand.START);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("SIGKILL: Chaos Mesh `PodChaos` container-kill on the broker pod's kafka container")
                .differing(KUBELET_RESTARTS + ", not when healed");
    }

    /** What kill-broker and stop-broker cannot hold on Kubernetes. */
    static final String KUBELET_RESTARTS = "the broker comes back at once (the kubelet restarts the container, or the "
            + "StrimziPodSet recreates the pod): the outage lasts as long as that restart";
}
