package io.supplychaos.app;

import java.util.Locale;

/**
 * What the app's Kafka Streams settings favour ({@code supply.tuning}), applied by
 * {@link StreamsTuning} below anything set explicitly.
 *
 * <p>Under exactly_once_v2 a record is readable downstream only once its task's transaction
 * commits, and each of the chain's topic hops waits for one. LATENCY commits every 50 ms and
 * turns the state-store caches off: with caches on, each commit flushes task after task, each
 * flush a produce round trip (about 24 tasks here), and that took a commit from about 30 ms to
 * 500-700 ms (docs/PERFORMANCE.md). THROUGHPUT commits twice a second with caches on, so repeated
 * updates of a key reach the changelog once per commit: fewer records, larger transactions.
 * Under at_least_once records are readable as soon as they are written: LATENCY keeps Streams'
 * commit interval and caches and sends after 5 ms; THROUGHPUT is exactly-once's THROUGHPUT without
 * the transactions ({@link StreamsTuning}).
 */
public enum Tuning {
    LATENCY, THROUGHPUT;

    /**
     * The highest offered rate (orders/s) for which a scenario that leaves the choice to the tool
     * gets LATENCY; above it, and for "as fast as it goes", THROUGHPUT. Measured on C3 here: at
     * 300/s LATENCY still keeps up with the lower p50, at 400/s it falls behind and THROUGHPUT
     * does not (docs/PERFORMANCE.md).
     */
    public static final double LATENCY_MAX_RATE = 300;

    /** LATENCY for a finite offered rate up to {@link #LATENCY_MAX_RATE}, THROUGHPUT otherwise (0 = unlimited). */
    public static Tuning forRate(double ordersPerSecond) {
        return ordersPerSecond > 0 && ordersPerSecond <= LATENCY_MAX_RATE ? LATENCY : THROUGHPUT;
    }

    /** The value of {@code supply.tuning}: latency or throughput. */
    public String property() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tuning a {@code supply.tuning} value names, case-insensitive; null or blank means LATENCY, the default. */
    public static Tuning parse(String value) {
        if (value == null || value.isBlank()) {
            return LATENCY;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("supply.tuning: latency or throughput expected, was '" + value + "'");
        }
    }
}
