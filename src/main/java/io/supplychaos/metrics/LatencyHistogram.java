package io.supplychaos.metrics;

import io.supplychaos.result.RunResult;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A latency distribution recorded in microseconds by many threads (HdrHistogram's Recorder, so
 * recording never blocks), reported in milliseconds. {@link #interval()} takes what was recorded
 * since the last call, for per-second rows, and adds it to the cumulative distribution.
 */
public final class LatencyHistogram {

    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    private static final double[] DISTRIBUTION = {0, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100};

    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
    private final Histogram total = new Histogram(HIGHEST_MICROS, 3);
    private Histogram reusable;

    public void recordMillis(double millis) {
        recorder.recordValue(Math.max(0, Math.min(HIGHEST_MICROS, Math.round(millis * 1000))));
    }

    /** What was recorded since the previous call, also folded into the total; valid until the next call. */
    public synchronized Histogram interval() {
        reusable = recorder.getIntervalHistogram(reusable);
        total.add(reusable);
        return reusable;
    }

    /** Everything recorded so far. */
    public synchronized RunResult.Latency summary() {
        interval();
        return summarize(total);
    }

    public synchronized long count() {
        interval();
        return total.getTotalCount();
    }

    public synchronized List<RunResult.Percentile> distribution() {
        interval();
        if (total.getTotalCount() == 0) {
            return List.of();
        }
        return java.util.Arrays.stream(DISTRIBUTION)
                .mapToObj(p -> new RunResult.Percentile(p, millis(total.getValueAtPercentile(p))))
                .toList();
    }

    public static RunResult.Latency summarize(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new RunResult.Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new RunResult.Latency(histogram.getMean() / 1000, millis(histogram.getValueAtPercentile(50)),
                millis(histogram.getValueAtPercentile(95)), millis(histogram.getValueAtPercentile(99)),
                millis(histogram.getValueAtPercentile(99.9)), millis(histogram.getMaxValue()));
    }

    public static double millis(long micros) {
        return micros / 1000.0;
    }
}
