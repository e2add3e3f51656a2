package io.supplychaos.check;

import java.util.Arrays;
import java.util.OptionalLong;

/**
 * How long the pipeline took to complete orders again after a fault, from the per-second count of
 * completed orders while load was offered. The reference is the median rate over the seconds
 * before the fault (the mean of the whole phase when nothing had completed yet); the
 * pipeline is hurt once a second falls below half of it, and recovered at the first later second
 * back at half or more. A fault that never hurt the rate recovers in zero seconds.
 */
public final class Recovery {

    static final int REFERENCE_SECONDS = 5;
    static final double THRESHOLD = 0.5;

    private Recovery() {
    }

    /**
     * @param completedPerSecond completed orders in each second of the run, index = second
     * @param faultSecond        the second the fault began
     * @return seconds from the fault to recovery, or empty when the rate never came back
     */
    public static OptionalLong seconds(long[] completedPerSecond, int faultSecond) {
        if (faultSecond <= 0 || faultSecond >= completedPerSecond.length) {
            return OptionalLong.of(0);
        }
        long[] before = Arrays.copyOfRange(completedPerSecond, Math.max(0, faultSecond - REFERENCE_SECONDS), faultSecond);
        Arrays.sort(before);
        // before anything completed (a fault early in the run) the whole phase's mean is the reference
        double reference = before[before.length / 2] > 0 ? before[before.length / 2]
                : Arrays.stream(completedPerSecond).average().orElse(0);
        if (reference == 0) {
            return OptionalLong.of(0);
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
