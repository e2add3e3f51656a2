package io.supplychaos.chaos;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * {@code start-broker}: starts a stopped broker as the env started it and waits until it registered.
 * A repair: it ends the kill or stop of the same broker. Without a target it starts the broker
 * killed or stopped last ({@code .chaos/killed-broker}).
 */
final class StartBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "start-broker";
    }

    @Override
    public String summary() {
        return "starts a stopped broker, waits until it registered";
    }

    @Override
    public Optional<FaultTarget> defaultTarget() {
        return Optional.of(FaultTarget.killed());
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.STOPPED);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.startIfStopped();
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public Repair repair() {
        return Repair.onItsTarget(FaultType.KILL_BROKER, FaultType.POWER_LOSS, FaultType.STOP_BROKER);
    }

    @Override
    public List<BrokerCommand> externalCommands() {
        return List.of(BrokerCommand.START);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("waits until Strimzi's new broker pod is Ready");
    }
}
