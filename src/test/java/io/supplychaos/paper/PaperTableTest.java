package io.supplychaos.paper;

import io.supplychaos.report.Runs;

import io.supplychaos.result.RunResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PaperTableTest {

    private final PaperTable table = PaperTable.load();

    @Test
    void shouldFindC3At10000MessagesAsInTheTable() {
        RunResult.PaperFigures c3 = table.figures("C3", 10_000).orElseThrow();

        assertThat(c3.latencyMs()).isEqualTo(78.5);
        assertThat(c3.throughputPerSec()).isEqualTo(360.8);
        assertThat(c3.requestTimeMs()).isEqualTo(10.1);
        assertThat(c3.jitterMs()).isEqualTo(7.5);
    }

    @Test
    void shouldMatchTheConfigWhateverItsCase() {
        assertThat(table.figures("c1", 100).orElseThrow().latencyMs()).isEqualTo(21.4);
    }

    @Test
    void shouldHaveNoFiguresForAMessageCountThePaperDidNotRun() {
        assertThat(table.figures("C3", 12_345)).isEmpty();
        assertThat(table.figures("C4", 10_000)).isEmpty();
    }

    @Test
    void shouldHoldEveryConfigForEachOfThe22MessageCounts() {
        assertThat(table.rows()).hasSize(22 * 3);
    }

    @Test
    void shouldDivideOursByThePapersAndGiveNaNWhenThePapersIsZero() {
        assertThat(PaperTable.ratio(157, 78.5)).isCloseTo(2.0, within(1e-9));
        assertThat(PaperTable.ratio(1, 0)).isNaN();
    }

    @Test
    void shouldComputeTheFourRatiosOfARunAgainstThePaper() {
        RunResult run = Runs.withFigures(Runs.result(), "c3", 721.6, 39.25, 100, 20.2, 15);
        RunResult.PaperFigures c3 = table.figures("C3", 10_000).orElseThrow();

        PaperTable.Ratios ratios = PaperTable.Ratios.of(run, c3);

        assertThat(ratios.latency()).isCloseTo(0.5, within(1e-9));
        assertThat(ratios.requestTime()).isCloseTo(2.0, within(1e-9));
        assertThat(ratios.jitter()).isCloseTo(2.0, within(1e-9));
        assertThat(ratios.throughput()).isCloseTo(2.0, within(1e-9));
    }
}
