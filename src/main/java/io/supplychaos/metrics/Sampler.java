package io.supplychaos.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;

import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.TimeSeriesRow;

/**
 * The run's time series: once a second turns the load's running counters, the brokers' metrics
 * (from whatever source {@link BrokerMetrics} reads), the app's consumer lag and the host's CPU
 * and memory into one {@link TimeSeriesRow}, and updates the {@link ProgressLine}. Runs on its own
 * thread, so a slow sample delays nothing else; a sample that fails is reported on the console and
 * the next one tries again.
 *
 * <p>Seconds: the k-th sample is meant for {@code start + k s} (a fixed-rate schedule runs a late
 * sample and then catches up, never skips one), and a row's second is where that intended time
 * falls relative to the start of the measured phase: 0 for the first second after it, -1 for the
 * last warm-up second. Since intended times are 1 s apart, no two rows share a second; warm-up
 * rows are numbered once the measured phase has begun (or, for a run cut short before it, counted
 * back from the last).
 */
public final class Sampler implements Runnable, AutoCloseable {

    /** What the sampler reads from the load each second (the run's recorder). */
    public interface Counters {
        long sentCount();

        long ackedCount();

        long completedCount();

        long inFlight();

        /** The earliest intended send time of the orders in flight; {@link Long#MAX_VALUE} when none. */
        long oldestInFlightPlacedAt();

        /** Latencies completed since the previous call. */
        Histogram latencyInterval();

        /** Request times since the previous call. */
        Histogram requestTimeInterval();
    }

    /**
     * What the run means to do, for the progress line's % done and ETA.
     *
     * @param orders        orders the run sends, warm-up included; 0 when the measured phase is bounded by time
     * @param durationMs    the measured phase's length when bounded by time, else 0
     * @param ratePerSecond the offered rate, 0 for as fast as possible (then the ETA comes from the pace so far)
     * @param measuredOnly  {@code orders} counts the measured phase's only (a warm-up until steady, whose
     *                      length is not known ahead): no share during the warm-up, then sends counted
     *                      from the measured phase's start
     */
    public record Plan(long orders, long durationMs, double ratePerSecond, boolean measuredOnly) {

        public Plan(long orders, long durationMs, double ratePerSecond) {
            this(orders, durationMs, ratePerSecond, false);
        }

        public static Plan measuredOnly(long orders, long durationMs, double ratePerSecond) {
            return new Plan(orders, durationMs, ratePerSecond, true);
        }
    }

    private record Sample(long intendedAt, Phase phase, TimeSeriesRow row) {
    }

