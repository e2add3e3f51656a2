package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.result.RunResult;

class RerunBandTest {

    private static final Origin A_TABLE = new Origin("Linux a, amd64, 2 cores, 24 GiB", "paper-table2");

    private static RunResult a(RunResult run) {
        return PaperRuns.on(run, "Linux a", "scenarios/paper-table2.yaml");
    }

    @Test
    void givenOnePointRunTwice_whenBandsAreSet_thenTheBandIsTheMedianTimesAndDividedByTheSpreadOnceNotSquared() {
        // given C1 at 100 messages run twice on one machine: request time 10 and 20 (a spread of x2)
        RerunBand bands = RerunBand.of(List.of(a(PaperRuns.atPaperRate("C1", 100, 10, 2, 10)),
                a(PaperRuns.atPaperRate("C1", 100, 10, 2, 20))));

        // when
        RerunBand.Band band = bands.band(A_TABLE, Experiment.PAPER_RATE, "C1", 100, Metric.REQUEST_TIME).orElseThrow();

        // then 15 x/ 2 = 7.5 to 30: a re-run at 35 is outside (the old [10 / 2, 20 x 2] = 5 to 40 held it)
        assertThat(band.median()).isCloseTo(15, within(1e-9));
        assertThat(band.factor()).isCloseTo(2, within(1e-9));
        assertThat(band.low()).isCloseTo(7.5, within(1e-9));
        assertThat(band.high()).isCloseTo(30, within(1e-9));
        assertThat(band.contains(35)).isFalse();
        assertThat(band.contains(29)).isTrue();
    }

    @Test
    void givenTheConfigsRepeats_whenTheFactorIsTaken_thenItIsTheNinetiethPercentileOfEachRunAgainstTheMedianOfItsPointsOthers() {
        // given C2: 1000 run three times (request 8, 10, 12), 5000 twice (9 and 18), 250 once (50)
        RerunBand bands = RerunBand.of(List.of(
                a(PaperRuns.atPaperRate("C2", 1000, 20, 3, 8)), a(PaperRuns.atPaperRate("C2", 1000, 20, 3, 10)),
                a(PaperRuns.atPaperRate("C2", 1000, 20, 3, 12)),
                a(PaperRuns.atPaperRate("C2", 5000, 20, 3, 9)), a(PaperRuns.atPaperRate("C2", 5000, 20, 3, 18)),
                a(PaperRuns.atPaperRate("C2", 250, 20, 3, 50))));

        // when
        RerunBand.Factor factor = bands.factor(A_TABLE, Experiment.PAPER_RATE, "C2", Metric.REQUEST_TIME).orElseThrow();

        // then the ratios are 8 vs 11, 10 vs 10, 12 vs 9 (1.375, 1, 1.333) and 2, 2: the 90th percentile
        // (nearest rank 5 of 5) is 2; the lone point gets the config's factor around its own run
        assertThat(factor.points()).isEqualTo(2);
        assertThat(factor.ratios()).isEqualTo(5);
        assertThat(factor.factor()).isCloseTo(2, within(1e-9));
        RerunBand.Band lone = bands.band(A_TABLE, Experiment.PAPER_RATE, "C2", 250, Metric.REQUEST_TIME).orElseThrow();
        assertThat(lone.low()).isCloseTo(25, within(1e-9));
        assertThat(lone.high()).isCloseTo(100, within(1e-9));
        assertThat(lone.runs()).isEqualTo(1);
    }

