package io.supplychaos.check;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * How long the pipeline took to complete orders again after a fault, from the per-second count of
 * completed orders while load was offered. The reference is the median rate over the seconds
 * before the fault (the mean of the whole phase when nothing had completed yet, or the fault came
 * at its start); the pipeline is hurt once a second falls below half of it, and recovered at the
 * first later second back at half or more. A fault that never hurt the rate recovers in zero
 * seconds; one after which no order completed at all never recovered.
 */
public final class Recovery {

    static final int REFERENCE_SECONDS = 5;
    static final double THRESHOLD = 0.5;

    private Recovery() {
    }

    /**
     * The recovery of one fault, in ms, or null ("not recovered") when no order completed after
     * it, or the rate never came back while load was offered.
     *
     * @param completedPerSecond completed orders in each second of the measured sending phase
     * @param measureStart       epoch ms of second 0
     * @param faultAt            epoch ms the fault was injected
     * @param completions        read times of every completion of the run
     */
    public static Long millis(long[] completedPerSecond, long measureStart, long faultAt, List<Long> completions) {
        long firstAfter = completions.stream().mapToLong(Long::longValue).filter(at -> at >= faultAt).min()
                .orElse(Long.MIN_VALUE);
        if (firstAfter == Long.MIN_VALUE) {
            return null;
        }
        long second = Math.floorDiv(faultAt - measureStart, 1000L);
        if (second >= completedPerSecond.length) {
            // the fault came after sending ended: it recovered when an order completed again
            return firstAfter - faultAt;
        }
        OptionalLong seconds = seconds(completedPerSecond, (int) Math.max(0, second));
        return seconds.isPresent() ? seconds.getAsLong() * 1000 : null;
    }

    /**
     * @param completedPerSecond completed orders in each second of the run, index = second
     * @param faultSecond        the second the fault began (0 or later, within the array)
     * @return seconds from the fault to recovery, or empty when the rate never came back
     */
    public static OptionalLong seconds(long[] completedPerSecond, int faultSecond) {
        if (faultSecond < 0 || faultSecond >= completedPerSecond.length) {
            return OptionalLong.empty();
        }
        long[] before = Arrays.copyOfRange(completedPerSecond, Math.max(0, faultSecond - REFERENCE_SECONDS), faultSecond);
        Arrays.sort(before);
        // before anything completed (a fault early in the run) the whole phase's mean is the reference
        double reference = before.length > 0 && before[before.length / 2] > 0 ? before[before.length / 2]
                : Arrays.stream(completedPerSecond).average().orElse(0);
        if (reference == 0) {
            return OptionalLong.empty();
        }
        int hurt = -1;
        for (int second = faultSecond; second < completedPerSecond.length; second++) {
            boolean healthy = completedPerSecond[second] >= THRESHOLD * reference;
            if (!healthy && hurt < 0) {
                hurt = second;
            } else if (healthy && hurt >= 0) {
                return OptionalLong.of(second - faultSecond);
            }
        }
        return hurt < 0 ? OptionalLong.of(0) : OptionalLong.empty();
    }
}
