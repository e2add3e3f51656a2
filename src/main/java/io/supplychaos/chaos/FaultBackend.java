package io.supplychaos.chaos;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * What fault actions act on, for one kind of environment: broker processes (embedded: JVMs signalled
 * through {@code /proc} and {@code kill}; compose: containers through {@code docker}), the Toxiproxy
 * proxies in front of the brokers, and the supply-chain app instances. Implementations do what they
 * are told without checking whether it makes sense; {@link Faults} validates first.
 */
public interface FaultBackend {

    /** For messages: "embedded env c3 in /x/.chaos", "docker compose project supply-chaos". */
    String describe();

    /** Broker ids, ascending. */
    List<Integer> brokerIds();

    ProcessControl.State brokerState(int id);

    /** SIGKILL, returning once the process is gone. */
    void killBroker(int id);

    /** SIGTERM (controlled shutdown), returning once the process is gone. */
    void stopBroker(int id);

    /** Starts the broker as the environment started it, returning once it registered with the controller. */
    void startBroker(int id);

    /**
     * Drops from a stopped broker's log dirs what Kafka had not fsynced (what a power loss takes
     * with the page cache), leaving the KRaft metadata log; returns what was dropped, in words.
     *
     * @throws IllegalStateException where the environment's brokers' disks are out of the tool's reach
     */
    default Optional<String> dropUnflushed(int id) {
        throw new IllegalStateException(describe() + " keeps its brokers' log dirs out of the tool's reach: power-loss cannot be done here");
    }

    /** SIGSTOP. */
    void pauseBroker(int id);

    /** SIGCONT. */
    void resumeBroker(int id);

    /**
     * When the last kill, stop or pause of broker {@code id} took effect, as the environment reports
     * it (epoch ms); empty when it reports nothing (the caller's clock is the time).
     */
    default OptionalLong brokerFaultTookEffectAt(int id) {
        return OptionalLong.empty();
    }

    /**
     * How this environment's way of doing {@code type} differs in effect from the embedded env's (a
     * broker that comes back by itself), for the fault's description; empty when it does not.
     */
    default Optional<String> difference(FaultType type) {
        return Optional.empty();
    }

    /** How clients reach the cluster, for Admin look-ups (leaders, controller, registration). */
    KafkaAccess access();

    /** The Toxiproxy API, empty when the environment has no proxies (network: direct). */
    Optional<ToxiproxyApi> toxiproxy();

    /** The protocol proxy's control API, empty when the environment has none (all but an embedded env with network: protocol). */
    default Optional<ProtocolProxyApi> protocolProxy() {
        return Optional.empty();
    }

    /** The protocol proxy's name for one broker's client link. */
    default String protocolLink(int brokerId) {
        return "broker-" + brokerId;
    }

    /** The proxy in front of one broker's link, empty when there is none. */
    Optional<String> proxyName(int brokerId, ProxyLink link);

    /** Indexes of the recorded app instances, ascending. */
    List<Integer> appIndexes();

    boolean appAlive(int index);

    /** SIGKILL, like a crash. */
    void killApp(int index);

    /**
     * SIGTERM, a clean shutdown (Kafka Streams closes and commits), returning once it exited;
     * SIGKILL when it has not after {@code Timeouts.APP_STOP_GRACE} (10 s).
     */
    void stopApp(int index);

    /** Starts a killed or stopped instance again as it was started, returning once it is ready. */
    void startApp(int index);

    /**
     * Why this environment cannot do {@code spec} at all (the kind's own limits, e.g. what Chaos
     * Mesh has no action for), or empty when it can; asked before anything is resolved or done.
     */
    default Optional<String> refusal(FaultSpec spec) {
        return Optional.empty();
    }

    /**
     * A network fault on this environment's own network layer (Chaos Mesh on Kubernetes), bound to
     * {@code brokers}; empty when the environment's network faults are Toxiproxy's
     * ({@link NetworkFault}), which is the default.
     *
     * @throws IllegalArgumentException when this layer cannot do the fault
     */
    default Optional<FaultAction> networkFault(FaultSpec spec, List<Integer> brokers) {
        return Optional.empty();
    }

    /** Removes every network fault {@link #networkFault} put in place (heal); nothing by default. */
    default void healNetwork() {
    }
}
