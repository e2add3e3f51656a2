package io.supplychaos.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import io.supplychaos.history.HistoryEvent.WarmupWindow;

/**
 * A warm-up in rounds that ends when the JIT is quiet: each round (a fixed count of orders, sent
 * and drained) becomes one window with its p50, its completions and the cores the JIT compilers of
 * the watched JVMs used over it; the warm-up is done after a round in which they used at most
 * {@link SteadyState#JIT_QUIET_CORES_PER_JVM} of a core per JVM, or once {@code max} has passed
 * since the first round began. As fast as possible a run has no steady latency to wait for (the
 * latency grows with the backlog), but its compilers do settle, and until they have, each JVM's
 * compilers take a share of two cores the chain itself needs (docs/PERFORMANCE.md, "A throughput
 * after the JIT"). Without a JIT figure (no /proc), one round ends it, {@link Outcome#UNWATCHED}.
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
    private final DoubleSupplier jitSeconds;
    private final IntSupplier jitJvms;
    private final List<WarmupWindow> windows = new ArrayList<>();
    private long start = -1;
    private long roundStart;
    private double jitAtRoundStart;
    private SteadyState.Samples latencies = new SteadyState.Samples();
    private Outcome outcome = Outcome.WARMING;

    /**
     * @param max        the bound on all rounds together, from the first round's start
     * @param clock      milliseconds
     * @param jitSeconds the CPU seconds the watched JVMs' compilers used so far, never decreasing; NaN
     *                   when not known ({@link JitCpu#seconds()})
     * @param jitJvms    how many JVMs that figure covers now ({@link JitCpu#jvms()})
     */
    public JitQuietRounds(Duration max, LongSupplier clock, DoubleSupplier jitSeconds, IntSupplier jitJvms) {
        this.max = max;
        this.clock = clock;
        this.jitSeconds = jitSeconds;
        this.jitJvms = jitJvms;
    }

    /** A round begins now. */
    public synchronized void roundStarted() {
        roundStart = clock.getAsLong();
        if (start < 0) {
            start = roundStart;
        }
        jitAtRoundStart = jitSeconds.getAsDouble();
        latencies = new SteadyState.Samples();
    }

    /** An order of the current round completed, {@code latencyMs} after it was meant to be sent. */
    public synchronized void completed(double latencyMs) {
        latencies.add(latencyMs);
    }

    /**
     * The round sent and drained: closes its window and says where the warm-up stands.
     *
     * @param backlog orders sent and not completed now
     * @param sent    orders sent so far
     */
    public synchronized Outcome roundEnded(long backlog, long sent) {
        long now = clock.getAsLong();
        double jit = jitSeconds.getAsDouble();
        Double cores = Double.isNaN(jit) || Double.isNaN(jitAtRoundStart) || now <= roundStart ? null
                : Math.max(0, jit - jitAtRoundStart) / ((now - roundStart) / 1000.0);
        windows.add(new WarmupWindow(now - start, latencies.p50(), latencies.size, backlog, sent, cores));
        if (cores == null) {
            outcome = Outcome.UNWATCHED;
        } else if (cores <= SteadyState.JIT_QUIET_CORES_PER_JVM * Math.max(1, jitJvms.getAsInt())) {
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
