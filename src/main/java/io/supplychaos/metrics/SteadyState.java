package io.supplychaos.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.spec.Durations;

/**
 * Whether a warm-up has reached a steady state, as benchmark harnesses wait for one: time is cut
 * into windows (5 s by default) from the warm-up's start, each window's p50 end-to-end latency is
 * taken over the warm-up orders completed in it, and the system is steady when, for the last K
 * windows (3 by default) in a row,
 * <ul>
 * <li>the p50 stopped falling: the lowest p50 of the K windows is not below the lowest p50 of
 *     every window before them by more than the tolerance (10 % of it, and at least
 *     {@link #LATENCY_SLACK_MS}); each of the K windows sent and completed something (a window
 *     that sent nothing, a count's drain, offers no rate to be steady at: there the p50 of the
 *     draining batch stops falling because its last orders waited longest);</li>
 * <li>the p50 stopped rising: the last window's p50 is not the highest of the K windows and the
 *     one before them while above the first of those by more than the tolerance (a latency still
 *     climbing is no steady state either);</li>
 * <li>the p50 is flat: the K windows' p50s spread over at most twice the tolerance of their
 *     median; and</li>
 * <li>the backlog (orders sent and not completed) holds: at the end of the K windows it is neither
 *     higher nor lower than at their start by more than the tolerance of the orders sent in them (and
 *     at least {@link #BACKLOG_SLACK_ORDERS}): the chain completes what is sent, and no more. A
 *     backlog that shrinks is a queue left by the cold start still draining: its p50 falls slowly
 *     enough to pass the p50 rules while the chain is far from its steady latency.</li>
 * </ul>
 * Where the JVMs run on this machine (the tool's own always, an embedded env's brokers and apps), the
 * rule also asks that their JIT compilers be quiet: in each of the K windows each JVM's used at most
 * {@link #JIT_QUIET_CORES_PER_JVM} of a core ({@link JitCpu}). A JVM that still compiles is still
 * getting faster, and on few cores its compilers take the CPU the chain needs: at 100 orders/s on
 * two cores the windows' p50 was flat while the compilers still took a fifth to a third of the
 * host (docs/PERFORMANCE.md, "What 100 orders/s costs").
 * Comparing the K windows with the lowest p50 before them, rather than each window with the one
 * before it, catches a slow decline that is within the tolerance from one window to the next.
 * The state is {@link Status#NOT_STEADY} once the rule's bound passed without the rule holding.
 *
 * <p>Pure: time comes from the clock it is given, latencies from {@link #completed}, the backlog
 * and sent count from {@link #poll}; a window is closed by the first poll after its end, with the
 * backlog and count that poll gives. Thread-safe (completions arrive on the outcome consumer's
 * thread, polls on the load's).
 */
public final class SteadyState {

    /** A fall of the p50 this small is noise whatever the tolerance (whole ms, commit intervals of 100 ms). */
    public static final double LATENCY_SLACK_MS = 10;
    /** A backlog growing by this few orders is noise whatever the tolerance (a very low rate). */
    public static final long BACKLOG_SLACK_ORDERS = 5;
    /**
     * The JIT compilers of each watched JVM at most this much of a core in each of the K windows: warm
     * JVMs on this machine spent 0.00-0.08 of a core each on them at 100 orders/s, cold ones 0.1-0.55.
     * Each JVM, not their average: a fresh app compiling at 0.2 of a core beside four quiet JVMs
     * passed an average of 0.05 each.
     */
    public static final double JIT_QUIET_CORES_PER_JVM = 0.05;

    /**
     * The rule.
     *
     * @param window    the length of a window
     * @param windows   K: how many windows in a row the p50 and the backlog must hold
     * @param tolerance how far (a fraction, 0.1 = 10 %) the p50 may fall and the backlog grow and still count as holding
     * @param max       the bound: not steady after this long; at least {@link #least()}
     */
    public record Rule(Duration window, int windows, double tolerance, Duration max) {

        /** 5 s windows, 3 in a row, 10 %, at most 90 s. */
        public static final Rule DEFAULT = new Rule(Duration.ofSeconds(5), 3, 0.10, Duration.ofSeconds(90));

        public Rule {
            if (window.toMillis() < 1 || windows < 1 || !(tolerance >= 0 && tolerance < 1)) {
                throw new IllegalArgumentException("a steady rule needs a window of at least 1 ms, at least one window "
                        + "and a tolerance from 0 to below 1; got " + window + ", " + windows + ", " + tolerance);
            }
            Duration least = window.multipliedBy(windows + 1L);
            if (max.compareTo(least) < 0) {
                throw new IllegalArgumentException("the bound of a steady rule must be at least " + Durations.format(least)
                        + " ((windows + 1) x window: the rule needs a window before the last " + windows
                        + "), got " + Durations.format(max));
            }
        }