    private final Counters counters;
    private final BrokerMetrics brokers;
    private final Supplier<List<String>> activeFaults;
    private final Supplier<Map<Integer, Long>> consumerLag;
    private final ProgressLine progress;
    private final Plan plan;
    private final HostMetrics host = new HostMetrics();
    private final List<Sample> samples = new ArrayList<>();
    private final List<Consumer<TimeSeriesRow>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "sampler");
        thread.setDaemon(true);
        return thread;
    });
    private volatile long measuredStart = Long.MAX_VALUE;
    /** Orders sent when the measured phase began, for a plan of measured orders only. */
    private volatile long sentAtMeasure;
    private volatile Phase phase = Phase.WARMUP;
    private long startedAt;
    private long ticks;
    private long sent;
    private long acked;
    private long completed;

    public Sampler(Counters counters, BrokerMetrics brokers, Supplier<List<String>> activeFaults,
                   Supplier<Map<Integer, Long>> consumerLag, ProgressLine progress, Plan plan) {
        this.counters = counters;
        this.brokers = brokers;
        this.activeFaults = activeFaults;
        this.consumerLag = consumerLag;
        this.progress = progress;
        this.plan = plan;
    }

    /** Samples every second from now on. */
    public void start() {
        startedAt = System.currentTimeMillis();
        timer.scheduleAtFixedRate(this, 1, 1, TimeUnit.SECONDS);
    }

    /** {@code listener} gets each row as it is sampled (its second provisional during warm-up). */
    public void onRow(Consumer<TimeSeriesRow> listener) {
        listeners.add(listener);
    }

    /** The measured phase began at {@code start}: second 0 begins there. */
    public void measuringFrom(long start) {
        if (plan.measuredOnly()) {
            sentAtMeasure = counters.sentCount();
        }
        measuredStart = start;
        phase = Phase.MEASURE;
    }

    /** The run entered {@code phase}; rows sampled from now on carry it. */
    public void phase(Phase phase) {
        this.phase = phase;
    }

    /** The rows sampled so far, each at its second (see the class comment). */
    public List<TimeSeriesRow> rows() {
        List<Sample> copy;
        synchronized (samples) {
            copy = List.copyOf(samples);
        }
        long start = measuredStart;
        List<TimeSeriesRow> rows = new ArrayList<>(copy.size());
        for (int i = 0; i < copy.size(); i++) {
            Sample s = copy.get(i);
            long second = start == Long.MAX_VALUE ? i - copy.size()
                    : Math.floorDiv(s.intendedAt() - start + 999, 1000) - 1;
            Phase phaseOfRow = second < 0 ? Phase.WARMUP
                    : s.phase() == Phase.WARMUP ? Phase.MEASURE : s.phase();
            rows.add(s.row().at(phaseOfRow, second));
        }
        return rows;
    }

    @Override
    public void run() {
        try {
            long intendedAt = startedAt + ++ticks * 1000;
            long now = System.currentTimeMillis();
            Phase current = phase;
            Histogram latency = counters.latencyInterval();
            Histogram request = counters.requestTimeInterval();
            BrokerMetrics.Sample broker = brokers.sample();
            Map<Integer, Long> lag = consumerLag.get();
            List<String> faults = activeFaults.get();
            long sentNow = counters.sentCount();
            long ackedNow = counters.ackedCount();
            long completedNow = counters.completedCount();
            long inFlight = counters.inFlight();
            long oldest = counters.oldestInFlightPlacedAt();
            long start = measuredStart;
            TimeSeriesRow row = new TimeSeriesRow(current,
                    start == Long.MAX_VALUE ? -1 : Math.floorDiv(intendedAt - start + 999, 1000) - 1,
                    sentNow - sent, ackedNow - acked, completedNow - completed, inFlight,
                    oldest == Long.MAX_VALUE ? Double.NaN : Math.max(0, now - oldest), broker.messagesInPerSec(),
                    percentile(latency, 50), percentile(latency, 99), percentile(latency, 100),
                    percentile(request, 99), faults, broker.underReplicated(), broker.bytesInPerSec(),
                    broker.bytesOutPerSec(), broker.isrShrinksPerSec(), broker.isrExpandsPerSec(),
                    broker.requestHandlerIdlePct(), broker.produceTotalTimeP99Ms(), host.cpuPercent(),
                    host.memoryUsedMb(), lag);
            synchronized (samples) {
                samples.add(new Sample(intendedAt, current, row));
            }
            listeners.forEach(listener -> listener.accept(row));
            progress.update(status(now, current, sentNow, ackedNow, completedNow, inFlight, completedNow - completed,
                    latency, faults));
            sent = sentNow;
            acked = ackedNow;
            completed = completedNow;
        } catch (RuntimeException e) {
            progress.println("sampling failed: " + e);
        }
    }

    /**
     * "[measure 42 %, ETA 35 s] sent 2600  acked 2590  completed 2500  in flight 90 | 100 orders/s
     * p99 850 ms | faults: none"; on a log, prefixed with the seconds since the run's sampling began.
     */
    private String status(long now, Phase current, long sentNow, long ackedNow, long completedNow, long inFlight,
                          long perSecond, Histogram latency, List<String> faults) {
        StringBuilder text = new StringBuilder();
        if (!progress.interactive()) {
            text.append(String.format(Locale.ROOT, "t+%ds ", (now - startedAt) / 1000));
        }
        text.append('[').append(current.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        String done = done(now, current, sentNow);
        if (!done.isEmpty()) {
            text.append(' ').append(done);
        }
        text.append("] ");
        text.append(String.format(Locale.ROOT, "sent %d  acked %d  completed %d  in flight %d | %d orders/s  p99 %s ms"
                        + " | faults: %s",
                sentNow, ackedNow, completedNow, inFlight, perSecond,
                latency.getTotalCount() == 0 ? "-" : String.format(Locale.ROOT, "%.0f", percentile(latency, 99)),
                faults.isEmpty() ? "none" : String.join(", ", faults)));
        return text.toString();
    }

    /** "42 %, ETA 35 s" while sending to a plan; empty once sending is over or without a plan. */
    private String done(long now, Phase current, long sentNow) {
        if (current != Phase.WARMUP && current != Phase.MEASURE) {
            return "";
        }
        if (plan.orders() > 0) {
            if (plan.measuredOnly() && (current == Phase.WARMUP || measuredStart == Long.MAX_VALUE)) {
                return "";
            }
            long sentOfPlan = plan.measuredOnly() ? sentNow - sentAtMeasure : sentNow;
            double fraction = Math.min(1, (double) sentOfPlan / plan.orders());
            long elapsed = now - (plan.measuredOnly() ? measuredStart : startedAt);
            // at an offered rate the rest takes what the rate says; as fast as possible, what the pace so far says
            long etaSeconds = plan.ratePerSecond() > 0 ? Math.round((plan.orders() - sentOfPlan) / plan.ratePerSecond())
                    : Math.round(elapsed * (1 - fraction) / Math.max(fraction, 1e-9) / 1000);
            String eta = sentOfPlan == 0 || fraction >= 1 ? "" : String.format(Locale.ROOT, ", ETA %d s", etaSeconds);
            return String.format(Locale.ROOT, "%.0f %%%s", 100 * fraction, eta);
        }
        if (plan.durationMs() > 0 && current == Phase.MEASURE && measuredStart != Long.MAX_VALUE) {
            long elapsed = Math.max(0, now - measuredStart);
            double fraction = Math.min(1, (double) elapsed / plan.durationMs());
            return String.format(Locale.ROOT, "%.0f %%, ETA %d s", 100 * fraction,
                    Math.max(0, (plan.durationMs() - elapsed) / 1000));
        }
        return "";
    }

    /** Stops sampling and lets a sample in progress finish (it shares the latency histogram with the result). */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        progress.finish();
    }

    private static double percentile(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? Double.NaN
                : LatencyHistogram.millis(histogram.getValueAtPercentile(percentile));
    }
}
