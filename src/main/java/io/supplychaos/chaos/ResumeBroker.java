package io.supplychaos.chaos;

import java.util.List;
import java.util.Set;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/** {@code resume-broker}: SIGCONT to a paused broker. A repair: it ends the pause of the same broker. */
final class ResumeBroker implements BrokerFaultDefinition {

    @Override
    public String name() {
        return "resume-broker";
    }

    @Override
    public String summary() {
        return "SIGCONT";
    }

    @Override
    public Set<ProcessControl.State> takesBrokerIn() {
        return Set.of(ProcessControl.State.PAUSED);
    }

    @Override
    public void inject(BrokerFault broker) {
        broker.resumeIfPaused();
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public Repair repair() {
        return Repair.onItsTarget(FaultType.PAUSE_BROKER);
    }

    @Override
    public List<BrokerCommand> externalCommands() {
        return List.of(BrokerCommand.RESUME);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("SIGCONT to the frozen Kafka JVM in the broker pod, through pod exec");
    }
}
