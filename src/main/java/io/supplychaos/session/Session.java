package io.supplychaos.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.session.Teardown.Step;

/**
 * An env and the apps one or more runs share, whatever runs on them: {@code run}'s scenarios (the
 * points of a sweep without faults share one), {@code verify}'s suite, {@code bench}'s producer
 * benchmarks and pipelines. Opened by {@link Sessions#open} (validate, env, leftovers, apps); each run
 * in it is a {@link RunScope} ({@link #beginRun}) with its fault timeline, samplers and consumers.
 * Closing it stops, in order ({@link Teardown.Step}), the apps and then the env, if the session
 * started it and its plan does not keep it; after Ctrl-C the apps get less grace. Closed from the
 * run's thread, or from the Ctrl-C hook when the run overran its teardown: only once.
 */
public final class Session implements AutoCloseable {

    /**
     * Warm-up orders of a run after its session's first whose scenario warms up by count: the apps
     * are warm, so enough for a new producer's connections and metadata (the first run warms up as
     * its scenario says).
     */
    public static final long LATER_WARMUP = 200;

    /**
     * The bound of a later run's warm-up when its scenario warms up until steady: the same rule,
     * bounded shorter, since the apps are warm (never below what the rule needs: 20 s by default).
     */
    public static final Duration LATER_STEADY_MAX = Duration.ofSeconds(30);

    private final SessionPlan plan;
    private final Path stateDir;
    private final Teardown teardown;
    private final AtomicBoolean stop;
    private final Consumer<String> out;
    private final AtomicBoolean closed = new AtomicBoolean();
    private Cluster cluster;
    private int runs;

    Session(SessionPlan plan, Path stateDir, Teardown teardown, AtomicBoolean stop, Consumer<String> out) {
        this.plan = plan;
        this.stateDir = stateDir;
        this.teardown = teardown;
        this.stop = stop;
        this.out = out;
    }

    /** The env is open: it is let go at the end unless the session did not start it or keeps it. */
    void opened(Cluster opened, boolean deleteTopics) {
        this.cluster = opened;
        teardown.add(Step.ENV, "releasing the env", () -> {
            if (opened.started() && plan.reuse() != SessionPlan.Reuse.KEEP) {
                opened.release(deleteTopics, out);
            } else if (!opened.spec().kind().toolOwned() && deleteTopics) {
                out.accept("--delete-topics: the env stays attached (reuseEnv or `up`); `./chaos down --delete-topics` "
                        + "deletes them");
            }
        });
    }

    /** The session's cluster, up or attached. */
    public Cluster cluster() {
        return cluster;
    }

    public SessionPlan plan() {
        return plan;
    }

    Teardown teardown() {
        return teardown;
    }

    /** Whether {@code next} can run in this session: it is open, and next needs the same env, reuse and apps. */
    public boolean hosts(SessionPlan next) {
        return !closed.get() && plan.hosts(next);
    }

    /** Whether the session's apps and env have been stopped (or are being stopped). */
    public boolean closed() {
        return closed.get();
    }

    /** How many runs this session has hosted so far. */
    public int runs() {
        return runs;
    }

    /** The next run in this session: what it starts is stopped when it is closed, before the session's apps. */
    public RunScope beginRun() {
        runs++;
        return new RunScope(cluster, stateDir, runs == 1, new Teardown(stop::get, out));
    }

    /** Stops the session's apps, then its env when it started it and keeps nothing; problems are reported. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            teardown.run();
        }
    }
}
