package io.supplychaos.report;

import io.supplychaos.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RepeatSummaryTest {

    private static final RunResult BASE = Runs.result();

    @Test
    void shouldGiveMedianMinAndMaxOfEachHeadlineFigureOverThreeRuns() {
        List<RunResult> runs = List.of(
                Runs.withFigures(BASE, "c3", 300, 90, 200, 12, 8),
                Runs.withFigures(BASE, "c3", 100, 70, 400, 10, 6),
                Runs.withFigures(BASE, "c3", 200, 80, 300, 11, 7));

        RepeatSummary summary = RepeatSummary.of(runs);

        assertThat(summary.runs()).isEqualTo(3);
        assertThat(summary.env()).isEqualTo("c3");
        assertThat(summary.messages()).isEqualTo(10_000L);
        assertThat(summary.throughputOrdersPerSec()).isEqualTo(new RepeatSummary.Spread(200, 100, 300));
        assertThat(summary.latencyAvgMs()).isEqualTo(new RepeatSummary.Spread(80, 70, 90));
        assertThat(summary.latencyP99Ms()).isEqualTo(new RepeatSummary.Spread(300, 200, 400));
        assertThat(summary.requestTimeAvgMs()).isEqualTo(new RepeatSummary.Spread(11, 10, 12));
        assertThat(summary.jitterAvgMs()).isEqualTo(new RepeatSummary.Spread(7, 6, 8));
    }

    @Test
    void shouldAverageTheMiddleTwoForAnEvenNumberOfRuns() {
        RepeatSummary summary = RepeatSummary.of(List.of(
                Runs.withFigures(BASE, "c1", 100, 1, 1, 1, 1), Runs.withFigures(BASE, "c1", 200, 1, 1, 1, 1)));

        assertThat(summary.throughputOrdersPerSec().median()).isEqualTo(150);
    }

    @Test
    void shouldLeaveOutRunsWhoseFigureIsNotANumber() {
        RepeatSummary summary = RepeatSummary.of(List.of(
                Runs.withFigures(BASE, "c1", 100, 1, 1, 1, Double.NaN), Runs.withFigures(BASE, "c1", 200, 1, 1, 1, 4)));

        assertThat(summary.jitterAvgMs()).isEqualTo(new RepeatSummary.Spread(4, 4, 4));
    }

    @Test
    void shouldRefuseToSummariseNoRuns() {
        assertThatThrownBy(() -> RepeatSummary.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
