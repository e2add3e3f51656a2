package io.supplychaos.metrics;

/**
 * Jitter as docs/ARCHITECTURE.md defines it: the mean absolute difference between the latencies of
 * consecutive orders, in the order they completed.
 */
public final class JitterMeter {

    private double previous = Double.NaN;
    private double sumOfDifferences;
    private long differences;

    public synchronized void completed(double latencyMs) {
        if (!Double.isNaN(previous)) {
            sumOfDifferences += Math.abs(latencyMs - previous);
            differences++;
        }
        previous = latencyMs;
    }

    public synchronized double averageMs() {
        return differences == 0 ? 0 : sumOfDifferences / differences;
    }
}