    @Test
    void givenTheSameConfigOnTwoMachines_whenBandsAreSet_thenEachMachinesBandIsItsOwnAndTheSlowerNeverWidensTheOther() {
        // given machine A's two runs of C1 at 1000 within 10 % of each other, machine B's 3x apart and 5x slower
        RerunBand bands = RerunBand.of(List.of(
                a(PaperRuns.atPaperRate("C1", 1000, 10, 2, 10)), a(PaperRuns.atPaperRate("C1", 1000, 10, 2, 11)),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 1000, 10, 2, 30), "Linux b", "scenarios/paper-table2.yaml"),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 1000, 10, 2, 90), "Linux b", "scenarios/paper-table2.yaml")));
        Origin b = new Origin("Linux b, amd64, 2 cores, 24 GiB", "paper-table2");

        // when
        RerunBand.Band onA = bands.band(A_TABLE, Experiment.PAPER_RATE, "C1", 1000, Metric.REQUEST_TIME).orElseThrow();
        RerunBand.Band onB = bands.band(b, Experiment.PAPER_RATE, "C1", 1000, Metric.REQUEST_TIME).orElseThrow();

        // then
        assertThat(onA.factor()).isCloseTo(1.1, within(1e-9));
        assertThat(onA.median()).isCloseTo(10.5, within(1e-9));
        assertThat(onB.factor()).isCloseTo(3, within(1e-9));
        assertThat(bands.origins()).containsExactlyInAnyOrder(A_TABLE, b);
    }

    @Test
    void givenTheQuickSweepAndTheWholeTable_whenBandsAreSet_thenTheirRunsOfOnePointAreNotPooled() {
        // given the table's two runs (10, 11) and the quick sweep's one (40) of the same point, machine and config
        RerunBand bands = RerunBand.of(List.of(
                a(PaperRuns.atPaperRate("C1", 1000, 10, 2, 10)), a(PaperRuns.atPaperRate("C1", 1000, 10, 2, 11)),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 1000, 10, 2, 40), "Linux a", "scenarios/paper-quick.yaml")));

        // then the quick sweep's point has no band (nothing repeated in its sweep), the table's is its own
        Origin quick = new Origin(A_TABLE.machine(), "paper-quick");
        assertThat(bands.band(quick, Experiment.PAPER_RATE, "C1", 1000, Metric.REQUEST_TIME)).isEmpty();
        assertThat(bands.band(A_TABLE, Experiment.PAPER_RATE, "C1", 1000, Metric.REQUEST_TIME).orElseThrow().median())
                .isCloseTo(10.5, within(1e-9));
    }

    @Test
    void givenRunsOfTheTablesPaperRateHalf_whenTheirSweepIsNamed_thenTheyAreRepeatsOfTheWholeTable() {
        RunResult half = PaperRuns.inSweep(PaperRuns.atPaperRate("C1", 100, 10, 2, 10),
                "/work/main/scenarios/paper-table2-paper-rate.yaml");

        assertThat(Origin.sweepOf(half)).isEqualTo("paper-table2");
    }

    @Test
    void givenThroughputAtThePapersRate_whenBandsAreSet_thenItHasNoBandForItOnlyEchoesTheOfferedRate() {
        RerunBand bands = RerunBand.of(List.of(a(PaperRuns.atPaperRate("C1", 100, 10, 2, 10)),
                a(PaperRuns.atPaperRate("C1", 100, 10, 2, 20))));

        assertThat(bands.factor(A_TABLE, Experiment.PAPER_RATE, "C1", Metric.THROUGHPUT)).isEmpty();
        assertThat(bands.band(A_TABLE, Experiment.PAPER_RATE, "C1", 100, Metric.THROUGHPUT)).isEmpty();
        assertThat(bands.band(A_TABLE, Experiment.PAPER_RATE, "C1", 100, Metric.LATENCY_ONE_HOP)).isPresent();
    }

    @Test
    void givenNoPointOfAConfigRepeated_whenBandsAreSet_thenItHasNoBandRatherThanTheBareRange() {
        RerunBand bands = RerunBand.of(List.of(a(PaperRuns.asFastAsPossible("C3", 1000, 900))));

        assertThat(bands.factor(A_TABLE, Experiment.CAPACITY, "C3", Metric.THROUGHPUT)).isEmpty();
        assertThat(bands.band(A_TABLE, Experiment.CAPACITY, "C3", 1000, Metric.THROUGHPUT)).isEmpty();
    }
}
