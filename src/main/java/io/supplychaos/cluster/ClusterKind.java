package io.supplychaos.cluster;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.time.Timeouts;

/**
 * What one env kind does its own way: which faults it can take (decided from the env file alone, so
 * that a scenario asking for one it cannot do is refused at load), how long a repair may take, and
 * how its cluster is opened. Each kind's room (kind/embedded, kind/compose, kind/external,
 * kind/kubernetes) holds one; {@code kind.Kinds} is where an env's kind chooses it.
 */
public interface ClusterKind {

    /**
     * Why an env of this kind cannot take {@code fault}, or empty when it can; worded to follow
     * "a fault env 'NAME' can take: ".
     */
    Optional<String> refusal(EnvSpec env, FaultSpec fault);

    /**
     * How {@code fault} on an env of this kind differs in effect from the same fault on the embedded
     * env (a broker that comes back by itself, a frozen pod that turns NotReady), or empty when it
     * does not: stated before a run starts and recorded in its result. Asked only of a fault the kind
     * does not refuse.
     */
    default Optional<String> difference(EnvSpec env, FaultSpec fault) {
        return Optional.empty();
    }

    /** How long the heal phase may take on this kind. */
    default Duration healBudget() {
        return Timeouts.RUN_HEAL;
    }

    /** Starts or attaches to {@code spec}'s cluster (the busy checks are {@code kind.Environments}'). */
    Cluster open(Host host, EnvSpec spec, String source, int basePort, String recordedBy, Consumer<String> out);

    /**
     * The refusal every kind shares for a protocol fault: only an embedded env with {@code network:
     * protocol} has the protocol proxy between its client proxies and its brokers.
     */
    static Optional<String> needsProtocolProxy(EnvSpec env, FaultSpec fault) {
        if (fault.type().kind() != FaultType.Kind.PROTOCOL) {
            return Optional.empty();
        }
        if (env.kind() != EnvKind.EMBEDDED) {
            return Optional.of(fault.type().cliName() + " needs the protocol proxy, which only an embedded env runs "
                    + "(network: protocol); a kind: " + env.kind().yamlName() + " env has none");
        }
        if (!env.network().throughProtocolProxy()) {
            return Optional.of("it has network: " + env.network().yamlName() + ", so " + fault.type().cliName()
                    + " has no protocol proxy to act on (network: protocol puts one in front of the brokers)");
        }
        return Optional.empty();
    }

    /**
     * The refusal of every kind whose brokers are not local processes the tool started: a fault that
     * rewrites the brokers' log dirs (power-loss) cannot reach them.
     */
    static Optional<String> needsLocalLogDirs(EnvSpec env, FaultSpec fault) {
        return fault.type().needsLocalLogDirs().map(why -> "it is kind: " + env.kind().yamlName() + ", and " + why);
    }

    /** The refusal every proxied kind shares: a network fault needs Toxiproxy in front of the brokers. */
    static Optional<String> needsProxies(EnvSpec env, FaultSpec fault) {
        Optional<String> protocol = needsProtocolProxy(env, fault);
        if (protocol.isPresent()) {
            return protocol;
        }
        if (fault.type().kind() == FaultType.Kind.NETWORK && !env.proxied()) {
            return Optional.of("it has network: direct, so no network fault (delay, bandwidth, cut, reset-peer, timeout, "
                    + "slice) can be injected");
        }
        return Optional.empty();
    }
}
