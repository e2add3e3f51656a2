package io.supplychaos.session;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.cluster.Cluster;

/**
 * The apps a session runs against its cluster, provided by the caller: the supply chain's instances
 * of a run or a bench ({@link SupplyChainApps}), Kafka's test apps of a verify. The session asks them
 * to stop what an earlier CLI left, then to start; they register their own stops on the session's
 * {@link Teardown} as they start them.
 */
public interface Apps {

    /** Stops the instances a crashed CLI left on this env (they would process the session's records), saying which. */
    void stopLeftovers(Consumer<String> out);

    /**
     * Starts the apps on {@code cluster} and returns once each is ready, or as soon as {@code stop}
     * is raised; registers on {@code teardown} (step {@link Teardown.Step#APPS}) how to stop each part
     * before starting it. Throws when an app exits or is not ready in time.
     */
    void start(Cluster cluster, Teardown teardown, AtomicBoolean stop, Consumer<String> out);

    /** No apps: a session for the env alone (bench's producer benchmarks). */
    static Apps none() {
        return None.INSTANCE;
    }

    /** The apps of no session: equal to themselves, so that two sessions of the env alone host each other. */
    enum None implements Apps {
        INSTANCE;

        @Override
        public void stopLeftovers(Consumer<String> out) {
        }

        @Override
        public void start(Cluster cluster, Teardown teardown, AtomicBoolean stop, Consumer<String> out) {
        }
    }
}
