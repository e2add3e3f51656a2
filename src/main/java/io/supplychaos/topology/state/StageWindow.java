package io.supplychaos.topology.state;

import java.nio.ByteBuffer;

import org.HdrHistogram.Histogram;

/**
 * Value of the monitor-stage-windows store: latency statistics of one stage in one tumbling
 * window, with the full distribution as an encoded HdrHistogram.
 *
 * @param evaluated true once the window closed and was checked against the SLOW_STAGE threshold
 */
public record StageWindow(String stage, long start, long end, long count, long sumMs, long maxMs,
                          byte[] histogram, boolean evaluated) {

    private static final long HIGHEST_TRACKABLE_MS = 3_600_000L;

    public static StageWindow empty(String stage, long start, long end) {
        Histogram empty = newHistogram();
        return new StageWindow(stage, start, end, 0, 0, 0, encode(empty, scratchFor(empty)), false);
    }

    /** Latencies beyond the histogram's range are recorded at its bounds. */
    public static long clamp(long latencyMs) {
        return Math.max(0, Math.min(latencyMs, HIGHEST_TRACKABLE_MS));
    }

    /**
     * This window with one more sample, whose distribution (the sample already recorded in it) is
     * {@code distribution}. Callers that keep the decoded distribution between samples pass their
     * own, and a scratch buffer of at least {@link Histogram#getNeededByteBufferCapacity()} bytes.
     */
    public StageWindow withSample(long clampedMs, Histogram distribution, ByteBuffer scratch) {
        return new StageWindow(stage, start, end, count + 1, sumMs + clampedMs, Math.max(maxMs, clampedMs),
                encode(distribution, scratch), evaluated);
    }

    /** The same stage and window seen by another task: counts and distributions add up. */
    public StageWindow merge(StageWindow other) {
        Histogram merged = distribution();
        merged.add(other.distribution());
        return new StageWindow(stage, start, end, count + other.count, sumMs + other.sumMs, Math.max(maxMs, other.maxMs),
                encode(merged, scratchFor(merged)), evaluated && other.evaluated);
    }

    public StageWindow markEvaluated() {
        return new StageWindow(stage, start, end, count, sumMs, maxMs, histogram, true);
    }

    public long p99Ms() {
        return distribution().getValueAtPercentile(99.0);
    }

    public double throughputPerSecond() {
        return count * 1000.0 / (end - start);
    }

    public Histogram distribution() {
        return Histogram.decodeFromByteBuffer(ByteBuffer.wrap(histogram), 0);
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_MS, 2);
    }

    /** A buffer that any distribution of a window's range encodes into. */
    public static ByteBuffer scratchFor(Histogram distribution) {
        return ByteBuffer.allocate(distribution.getNeededByteBufferCapacity());
    }

    private static byte[] encode(Histogram distribution, ByteBuffer scratch) {
        scratch.clear();
        // V2 encoding already run-length encodes empty buckets; deflating on every sample costs more than it saves
        int length = distribution.encodeIntoByteBuffer(scratch);
        byte[] bytes = new byte[length];
        scratch.flip();
        scratch.get(bytes);
        return bytes;
    }
}
