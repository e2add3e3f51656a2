package io.supplychaos.kind.external;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Timeouts;

/**
 * {@code kind: external}: a cluster someone else runs. The tool connects to its bootstrap servers,
 * acts on brokers only through the env's {@code brokerCommands} and on the network only through the
 * Toxiproxy the env names; it never stops the cluster. Which {@code brokerCommands} a fault needs is
 * in the fault's own file ({@link FaultType#externalCommands()}).
 */
public final class ExternalKind extends AttachedKind {

    @Override
    public Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        FaultType type = fault.type();
        Optional<String> protocol = ClusterKind.needsProtocolProxy(env, fault);
        if (protocol.isPresent()) {
            return protocol;
        }
        Optional<String> localDisk = ClusterKind.needsLocalLogDirs(env, fault);
        if (localDisk.isPresent()) {
            return localDisk;
        }
        if (type.kind() == FaultType.Kind.NETWORK && !env.proxied()) {
            return Optional.of("it is kind: external and names no Toxiproxy (toxiproxy:), so " + type.cliName()
                    + " cannot be injected");
        }
        if (type.kind() == FaultType.Kind.BROKER) {
            ExternalTarget external = env.external();
            // a kill or stop is healed by a start, a pause by a resume: a fault the run cannot undo is refused
            List<BrokerCommand> missing = type.externalCommands().stream().filter(c -> external.command(c).isEmpty()).toList();
            if (!missing.isEmpty()) {
                return Optional.of("it is kind: external without brokerCommands." + String.join(" and brokerCommands.",
                        missing.stream().map(BrokerCommand::yamlName).toList()) + ", so " + type.cliName()
                        + " cannot be done (or undone)");
            }
        }
        return Optional.empty();
    }

    /** A repair is the env's own start or resume command: it gets that command's whole budget. */
    @Override
    public Duration healBudget() {
        return Timeouts.RUN_HEAL.compareTo(Timeouts.BROKER_COMMAND) >= 0 ? Timeouts.RUN_HEAL : Timeouts.BROKER_COMMAND;
    }

    @Override
    protected Connection connect(Host host, EnvSpec spec, Consumer<String> out) {
        return new Connection(new KafkaAccess(spec.external().bootstrapServers(), spec.clientConfig()), false);
    }

    @Override
    public FaultBackend faults(Host host, Attachment attachment) {
        KafkaAccess access = attachment.access();
        return new ExternalBackend(attachment, host.paths().stateDir(), host.commands(), new ExternalBackend.Membership() {
            @Override
            public Set<Integer> registered() {
                return host.admin().registered(access);
            }

            @Override
            public void awaitRegistered(int id) {
                host.admin().awaitRegistered(access, id);
            }
        }, new LocalApps(host.apps()));
    }
}
