package io.supplychaos.env;

/**
 * The heap bound of an app instance ({@code -Xmx}), sized for the orders it holds. Its live set is
 * Streams' caches and buffers (up to about {@value #BASE_LIVE_MB} MB in the bench) plus, for every
 * order within {@code supply.order-retention}, each stage's deletion time (a packed queue, about 11
 * bytes) and known key (a fingerprint, 5-16 bytes): at most {@value #BYTES_PER_ORDER} bytes an
 * order over the four stages that keep one. The serial collector grows the old generation (two
 * thirds of the heap) to its bound before it collects it, so the bound is also the instance's
 * resident heap: 384 MB peaked at 600-620 MB resident in the bench, 256 MB at 470-490
 * (docs/PERFORMANCE.md, session 19). Hence the smallest bound whose old generation holds the live
 * set with a fifth of it to spare (full collections then come every 10-30 s at full speed, a few
 * hundred milliseconds each), in steps of {@value #STEP_MB} MB, never below {@value #FLOOR_MB} MB,
 * which holds about 420,000 orders: 700 orders/s for the default ten minutes. A user's {@code -Xmx}
 * in {@code SUPPLY_CHAOS_APP_JAVA_OPTS} comes after this one and wins.
 *
 * @param megabytes the bound
 */
public record AppHeap(int megabytes) {

    static final int FLOOR_MB = 256;
    static final int BASE_LIVE_MB = 100;
    static final int BYTES_PER_ORDER = 90;
    static final int STEP_MB = 64;
    /** The part of the heap the live set may fill: the old generation (the serial collector's two thirds), less a fifth. */
    private static final double LIVE_SHARE = 2.0 / 3 * 4 / 5;

    /** The bound of an instance that holds nothing beyond Streams' own: the floor. */
    public static final AppHeap DEFAULT = new AppHeap(FLOOR_MB);

    public AppHeap {
        if (megabytes < FLOOR_MB) {
            throw new IllegalArgumentException("an app heap of " + megabytes + " MB is below the floor of " + FLOOR_MB);
        }
    }

    /** The bound for an instance that holds {@code orders} orders of the retention at most. */
    public static AppHeap forOrdersHeld(long orders) {
        double liveMb = BASE_LIVE_MB + Math.max(0, orders) * (double) BYTES_PER_ORDER / (1 << 20);
        int needed = (int) Math.ceil(liveMb / LIVE_SHARE / STEP_MB) * STEP_MB;
        return new AppHeap(Math.max(FLOOR_MB, needed));
    }

    /** The JVM option. */
    public String option() {
        return "-Xmx" + megabytes + "m";
    }
}
