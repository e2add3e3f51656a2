package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a Kubernetes env (brokers in a Strimzi cluster, Chaos Mesh, app instances local or the app
 * Deployment's pods) does one fault, as data its fault file gives and {@code kind/kubernetes} reads:
 * what is done, why it cannot be done (always, or only when the apps run as pods), how the result
 * differs from the same fault on the embedded env (stated in the fault's description, so the run's
 * history and report say it), and for a network fault the Chaos Mesh {@code NetworkChaos} action
 * with its parameters.
 *
 * @param how                what is done, for the docs' fault table
 * @param refusal            why no Kubernetes env can take it, or null
 * @param refusalWithAppPods why an env with {@code apps: pods} cannot take it, or null
 * @param difference         how its effect differs from the embedded env's, or null when it does not
 * @param differsBeyond      a fault held no longer than this (its {@code for:}) does not differ; null: it
 *                           always does
 * @param networkChaos       the NetworkChaos a network fault becomes, or null
 */
public record OnKubernetes(String how, String refusal, String refusalWithAppPods, String difference, Duration differsBeyond,
                           NetworkChaos networkChaos) {

    /**
     * A Chaos Mesh {@code NetworkChaos} action and its parameters from the spec (the latency of a
     * delay, the rate of a bandwidth; none for a partition), as numbers the kind writes in Chaos
     * Mesh's own syntax.
     */
    public record NetworkChaos(String action, Function<FaultSpec, Parameters> parameters) {
    }

    /** What a NetworkChaos action takes, parsed from the fault's attributes (so {@code 1_000} and {@code +100} are numbers). */
    public sealed interface Parameters {
        /** Part of the chaos's name: different parameters are a different resource. */
        String nameSuffix();
    }

    /** {@code delay:} latency and jitter, in milliseconds. */
    public record DelayParameters(long latencyMs, long jitterMs) implements Parameters {
        @Override
        public String nameSuffix() {
            return latencyMs + "ms" + (jitterMs > 0 ? "-" + jitterMs + "ms" : "");
        }
    }

    /** {@code bandwidth:} the rate in kilobytes a second (Chaos Mesh's and Toxiproxy's {@code kbps}), the queue and the bucket in bytes. */
    public record BandwidthParameters(long kbps, long limitBytes, long bufferBytes) implements Parameters {
        @Override
        public String nameSuffix() {
            return kbps + "kbps";
        }
    }

    /** An action with no parameters ({@code partition}). */
    public record NoParameters() implements Parameters {
        @Override
        public String nameSuffix() {
            return "";
        }
    }

    static OnKubernetes does(String how) {
        return new OnKubernetes(how, null, null, null, null, null);
    }

    static OnKubernetes refused(String why) {
        return new OnKubernetes("refused: " + why, why, null, null, null, null);
    }

    static OnKubernetes networkChaos(String action, Function<FaultSpec, Parameters> parameters) {
        return new OnKubernetes("Chaos Mesh `NetworkChaos` " + action, null, null, null, null, new NetworkChaos(action, parameters));
    }

    /** The same, refused when the apps run as the Deployment's pods. */
    OnKubernetes refusedWithAppPods(String why) {
        return new OnKubernetes(how, refusal, why, difference, differsBeyond, networkChaos);
    }

    /** The same, with how its effect differs from the embedded env's (also shown in the docs' table). */
    OnKubernetes differing(String how) {
        return new OnKubernetes(this.how + "; " + how, refusal, refusalWithAppPods, how, null, networkChaos);
    }

    /**
     * The same, with how its effect differs from the embedded env's when it is held longer than
     * {@code beyond} (or until something else ends it); held no longer, it does not differ.
     */
    OnKubernetes differingBeyond(Duration beyond, String how) {
        return new OnKubernetes(this.how + "; " + how, refusal, refusalWithAppPods, how, beyond, networkChaos);
    }

    /** Why an env cannot take the fault, or empty when it can. */
    public Optional<String> refusal(boolean appPods) {
        if (refusal != null) {
            return Optional.of(refusal);
        }
        return appPods ? Optional.ofNullable(refusalWithAppPods) : Optional.empty();
    }

    /** How its effect may differ from the embedded env's, empty when it never does: stated in the fault's description. */
    public Optional<String> differs() {
        return Optional.ofNullable(difference);
    }

    /**
     * How {@code spec}'s effect differs from the embedded env's, empty when it does not: stated before
     * a run starts and in its result. A fault that differs only when held longer than
     * {@link #differsBeyond} does not when its {@code for:} is no longer.
     */
    public Optional<String> differs(FaultSpec spec) {
        if (difference == null) {
            return Optional.empty();
        }
        if (differsBeyond != null && spec.duration() != null && spec.duration().compareTo(differsBeyond) <= 0) {
            return Optional.empty();
        }
        return Optional.of(difference);
    }

    public Optional<NetworkChaos> chaosMesh() {
        return Optional.ofNullable(networkChaos);
    }
}