        /** The shortest warm-up the rule can call steady: K windows and one before them. */
        public Duration least() {
            return window.multipliedBy(windows + 1L);
        }

        /** This rule with another bound, never below {@link #least()}. */
        public Rule withMax(Duration bound) {
            return new Rule(window, windows, tolerance, bound.compareTo(least()) < 0 ? least() : bound);
        }

        /**
         * "p50 of 5s windows stopped falling and rising, flat, and backlog held, 3 windows in a row,
         * within 10 %; at most 90s".
         */
        public String describe() {
            return String.format(Locale.ROOT, "p50 of %s windows stopped falling and rising, flat, and backlog held,"
                            + " %d windows in a row, within %s %%; at most %s", Durations.format(window), windows,
                    percent(tolerance), Durations.format(max));
        }

        private static String percent(double fraction) {
            double p = fraction * 100;
            return p == Math.rint(p) ? Long.toString(Math.round(p)) : String.format(Locale.ROOT, "%.1f", p);
        }
    }

    /** Where a warm-up stands. */
    public enum Status {
        /** Not steady yet, and the bound not reached. */
        WARMING,
        /** The rule held (for good: a later window does not undo it). */
        STEADY,
        /** The bound passed before the rule held (for good). */
        NOT_STEADY
    }

    /** The latencies of one window still open (also a round's, in {@link JitQuietRounds}). */
    static final class Samples {
        double[] values = new double[64];
        int size;

        void add(double value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        /** The nearest-rank median (the lower of the two middle values), or null with no sample. */
        Double p50() {
            if (size == 0) {
                return null;
            }
            double[] sorted = Arrays.copyOf(values, size);
            Arrays.sort(sorted);
            return sorted[(size - 1) / 2];
        }
    }

    private final Rule rule;
    private final LongSupplier clock;
    private final long start;
    private final long windowMs;
    private final List<WarmupWindow> closed = new ArrayList<>();
    private final Map<Long, Samples> open = new TreeMap<>();
    private final Supplier<Map<Long, Double>> jit;
    /** Whether the compilers were quiet in each closed window (true where not watched). */
    private final List<Boolean> jitQuiet = new ArrayList<>();
    private Map<Long, Double> jitAtLastClose;
    private long jitLastAt;
    private Status status = Status.WARMING;
    private long decidedAfterMs = -1;

    /** Starts watching now ({@code clock}, in ms), the JIT not watched. */
    public SteadyState(Rule rule, LongSupplier clock) {
        this(rule, clock, Map::of);
    }

    /**
     * Starts watching now ({@code clock}, in ms).
     *
     * @param jit the CPU seconds each watched JVM's compilers used so far, never decreasing
     *            ({@link JitCpu#secondsByJvm()}); empty when none can be read, and then the JIT is not asked
     */
    public SteadyState(Rule rule, LongSupplier clock, Supplier<Map<Long, Double>> jit) {
        this.rule = rule;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.windowMs = rule.window().toMillis();
        this.jit = jit;
        this.jitAtLastClose = jit.get();
        this.jitLastAt = start;
    }

    public Rule rule() {
        return rule;
    }

    /** When the warm-up began, on the clock. */
    public long startedAt() {
        return start;
    }

    /** A warm-up order completed now, {@code latencyMs} after its intended send. */
    public synchronized void completed(double latencyMs) {
        long index = Math.max(0, (clock.getAsLong() - start) / windowMs);
        open.computeIfAbsent(index, i -> new Samples()).add(latencyMs);
    }

    /**
     * Closes every window that ended by now, with this backlog and count, and says where the warm-up
     * stands.
     *
     * @param backlog orders sent and not completed now
     * @param sent    orders sent so far
     */
    public synchronized Status poll(long backlog, long sent) {
        long now = clock.getAsLong();
        int closing = 0;
        while (start + (closed.size() + closing + 1L) * windowMs <= now) {
            closing++;
        }
        Double jitCores = null;
        boolean quiet = true;
        if (closing > 0) {
            Map<Long, Double> reading = jit.get();
            if (!reading.isEmpty() && now > jitLastAt) {
                // windows closed by one poll share its figure: the compilers' CPU since the last close
                double seconds = (now - jitLastAt) / 1000.0;
                jitCores = JitCpu.totalCores(jitAtLastClose, reading, seconds);
                quiet = JitCpu.busiestCores(jitAtLastClose, reading, seconds) <= JIT_QUIET_CORES_PER_JVM;
            }
            jitAtLastClose = reading;
            jitLastAt = now;
        }
        boolean closedOne = closing > 0;
        for (int i = 0; i < closing; i++) {
            long index = closed.size();
            Samples samples = open.remove(index);
            closed.add(new WarmupWindow((index + 1) * windowMs, samples == null ? null : samples.p50(),
                    samples == null ? 0 : samples.size, backlog, sent, jitCores));
            jitQuiet.add(quiet);
        }
        if (status == Status.WARMING) {
            if (closedOne && holds()) {
                status = Status.STEADY;
                decidedAfterMs = closed.get(closed.size() - 1).endMs();
            } else if (now - start >= rule.max().toMillis()) {
                status = Status.NOT_STEADY;
                decidedAfterMs = now - start;
            }
        }
        return status;
    }

