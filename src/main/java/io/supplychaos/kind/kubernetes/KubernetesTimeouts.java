package io.supplychaos.kind.kubernetes;

import java.time.Duration;

import io.supplychaos.time.Timeouts;

/**
 * The kubernetes environment's deadlines, kept apart from {@link io.supplychaos.time.Timeouts} (the
 * lead may fold them in). An instance is what the backend and the cluster wait with, so tests can
 * make every wait short; {@link #DEFAULTS} is what a run uses. Touches no resource.
 *
 * @param podGone     a deleted broker or app pod gone from the API server (a stop includes the
 *                    pod's own grace period, so this is longer than any grace Strimzi sets by default: 30 s)
 * @param brokerReady a broker pod Ready again after a delete or pod-failure: the StrimziPodSet
 *                    recreates it, it may be scheduled on another node, pull the image and recover its logs
 * @param appsReady   the app Deployment with all its replicas ready (stores restored, a rebalance)
 * @param chaosInjected a created Chaos Mesh resource reporting {@code AllInjected} (its controller and the
 *                    chaos daemons on the nodes apply it: tc and iptables rules, a container kill)
 * @param chaosGone   a deleted Chaos Mesh resource gone (its controller recovers every target, then removes
 *                    its finalizer)
 * @param interval    how often these waits look
 * @param exec        one command run in a broker pod's container through {@code pods/exec} (listing its
 *                    processes, a signal), from the request to its exit
 */
public record KubernetesTimeouts(Duration podGone, Duration brokerReady, Duration appsReady, Duration chaosInjected,
                                 Duration chaosGone, Duration interval, Duration exec) {

    /** See the parameters; brokers and apps get the same allowance as {@code Timeouts.APP_READY}, plus scheduling. */
    public static final Duration POD_GONE = Duration.ofSeconds(60);
    public static final Duration BROKER_READY = Duration.ofMinutes(5);
    public static final Duration APPS_READY = Duration.ofMinutes(5);
    /** Chaos Mesh applies and recovers within seconds; a minute covers a busy controller and its retries. */
    public static final Duration CHAOS_INJECTED = Duration.ofSeconds(60);
    public static final Duration CHAOS_GONE = Duration.ofSeconds(60);
    /** API calls cost more than a /proc read: half a second between looks is enough. */
    public static final Duration INTERVAL = Duration.ofMillis(500);
    /** A shell reading /proc or sending a signal ends at once; the rest is the API server and the kubelet. */
    public static final Duration EXEC = Duration.ofSeconds(20);

    public static final KubernetesTimeouts DEFAULTS = new KubernetesTimeouts(POD_GONE, BROKER_READY, APPS_READY, CHAOS_INJECTED,
            CHAOS_GONE, INTERVAL, EXEC);
}
