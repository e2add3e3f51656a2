package io.supplychaos.chaos;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * {@code heal}: every toxic the tool added removed and the env's proxies enabled (never Toxiproxy's
 * global reset), or every Chaos Mesh resource of ours deleted, and every paused broker resumed ({@link HealAll}). A repair: it ends
 * every network fault and every pause, wherever they are. Killed or stopped brokers stay down:
 * start-broker brings them back.
 */
final class Heal implements FaultDefinition {

    @Override
    public String name() {
        return "heal";
    }

    @Override
    public String summary() {
        return "the tool's toxics removed, the env's proxies enabled, the protocol proxy's rules removed, paused brokers resumed";
    }

    @Override
    public FaultType.Kind actsOn() {
        return FaultType.Kind.ENVIRONMENT;
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public Repair repair() {
        return Repair.everywhere(Arrays.stream(FaultType.values())
                .filter(type -> type.kind() == FaultType.Kind.NETWORK || type.kind() == FaultType.Kind.PROTOCOL
                        || type == FaultType.PAUSE_BROKER)
                .collect(Collectors.toSet()));
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("the Chaos Mesh resources this state directory created (its `app.kubernetes.io/instance` label) "
                + "deleted, every broker JVM the tool froze resumed (SIGCONT through pod exec)");
    }
}
