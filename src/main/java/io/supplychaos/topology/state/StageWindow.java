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
        return new StageWindow(stage, start, end, 0, 0, 0, encode(newHistogram()), false);
    }

    public StageWindow record(long latencyMs) {
        long clamped = Math.max(0, Math.min(latencyMs, HIGHEST_TRACKABLE_MS));
        Histogram distribution = distribution();
        distribution.recordValue(clamped);
        return new StageWindow(stage, start, end, count + 1, sumMs + clamped, Math.max(maxMs, clamped),
                encode(distribution), evaluated);
    }

    /** The same stage and window seen by another task: counts and distributions add up. */
    public StageWindow merge(StageWindow other) {
        Histogram merged = distribution();
        merged.add(other.distribution());
        return new StageWindow(stage, start, end, count + other.count, sumMs + other.sumMs, Math.max(maxMs, other.maxMs),
                encode(merged), evaluated && other.evaluated);
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

    private static byte[] encode(Histogram distribution) {
        ByteBuffer buffer = ByteBuffer.allocate(distribution.getNeededByteBufferCapacity());
        // V2 encoding already run-length encodes empty buckets; deflating on every sample costs more than it saves
        int length = distribution.encodeIntoByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return bytes;
    }
}
