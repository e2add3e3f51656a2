package io.supplychaos.chaos;

import java.util.List;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/** {@code restart-broker}: a controlled shutdown and a start, waiting until it registered; a moment, healed by nothing. */
final class RestartBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "restart-broker";
    }

    @Override
    public String summary() {
        return "stop, then start";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.RUNNING, ProcessControl.State.PAUSED);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.restart();
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public List<BrokerCommand> externalCommands() {
        return List.of(BrokerCommand.STOP, BrokerCommand.START);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("broker pod deleted with its own grace period, then waits until it is Ready");
    }
}
