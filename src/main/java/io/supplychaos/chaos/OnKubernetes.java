package io.supplychaos.chaos;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a Kubernetes env (brokers in a Strimzi cluster, Chaos Mesh, app instances local or the app
 * Deployment's pods) does one fault, as data its fault file gives and {@code kind/kubernetes} reads:
 * what is done, why it cannot be done (always, or only when the apps run as pods), and for a
 * network fault the Chaos Mesh {@code NetworkChaos} action with its parameters.
 *
 * @param how                what is done, for the docs' fault table
 * @param refusal            why no Kubernetes env can take it, or null
 * @param refusalWithAppPods why an env with {@code apps: pods} cannot take it, or null
 * @param networkChaos       the NetworkChaos a network fault becomes, or null
 */
public record OnKubernetes(String how, String refusal, String refusalWithAppPods, NetworkChaos networkChaos) {

    /**
     * A Chaos Mesh {@code NetworkChaos} action and its parameter block from the spec (the
     * {@code delay:} of a delay, the {@code bandwidth:} of a bandwidth; none for a partition).
     */
    public record NetworkChaos(String action, Function<FaultSpec, Map<String, Object>> parameters) {
    }

    static OnKubernetes does(String how) {
        return new OnKubernetes(how, null, null, null);
    }

    static OnKubernetes refused(String why) {
        return new OnKubernetes("refused: " + why, why, null, null);
    }

    static OnKubernetes networkChaos(String action, Function<FaultSpec, Map<String, Object>> parameters) {
        return new OnKubernetes("Chaos Mesh `NetworkChaos` " + action, null, null, new NetworkChaos(action, parameters));
    }

    /** The same, refused when the apps run as the Deployment's pods. */
    OnKubernetes refusedWithAppPods(String why) {
        return new OnKubernetes(how, refusal, why, networkChaos);
    }

    /** Why an env cannot take the fault, or empty when it can. */
    public Optional<String> refusal(boolean appPods) {
        if (refusal != null) {
            return Optional.of(refusal);
        }
        return appPods ? Optional.ofNullable(refusalWithAppPods) : Optional.empty();
    }

    public Optional<NetworkChaos> chaosMesh() {
        return Optional.ofNullable(networkChaos);
    }
}
