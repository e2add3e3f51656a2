package io.supplychaos.provenance;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import io.supplychaos.result.Provenance;

/**
 * A calibration of the machine, taken at the start of every run the same way: a fixed workload
 * timed on one thread, in the tool's own JVM. The workload is {@value #SIZE_WORDS} pseudo-random
 * longs from a fixed seed, sorted ({@code Arrays.sort}: branches, memory, no I/O, no allocation
 * while timed); {@value #UNMEASURED} rounds are run unmeasured so that the JIT has compiled it, then
 * {@value #ROUNDS} rounds are timed one by one, and the figure is the median round's sorts per
 * second, with the slowest and fastest beside it. About 2 s on a 2-core VM of 2026 (9 sorts/s).
 *
 * <p>Why in-process and on one thread: it takes no broker and no network, so it is the same for
 * every env kind and cannot be disturbed by the cluster's state, and one thread measures one
 * core's speed rather than how many cores are idle. It measures the machine as the run found it:
 * on a shared host a busy neighbour slows it, which is what it is for. Nothing here may fail a
 * run. Calibrations of different {@link #METHOD}s are never compared.
 */
public final class MachineCalibration {

    /** The method's name, recorded with every calibration; change it whenever the workload or its timing changes. */
    public static final String METHOD = "sort 1,048,576 longs on one thread, median of 9 timed rounds after 3 (v1)";

    static final int SIZE = 1 << 20;
    static final String SIZE_WORDS = "1,048,576";
    static final int UNMEASURED = 3;
    static final int ROUNDS = 9;
    private static final long SEED = 20_261_127L;

    /** Written so that the JIT cannot drop the sorts as unused. */
    private static volatile long sink;

    private MachineCalibration() {
    }

    /** This machine's calibration, now. */
    public static Provenance.Calibration take() {
        return take(SIZE, System::nanoTime);
    }

    /**
     * The calibration with {@code size} longs a round, timed by {@code nanos}; the method's name is the
     * production one only for {@link #SIZE}.
     */
    static Provenance.Calibration take(int size, LongSupplier nanos) {
        long[] source = new SplittableRandom(SEED).longs(size).toArray();
        long[] work = new long[size];
        for (int i = 0; i < UNMEASURED; i++) {
            round(source, work);
        }
        double[] rates = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            System.arraycopy(source, 0, work, 0, size); // the same unsorted input every round, copied outside the timing
            long start = nanos.getAsLong();
            Arrays.sort(work);
            long elapsed = Math.max(1, nanos.getAsLong() - start);
            sink += work[0] ^ work[size / 2] ^ work[size - 1];
            rates[i] = 1e9 / elapsed;
        }
        Arrays.sort(rates);
        return new Provenance.Calibration(size == SIZE ? METHOD : METHOD + " with " + size + " longs",
                rates[ROUNDS / 2], rates[0], rates[ROUNDS - 1], ROUNDS);
    }

    private static void round(long[] source, long[] work) {
        System.arraycopy(source, 0, work, 0, source.length);
        Arrays.sort(work);
        sink += work[0];
    }
}
