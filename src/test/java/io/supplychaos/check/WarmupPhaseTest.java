package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.history.HistoryEvent.PhaseStarted;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.history.HistoryEvent.WarmupEnd;
import io.supplychaos.history.HistoryEvent.WarmupEnded;
import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.result.RunResult;

/** The warm-up read from a history: its end, its cost, its windows, and the measured phase's length. */
class WarmupPhaseTest {

    private static final List<WarmupWindow> WINDOWS = List.of(new WarmupWindow(5_000, null, 0, 60, 500),
            new WarmupWindow(10_000, 4_100.0, 120, 440, 1_000));

    @Test
    void givenAWarmupUntilSteady_whenRead_thenItsCostIsItsStartToTheMeasuredPhaseAndTheMeasuredPhaseRunsToTheDrain() {
        List<HistoryEvent> history = List.of(
                new PhaseStarted(Phase.WARMUP, 1_000),
                new Sent("o1", "aspirin", 1, true, 1_000, 1_000),
                new Sent("o2", "aspirin", 1, true, 1_010, 1_010),
                new Sent("o3", "aspirin", 1, true, 1_020, 1_020),
                new WarmupEnded(WarmupEnd.STEADY, true, 1_000, "rule", WINDOWS, 36_000),
                new PhaseStarted(Phase.MEASURE, 36_000),
                new Sent("o4", "aspirin", 1, false, 36_000, 36_000),
                new PhaseStarted(Phase.DRAIN, 96_000),
                new PhaseStarted(Phase.HEAL, 99_000),
                new HistoryEvent.RunEnded(HistoryEvent.EndReason.COMPLETED, "done", true, 100_000));

        RunResult.Warmup warmup = WarmupPhase.of(history);

        assertThat(warmup).isEqualTo(new RunResult.Warmup(WarmupEnd.STEADY, true, 35_000, 3, 60_000, "rule", WINDOWS));
        assertThat(warmup.describe()).isEqualTo("steady after 35 s");
    }

    @Test
    void givenABoundReachedAndARunEndedInItsMeasuredPhase_whenRead_thenNotSteadyAndMeasuredToTheEnd() {
        List<HistoryEvent> history = List.of(
                new WarmupEnded(WarmupEnd.NOT_STEADY, false, 0, "rule", WINDOWS, 90_000),
                new PhaseStarted(Phase.MEASURE, 90_000),
                new HistoryEvent.RunEnded(HistoryEvent.EndReason.INTERRUPTED, "ctrl-c", true, 95_000));

        RunResult.Warmup warmup = WarmupPhase.of(history);

        assertThat(warmup.describe()).isEqualTo("not steady after 90 s");
        assertThat(warmup.measuredMs()).isEqualTo(5_000);
    }

    @Test
    void givenAHistoryWrittenBeforeWarmupsWereWatched_whenRead_thenNone() {
        assertThat(WarmupPhase.of(List.of(new PhaseStarted(Phase.WARMUP, 0), new PhaseStarted(Phase.MEASURE, 5)))).isNull();
    }
}
