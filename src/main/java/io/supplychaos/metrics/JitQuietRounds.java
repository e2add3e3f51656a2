package io.supplychaos.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.supplychaos.history.HistoryEvent.WarmupWindow;

/**
 * A warm-up in rounds that ends when the JIT is quiet: each round (a fixed count of orders, sent
 * and drained) becomes one window with its p50, its completions and the cores the JIT compilers of
 * the watched JVMs used over it; the warm-up is done after a round in which each JVM's used at most
 * {@link SteadyState#JIT_QUIET_CORES_PER_JVM} of a core, or once {@code max} has passed
 * since the first round began. As fast as possible a run has no steady latency to wait for (the
 * latency grows with the backlog), but its compilers do settle, and until they have, each JVM's
 * compilers take a share of two cores the chain itself needs (docs/PERFORMANCE.md, "A throughput
 * after the JIT"). Without a JIT figure (no /proc), one round ends it, {@link Outcome#UNWATCHED}.
 *
 * <p>A round's cores are its compilers' CPU seconds over the seconds the round carried orders (from
 * its start to its last completion), not over the whole round: each round ends with a drain whose
 * quiet wait (5 s) is longer than a round of 10,000 orders takes at 3,000-4,000 orders/s, and
 * averaged over it the compilers looked quiet while the measured phase after them still spent
 * 12-18 % of the app's CPU compiling (docs/PERFORMANCE.md, session 18). Compilations a round's load
 * queued that finish in its drain count against it, which errs on the side of warming longer.
 */
public final class JitQuietRounds {

    /** How the rounds ended. */
    public enum Outcome {
        /** Rounds are still to be sent. */
        WARMING,
        /** The last round's compilers were quiet. */
        QUIET,
        /** {@code max} passed first: the measured phase starts anyway. */
        NOT_QUIET,
        /** The compilers could not be read: one round was sent. */
        UNWATCHED
    }

    private final Duration max;
    private final LongSupplier clock;
    private final Supplier<Map<Long, Double>> jit;
    private final List<WarmupWindow> windows = new ArrayList<>();
    private long start = -1;
    private long roundStart;
    private long lastCompletionAt = -1;
    private Map<Long, Double> jitAtRoundStart = Map.of();
    private SteadyState.Samples latencies = new SteadyState.Samples();
    private Outcome outcome = Outcome.WARMING;

    /**
     * @param max        the bound on all rounds together, from the first round's start
     * @param clock      milliseconds
     * @param jit   the CPU seconds each watched JVM's compilers used so far, never decreasing; empty
     *              when none can be read ({@link JitCpu#secondsByJvm()})
     */
    public JitQuietRounds(Duration max, LongSupplier clock, Supplier<Map<Long, Double>> jit) {
        this.max = max;
        this.clock = clock;
        this.jit = jit;
    }

    /** A round begins now. */
    public synchronized void roundStarted() {
        roundStart = clock.getAsLong();
        if (start < 0) {
            start = roundStart;
        }
        jitAtRoundStart = jit.get();
        latencies = new SteadyState.Samples();
        lastCompletionAt = -1;
    }

    /** An order of the current round completed, {@code latencyMs} after it was meant to be sent. */
    public synchronized void completed(double latencyMs) {
        latencies.add(latencyMs);
        lastCompletionAt = clock.getAsLong();
    }

    /**
     * The round sent and drained: closes its window and says where the warm-up stands.
     *
     * @param backlog orders sent and not completed now
     * @param sent    orders sent so far
     */
    public synchronized Outcome roundEnded(long backlog, long sent) {
        long now = clock.getAsLong();
        Map<Long, Double> reading = jit.get();
        long busyUntil = lastCompletionAt > roundStart ? lastCompletionAt : now;
        double seconds = (busyUntil - roundStart) / 1000.0;
        boolean watched = !reading.isEmpty() && busyUntil > roundStart;
        Double cores = watched ? JitCpu.totalCores(jitAtRoundStart, reading, seconds) : null;
        windows.add(new WarmupWindow(now - start, latencies.p50(), latencies.size, backlog, sent, cores));
        if (!watched) {
            outcome = Outcome.UNWATCHED;
        } else if (JitCpu.busiestCores(jitAtRoundStart, reading, seconds) <= SteadyState.JIT_QUIET_CORES_PER_JVM) {
            outcome = Outcome.QUIET;
        } else if (now - start >= max.toMillis()) {
            outcome = Outcome.NOT_QUIET;
        }
        return outcome;
    }

    /** One window per round so far. */
    public synchronized List<WarmupWindow> windows() {
        return List.copyOf(windows);
    }

    public synchronized Outcome outcome() {
        return outcome;
    }
}
