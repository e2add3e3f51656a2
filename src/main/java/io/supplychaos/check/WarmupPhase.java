package io.supplychaos.check;

import java.util.List;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.history.HistoryEvent.PhaseStarted;
import io.supplychaos.history.HistoryEvent.RunEnded;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.history.HistoryEvent.WarmupEnded;
import io.supplychaos.result.RunResult;

/**
 * The warm-up as a history tells it: how it ended (its {@code warmup} event), what it cost (its
 * start to the measured phase's), the warm-up orders sent, the p50 of each of its windows, and how
 * long the measured phase sent (its start to the next phase's, or to the run's end). A pure
 * function of the history, like the rest of the checker; a history without a {@code warmup} event
 * (written before warm-ups were watched, or of a run that ended before measuring) has none.
 */
public final class WarmupPhase {

    private WarmupPhase() {
    }

    /** The warm-up of the run whose history this is; null when the history records none. */
    public static RunResult.Warmup of(List<HistoryEvent> events) {
        WarmupEnded ended = null;
        long measureAt = -1;
        long afterMeasure = -1;
        long endAt = -1;
        long orders = 0;
        for (HistoryEvent event : events) {
            if (event instanceof WarmupEnded e) {
                ended = e;
            } else if (event instanceof PhaseStarted e) {
                if (e.phase() == Phase.MEASURE && measureAt < 0) {
                    measureAt = e.at();
                } else if (measureAt >= 0 && afterMeasure < 0 && e.phase() != Phase.MEASURE) {
                    afterMeasure = e.at();
                }
            } else if (event instanceof Sent e && e.warmup()) {
                orders++;
            } else if (event instanceof RunEnded e) {
                endAt = e.at();
            }
        }
        if (ended == null) {
            return null;
        }
        long measureEnd = afterMeasure >= 0 ? afterMeasure : endAt;
        long measuredMs = measureAt < 0 || measureEnd < measureAt ? 0 : measureEnd - measureAt;
        return new RunResult.Warmup(ended.end(), ended.steady(), Math.max(0, ended.at() - ended.startedAt()), orders,
                measuredMs, ended.rule(), ended.windows());
    }
}
