package io.supplychaos.check;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * How long after a fault the pipeline's throughput came back, from the per-second count of
 * completed orders from the measured phase's start to the run's last completion, the drain
 * included. Measured from the fault's injection. The reference is the median rate over the
 * {@value #REFERENCE_SECONDS} seconds before the fault (the mean of every second counted when
 * nothing had completed yet, or the fault came at the start); the pipeline is hurt once a second
 * while load was offered falls below half of it ({@link #THRESHOLD}), and has recovered at the first
 * later second back at half or more, in the measured phase or in the drain. In the drain no load is
 * offered, so its falling rate hurts nothing, and the second in which the last order still in
 * flight completed (every acknowledged order completed or gone from the log by the end) counts as
 * recovered too: nothing was left to complete. A fault that never hurt the rate recovers in zero
 * seconds; one after which no order completed, or the rate never came back while orders stayed in
 * flight, did not recover (null).
 */
public final class Recovery {

    static final int REFERENCE_SECONDS = 5;
    static final double THRESHOLD = 0.5;

    private Recovery() {
    }

    /**
     * The recovery of one fault, in ms, or null (did not recover).
     *
     * @param completedPerSecond completed orders in each second from {@code measureStart} to the
     *                           run's last completion ({@link FaultIntervals#completedPerSecond})
     * @param measureStart       epoch ms of second 0
     * @param sendingEnded       epoch ms the drain began (no load offered from then on)
     * @param faultAt            epoch ms the fault was injected
     * @param completions        read times of every completion of the run
     * @param nothingInFlight    whether no acknowledged order was left in flight at the end
     */
    public static Long millis(long[] completedPerSecond, long measureStart, long sendingEnded, long faultAt,
                              List<Long> completions, boolean nothingInFlight) {
        long firstAfter = completions.stream().mapToLong(Long::longValue).filter(at -> at >= faultAt).min()
                .orElse(Long.MIN_VALUE);
        if (firstAfter == Long.MIN_VALUE) {
            return null;
        }
        if (faultAt >= sendingEnded) {
            // the fault came after sending ended: it recovered when an order completed again
            return firstAfter - faultAt;
        }
        long second = Math.floorDiv(faultAt - measureStart, 1000L);
        int drainSecond = (int) Math.max(0, Math.floorDiv(sendingEnded - measureStart, 1000L));
        long last = completions.stream().mapToLong(Long::longValue).max().orElse(measureStart);
        int backlogDone = nothingInFlight && last >= sendingEnded ? (int) Math.floorDiv(last - measureStart, 1000L) : -1;
        OptionalLong seconds = seconds(completedPerSecond, (int) Math.max(0, second), drainSecond, backlogDone);
        return seconds.isPresent() ? seconds.getAsLong() * 1000 : null;
    }

    /**
     * The rate rule alone, over seconds that all had load offered.
     *
     * @param completedPerSecond completed orders in each second of the run, index = second
     * @param faultSecond        the second the fault began (0 or later, within the array)
     * @return seconds from the fault to recovery, or empty when the rate never came back
     */
    public static OptionalLong seconds(long[] completedPerSecond, int faultSecond) {
        return seconds(completedPerSecond, faultSecond, completedPerSecond.length, -1);
    }

    /**
     * @param completedPerSecond completed orders in each second of the run, index = second
     * @param faultSecond        the second the fault began (0 or later, within the array)
     * @param drainSecond        the first second of the drain: from it on, no second hurts
     * @param backlogDoneSecond  the second in which the last order in flight completed, in the
     *                           drain; -1 when orders stayed in flight
     * @return seconds from the fault to recovery, or empty when it did not recover
     */
    static OptionalLong seconds(long[] completedPerSecond, int faultSecond, int drainSecond, int backlogDoneSecond) {
        if (faultSecond < 0 || faultSecond >= completedPerSecond.length) {
            return OptionalLong.empty();
        }
        long[] before = Arrays.copyOfRange(completedPerSecond, Math.max(0, faultSecond - REFERENCE_SECONDS), faultSecond);
        Arrays.sort(before);
        // before anything completed (a fault early in the run) the whole phase's mean is the reference
        double reference = before.length > 0 && before[before.length / 2] > 0 ? before[before.length / 2]
                : Arrays.stream(completedPerSecond, 0, Math.min(drainSecond, completedPerSecond.length)).average()
                .orElse(0);
        if (reference == 0) {
            return OptionalLong.empty();
        }
        int hurt = -1;
        for (int second = faultSecond; second < completedPerSecond.length; second++) {
            boolean healthy = completedPerSecond[second] >= THRESHOLD * reference || second == backlogDoneSecond;
            if (!healthy && hurt < 0 && second < drainSecond) {
                hurt = second;
            } else if (healthy && hurt >= 0) {
                return OptionalLong.of(second - faultSecond);
            }
        }
        return hurt < 0 ? OptionalLong.of(0) : OptionalLong.empty();
    }
}
