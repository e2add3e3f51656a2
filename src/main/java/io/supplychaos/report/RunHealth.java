package io.supplychaos.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.result.TimeSeriesRow;

/**
 * Whether the machine, rather than Kafka, bounded a run's figures: a host CPU at
 * {@value #SATURATED_PCT} % or more for at least {@value #MIN_SECONDS} seconds and a tenth of
 * the sampled ones. Then latency and throughput in those seconds describe this machine (the
 * brokers, the app and the load generator share it), which the report's banner and the console
 * summary say. A pure function of the time series, so a re-rendered report says the same.
 */
public final class RunHealth {

    static final double SATURATED_PCT = 90;
    static final int MIN_SECONDS = 5;

    private RunHealth() {
    }

    /** The warning, naming how long and when, or empty when the CPU had room (or was not sampled). */
    public static Optional<String> cpuSaturation(List<TimeSeriesRow> rows) {
        List<Long> saturated = new ArrayList<>();
        long sampled = 0;
        for (TimeSeriesRow row : rows) {
            if (Double.isFinite(row.hostCpuPct())) {
                sampled++;
                if (row.hostCpuPct() >= SATURATED_PCT) {
                    saturated.add(row.second());
                }
            }
        }
        if (saturated.size() < MIN_SECONDS || saturated.size() * 10L < sampled) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "The host CPU was at %.0f %% or more for %d of %d sampled seconds"
                        + " (%s). In those seconds the brokers, the app and the load generator were waiting for this"
                        + " machine: latency and throughput there describe the machine more than Kafka.",
                SATURATED_PCT, saturated.size(), sampled, spans(saturated)));
    }

    /**
     * The share (0 to 1) of the measured seconds in which the host CPU was at {@value #SATURATED_PCT} %
     * or more; NaN when no measured second sampled it. Measured seconds are the measure phase and the
     * drain: an as-fast-as-possible run sends in a second or two and its orders are processed while
     * it drains, so counting the sending alone would call a busy run idle.
     */
    public static double saturatedShare(List<TimeSeriesRow> rows) {
        long sampled = 0;
        long saturated = 0;
        for (TimeSeriesRow row : rows) {
            if ((row.phase() == HistoryEvent.Phase.MEASURE
                    || row.phase() == HistoryEvent.Phase.DRAIN) && Double.isFinite(row.hostCpuPct())) {
                sampled++;
                if (row.hostCpuPct() >= SATURATED_PCT) {
                    saturated++;
                }
            }
        }
        return sampled == 0 ? Double.NaN : (double) saturated / sampled;
    }

    /** "seconds -32 to 3, 40 to 44" (at most three spans, then "and N more"). */
    static String spans(List<Long> seconds) {
        List<String> spans = new ArrayList<>();
        int i = 0;
        while (i < seconds.size()) {
            int j = i;
            while (j + 1 < seconds.size() && seconds.get(j + 1) == seconds.get(j) + 1) {
                j++;
            }
            spans.add(i == j ? Long.toString(seconds.get(i)) : seconds.get(i) + " to " + seconds.get(j));
            i = j + 1;
        }
        String shown = String.join(", ", spans.subList(0, Math.min(3, spans.size())));
        return (spans.size() == 1 && !spans.get(0).contains(" to ") ? "second " : "seconds ") + shown
                + (spans.size() > 3 ? " and " + (spans.size() - 3) + " more" : "");
    }
}
