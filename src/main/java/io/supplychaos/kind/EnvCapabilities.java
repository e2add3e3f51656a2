package io.supplychaos.kind;

import java.util.Optional;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.env.EnvSpec;

/**
 * Which faults an env can take, decided from its spec alone, so that a scenario asking for one it
 * cannot do is refused when it is loaded (exit 2), never when the fault is due. Each kind says for
 * itself ({@link ClusterKind#refusal}): embedded and compose envs take every fault (network ones need
 * proxies); an external env takes the broker faults whose commands it configures and the network
 * faults when it names a Toxiproxy; a Kubernetes env takes what pod deletions, pod exec and Chaos
 * Mesh can do, and says where their effect differs from the other envs' ({@link #difference}).
 */
public final class EnvCapabilities {

    private EnvCapabilities() {
    }

    /**
     * Why {@code env} cannot take {@code fault} (its type, link, stream, toxicity), or empty when it
     * can; the reason is worded to follow "a fault env 'NAME' can take: ".
     */
    public static Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        return Kinds.of(env.kind()).refusal(env, fault);
    }

    /**
     * How {@code fault} on {@code env} differs in effect from the same fault on the embedded env, or
     * empty when it does not ({@link ClusterKind#difference}): a run states it before it starts and
     * records it in its result.
     */
    public static Optional<String> difference(EnvSpec env, FaultSpec fault) {
        return Kinds.of(env.kind()).difference(env, fault);
    }
}
