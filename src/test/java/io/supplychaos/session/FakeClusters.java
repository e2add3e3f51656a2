package io.supplychaos.session;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.MetricsSource;
import io.supplychaos.session.Teardown.Step;

/**
 * A cluster source that starts nothing: it says which env is up, opens a cluster that records
 * being released, and writes everything that happens, in order, to one journal the tests read.
 */
final class FakeClusters implements ClusterSource {

    /** What happened, in order: "open c3", "release c3", "start apps", "stop apps", ... */
    final List<String> journal = new ArrayList<>();
    /** The env up in the state directory, if any. */
    EnvSpec running;
    /** Whether opening starts the cluster (false: it was up already, or attached by `up`). */
    boolean starts = true;
    /** Thrown by open instead of opening, when set. */
    RuntimeException openFails;

    @Override
    public Optional<EnvSpec> current() {
        return Optional.ofNullable(running);
    }

    @Override
    public Cluster open(EnvSpec spec, String source, int basePort, Consumer<String> out) {
        journal.add("open " + spec.name());
        if (openFails != null) {
            throw openFails;
        }
        return new FakeCluster(spec, starts, journal);
    }

    /** Apps that record their start and stop, and can fail to start after registering their stop. */
    Apps apps(String name, boolean startFails) {
        return new Apps() {
            @Override
            public void stopLeftovers(Consumer<String> out) {
                journal.add("stop leftovers of " + name);
            }

            @Override
            public void start(Cluster cluster, Teardown teardown, AtomicBoolean stop, Consumer<String> out) {
                teardown.add(Step.APPS, "stopping " + name, () -> journal.add("stop " + name + " with "
                        + teardown.grace().toSeconds() + " s grace"));
                journal.add("start " + name);
                if (startFails) {
                    throw new IllegalStateException(name + " instance 1 exited");
                }
            }
        };
    }

    private record FakeCluster(EnvSpec spec, boolean started, List<String> journal) implements Cluster {

        @Override
        public KafkaAccess access() {
            return KafkaAccess.plaintext("127.0.0.1:1");
        }

        @Override
        public Duration took() {
            return Duration.ZERO;
        }

        @Override
        public FaultBackend faults() {
            return (FaultBackend) Proxy.newProxyInstance(FaultBackend.class.getClassLoader(),
                    new Class<?>[] {FaultBackend.class}, (proxy, method, args) -> {
                        throw new UnsupportedOperationException("no faults on a fake cluster: " + method.getName());
                    });
        }

        @Override
        public MetricsSource metrics() {
            return MetricsSource.none();
        }

        @Override
        public void release(boolean deleteTopics, Consumer<String> out) {
            journal.add("release " + spec.name() + (deleteTopics ? " deleting topics" : ""));
        }
    }
}
