package io.supplychaos.chaos;

import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.kubernetes.KubernetesBackend;
import java.util.List;
import java.util.Optional;

/**
 * Which faults an env can take, decided from its spec alone, so that a scenario asking for one it
 * cannot do is refused when it is loaded (exit 2), never when the fault is due. Embedded and compose
 * envs take every fault (network ones need proxies); an external env takes the broker faults whose
 * commands it configures and the network faults when it names a Toxiproxy; a Kubernetes env takes
 * what pod deletions and Chaos Mesh can do.
 */
public final class EnvCapabilities {

    private EnvCapabilities() {
    }

    /**
     * Why {@code env} cannot take {@code fault} (its type, link, stream, toxicity), or empty when it
     * can; the reason is worded to follow "a fault env 'NAME' can take: ".
     */
    public static Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        FaultType type = fault.type();
        if (type.kind() == FaultType.Kind.NETWORK && env.kind() != EnvKind.KUBERNETES && !env.proxied()) {
            return Optional.of(env.kind() == EnvKind.EXTERNAL
                    ? "it is kind: external and names no Toxiproxy (toxiproxy:), so " + type.cliName() + " cannot be injected"
                    : "it has network: direct, so no network fault (delay, bandwidth, cut, reset-peer, timeout, slice) "
                    + "can be injected");
        }
        if (env.kind() == EnvKind.EXTERNAL && type.kind() == FaultType.Kind.BROKER) {
            ExternalTarget external = env.external();
            List<BrokerCommand> missing = commandsFor(type).stream().filter(c -> external.command(c).isEmpty()).toList();
            if (!missing.isEmpty()) {
                return Optional.of("it is kind: external without brokerCommands." + String.join(" and brokerCommands.",
                        missing.stream().map(BrokerCommand::yamlName).toList()) + ", so " + type.cliName()
                        + " cannot be done (or undone)");
            }
        }
        if (env.kind() == EnvKind.KUBERNETES) {
            return KubernetesBackend.refusal(fault, env.kubernetes().apps());
        }
        return Optional.empty();
    }

    /** The broker commands a broker fault runs; restart is a stop and a start. */
    static List<BrokerCommand> commandsFor(FaultType type) {
        return switch (type) {
            // a kill or stop is healed by a start, a pause by a resume: a fault the run cannot undo is refused
            case KILL_BROKER -> List.of(BrokerCommand.KILL, BrokerCommand.START);
            case STOP_BROKER -> List.of(BrokerCommand.STOP, BrokerCommand.START);
            case START_BROKER -> List.of(BrokerCommand.START);
            case RESTART_BROKER -> List.of(BrokerCommand.STOP, BrokerCommand.START);
            case PAUSE_BROKER -> List.of(BrokerCommand.PAUSE, BrokerCommand.RESUME);
            case RESUME_BROKER -> List.of(BrokerCommand.RESUME);
            default -> List.of();
        };
    }
}
