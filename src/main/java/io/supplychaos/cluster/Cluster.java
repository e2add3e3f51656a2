package io.supplychaos.cluster;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.MetricsSource;

/**
 * An env's cluster, up or attached and ready, whatever its kind: what a run, {@code verify},
 * {@code bench} and the fault verbs act through. Each kind's room builds its own ({@code kind.Kinds}).
 */
public interface Cluster {

    EnvSpec spec();

    /** How clients reach the brokers. */
    KafkaAccess access();

    /** True when opening it started the cluster (embedded) or recorded the attachment: closing lets it go. */
    boolean started();

    /** How long opening it took. */
    Duration took();

    /** How faults reach this cluster's brokers, proxies and app instances. */
    FaultBackend faults();

    /** Where its brokers' metrics come from. */
    MetricsSource metrics();

    /**
     * The app instances this cluster runs itself (a Kubernetes env's app Deployment), when it runs
     * them; empty when the tool starts them as local processes.
     */
    default Optional<AppFleet> appFleet() {
        return Optional.empty();
    }

    /**
     * The processes ids of this cluster's JVMs that run on this machine (an embedded env's brokers),
     * as they are now: a fault may have restarted a broker under another pid. Empty for a cluster
     * whose brokers run elsewhere (containers, Kubernetes, a cluster the tool attached to).
     */
    default List<Long> localJvms() {
        return List.of();
    }

    /**
     * The app about to run here uses {@code applicationId}. A cluster the tool did not start records
     * it, so that {@code --delete-topics} (at the run's end, or {@code down} in another terminal)
     * deletes that id's internal topics and consumer group as well; a cluster the tool started goes
     * whole and records nothing.
     */
    default void recordApplication(String applicationId) {
    }

    /**
     * Stops what the tool started (an embedded env's processes, compose services it started) or
     * lets an attached cluster go; {@code deleteTopics} also deletes the supply-chain topics and
     * the app's internal topics on a cluster the tool did not start.
     */
    void release(boolean deleteTopics, Consumer<String> out);
}