    /** Whether the rule holds over the windows closed so far, whatever the bound. */
    public synchronized boolean holds() {
        int n = closed.size();
        int k = rule.windows();
        if (n < k + 1) {
            return false;
        }
        List<WarmupWindow> last = closed.subList(n - k, n);
        if (last.stream().anyMatch(w -> w.p50Ms() == null)) {
            return false;
        }
        // JVMs still compiling are still getting faster, and take the CPU the chain runs on
        if (jitQuiet.subList(n - k, n).contains(false)) {
            return false;
        }
        for (int i = n - k; i < n; i++) {
            // a window that sent nothing (a count's drain) offers no rate to be steady at
            if (closed.get(i).sent() <= closed.get(i - 1).sent()) {
                return false;
            }
        }
        double reference = closed.subList(0, n - k).stream().filter(w -> w.p50Ms() != null)
                .mapToDouble(WarmupWindow::p50Ms).min().orElse(Double.NaN);
        if (Double.isNaN(reference)) {
            return false;
        }
        double lowest = last.stream().mapToDouble(WarmupWindow::p50Ms).min().orElseThrow();
        if (reference - lowest > Math.max(rule.tolerance() * reference, LATENCY_SLACK_MS)) {
            return false;
        }
        if (stillRising(closed.subList(n - k - 1, n)) || !flat(last)) {
            return false;
        }
        WarmupWindow before = closed.get(n - k - 1);
        WarmupWindow end = closed.get(n - 1);
        long growth = end.backlog() - before.backlog();
        long sentInThem = end.sent() - before.sent();
        // either way: a backlog that shrinks is a queue still draining, and its p50 still has to fall
        return Math.abs(growth) <= Math.max(rule.tolerance() * sentInThem, BACKLOG_SLACK_ORDERS);
    }

    /**
     * Whether the p50 is still climbing over these windows (the K and the one before them): the last
     * is the highest of them and above the first by more than the tolerance (of the first, and at
     * least {@link #LATENCY_SLACK_MS}). A queue that is still filling, or a JIT that falls behind,
     * raises every window's p50; noise around a flat p50 makes the last window the highest, and that
     * far above the first, only now and then, and costs one window.
     */
    private boolean stillRising(List<WarmupWindow> windows) {
        double last = windows.get(windows.size() - 1).p50Ms();
        double first = windows.stream().map(WarmupWindow::p50Ms).filter(p -> p != null).findFirst().orElseThrow();
        boolean highest = windows.stream().map(WarmupWindow::p50Ms).allMatch(p -> p == null || p <= last);
        return highest && last - first > Math.max(rule.tolerance() * first, LATENCY_SLACK_MS);
    }

    /**
     * Whether the K windows' p50s lie in one band: their spread (highest less lowest) is at most twice
     * the tolerance of their median (and at least {@link #LATENCY_SLACK_MS}). Noise around a level
     * stays in it; a p50 still coming down from a cold start's peak (7.2 s, 7.1 s, 4.2 s) does not,
     * even where an early window of the first, fast orders sits below it and hides the fall from the
     * comparison with the windows before.
     */
    private boolean flat(List<WarmupWindow> windows) {
        double[] p50s = windows.stream().mapToDouble(WarmupWindow::p50Ms).sorted().toArray();
        double median = p50s[(p50s.length - 1) / 2];
        return p50s[p50s.length - 1] - p50s[0] <= Math.max(2 * rule.tolerance() * median, LATENCY_SLACK_MS);
    }

    /** The windows closed so far, in order. */
    public synchronized List<WarmupWindow> windows() {
        return List.copyOf(closed);
    }

    /**
     * How long the warm-up took to reach its state: to the end of the window that made it steady,
     * to the poll that found the bound passed, or, while warming, until now.
     */
    public synchronized long elapsedMs() {
        return decidedAfterMs >= 0 ? decidedAfterMs : clock.getAsLong() - start;
    }
}
