package io.supplychaos.chaos;

import java.util.List;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * {@code stop-broker}: SIGTERM, a controlled shutdown (SIGKILL after 20 s). Lasts until the broker
 * is started again: by its own heal or by start-broker ({@link StartBroker}).
 */
final class StopBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "stop-broker";
    }

    @Override
    public String summary() {
        return "SIGTERM (controlled shutdown), SIGKILL after 20 s";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.RUNNING, ProcessControl.State.PAUSED);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.stop();
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
        return List.of(BrokerCommand.STOP, BrokerCommand.START);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("broker pod deleted with its own grace period (SIGTERM, a controlled shutdown)")
                .differing(KillBroker.KUBELET_RESTARTS + ", not when healed");
    }
}
