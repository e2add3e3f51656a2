package io.supplychaos.metrics;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;

import io.supplychaos.result.TimeSeriesRow;

/**
 * The run's time series: once a second turns the load's running counters, the brokers' metrics
 * (from whatever source {@link BrokerMetrics} reads) and the host's CPU and memory into one
 * {@link TimeSeriesRow}, and prints the progress line. Runs
 * on its own thread, so a slow sample delays nothing else; a sample that fails is reported on the
 * console and the next one tries again.
 */
public final class Sampler implements Runnable, AutoCloseable {

    /** What the sampler reads from the load each second (the run's recorder). */
    public interface Counters {
        long sentCount();

        long ackedCount();

        long completedCount();

        long inFlight();

        /** Latencies completed since the previous call. */
        Histogram latencyInterval();

        /** Request times since the previous call. */
        Histogram requestTimeInterval();
    }

    private final Counters counters;
    private final BrokerMetrics brokers;
    private final Supplier<List<String>> activeFaults;
    private final PrintWriter out;
    private final HostMetrics host = new HostMetrics();
    private final List<TimeSeriesRow> rows = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "sampler");
        thread.setDaemon(true);
        return thread;
    });
    private volatile long measuredStart = Long.MAX_VALUE;
    private long sent;
    private long acked;
    private long completed;

    public Sampler(Counters counters, BrokerMetrics brokers, Supplier<List<String>> activeFaults, PrintWriter out) {
        this.counters = counters;
        this.brokers = brokers;
        this.activeFaults = activeFaults;
        this.out = out;
    }

    /** Samples every second from now on. */
    public void start() {
        timer.scheduleAtFixedRate(this, 1, 1, TimeUnit.SECONDS);
    }

    /** Rows from now on count their second from {@code start} (before it they are -1: warm-up). */
    public void measuringFrom(long start) {
        measuredStart = start;
    }

    /** The rows sampled so far. */
    public List<TimeSeriesRow> rows() {
        return List.copyOf(rows);
    }

    @Override
    public void run() {
        try {
            long now = System.currentTimeMillis();
            Histogram latency = counters.latencyInterval();
            Histogram request = counters.requestTimeInterval();
            BrokerMetrics.Sample broker = brokers.sample();
            List<String> faults = activeFaults.get();
            long sentNow = counters.sentCount();
            long ackedNow = counters.ackedCount();
            long completedNow = counters.completedCount();
            long inFlight = counters.inFlight();
            rows.add(new TimeSeriesRow(measuredStart == Long.MAX_VALUE ? -1 : (now - measuredStart) / 1000,
                    sentNow - sent, ackedNow - acked, completedNow - completed, inFlight, broker.messagesInPerSec(),
                    percentile(latency, 50), percentile(latency, 99), percentile(latency, 100),
                    percentile(request, 99), faults, broker.underReplicated(), broker.bytesInPerSec(),
                    broker.bytesOutPerSec(), broker.isrShrinksPerSec(), broker.isrExpandsPerSec(),
                    broker.requestHandlerIdlePct(), broker.produceTotalTimeP99Ms(), host.cpuPercent(),
                    host.memoryUsedMb()));
            out.printf("\rsent %d  acked %d  completed %d  in flight %d  |  %d orders/s  p99 %s ms  |  faults: %s    ",
                    sentNow, ackedNow, completedNow, inFlight, completedNow - completed,
                    latency.getTotalCount() == 0 ? "-" : String.format("%.0f", percentile(latency, 99)),
                    faults.isEmpty() ? "none" : String.join(", ", faults));
            out.flush();
            sent = sentNow;
            acked = ackedNow;
            completed = completedNow;
        } catch (RuntimeException e) {
            out.println("\nsampling failed: " + e);
        }
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
    }

    private static double percentile(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? Double.NaN
                : LatencyHistogram.millis(histogram.getValueAtPercentile(percentile));
    }
}
