package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.result.RunResult;

class RangeCheckTest {

    private static RunResult a(RunResult run) {
        return PaperRuns.on(run, "Linux a", "scenarios/paper-table2.yaml");
    }

    /** Two runs of C2 at 1000, paper rate, close together: one-hop 20 and 22, request 8 and 9. */
    private static List<RunResult> earlier() {
        return List.of(a(PaperRuns.atPaperRate("C2", 1000, 20, 3, 8)), a(PaperRuns.atPaperRate("C2", 1000, 22, 3, 9)));
    }

    @Test
    void givenAReRunThatIsAlsoAmongTheBandRuns_whenChecked_thenItIsLeftOutOfItsOwnBandAndLandsOutside() {
        // given a re-run three times slower than the two earlier runs, kept beside them
        RunResult rerun = a(PaperRuns.atPaperRate("C2", 1000, 63, 9, 25));
        List<RunResult> kept = new ArrayList<>(earlier());
        kept.add(rerun);

        // when it is checked against the kept runs, itself among them
        RangeCheck.Outcome outcome = RangeCheck.check(List.of(rerun), kept);

        // then the bands are the earlier runs' alone, and every figure of the re-run is outside
        assertThat(outcome.leftOut()).isEqualTo(1);
        assertThat(outcome.comparisons()).isNotEmpty().noneMatch(RangeCheck.Comparison::within);
        assertThat(outcome.comparisons()).allSatisfy(c -> assertThat(c.band().runs()).isEqualTo(2));
        assertThat(outcome.off()).isTrue();
        assertThat(outcome.comparisons().get(0).describe()).contains("OUTSIDE").contains("of 2 runs");
        // with itself among the band runs, the same figure would have widened the band enough to hold it
        assertThat(RerunBand.of(kept).band(Origin.of(rerun), Experiment.PAPER_RATE, "C2", 1000, Metric.REQUEST_TIME)
                .orElseThrow().contains(25)).isTrue();
    }

    @Test
    void givenAFaithfulReRun_whenChecked_thenItsFiguresAreWithinAndItIsNotOff() {
        RangeCheck.Outcome outcome = RangeCheck.check(List.of(a(PaperRuns.atPaperRate("C2", 1000, 21, 3, 8.5))),
                earlier());

        assertThat(outcome.judged()).isEqualTo(5);
        assertThat(outcome.outside()).isZero();
        assertThat(outcome.off()).isFalse();
        assertThat(outcome.summary()).startsWith("0 of 5 figures outside their bands").contains("as a re-run lands");
    }

    @Test
    void givenAReRunAtThePapersRate_whenChecked_thenItsThroughputIsNeitherJudgedNorCounted() {
        RangeCheck.Outcome outcome = RangeCheck.check(List.of(a(PaperRuns.atPaperRate("C2", 1000, 21, 3, 8.5))),
                earlier());

        assertThat(outcome.comparisons()).extracting(RangeCheck.Comparison::metric).doesNotContain(Metric.THROUGHPUT)
                .contains(Metric.LATENCY_ONE_HOP, Metric.REQUEST_TIME);
        assertThat(outcome.notJudged()).extracting(RangeCheck.NotJudged::metric).doesNotContain(Metric.THROUGHPUT);
    }

    @Test
    void givenAReRunOnAnotherMachine_whenChecked_thenNothingIsJudgedAndTheReasonNamesTheMachine() {
        RunResult elsewhere = PaperRuns.on(PaperRuns.atPaperRate("C2", 1000, 21, 3, 8.5), "Linux b",
                "scenarios/paper-table2.yaml");

        RangeCheck.Outcome outcome = RangeCheck.check(List.of(elsewhere), earlier());

        assertThat(outcome.judged()).isZero();
        assertThat(outcome.off()).isFalse();
        assertThat(outcome.notJudged()).isNotEmpty().allSatisfy(n -> assertThat(n.reason())
                .isEqualTo("no other run of this point on Linux b, amd64, 2 cores, 24 GiB in paper-table2"));
        assertThat(outcome.summary()).startsWith("no figure judged");
    }

    @Test
    void givenAPointWhoseConfigWasNeverRepeated_whenChecked_thenItIsNotJudgedForLackOfAMeasuredSpread() {
        RangeCheck.Outcome outcome = RangeCheck.check(List.of(a(PaperRuns.asFastAsPossible("C3", 1000, 950))),
                List.of(a(PaperRuns.asFastAsPossible("C3", 1000, 900))));

        assertThat(outcome.judged()).isZero();
        assertThat(outcome.notJudged()).extracting(RangeCheck.NotJudged::reason)
                .contains("no point of C3 throughput was repeated on Linux a, amd64, 2 cores, 24 GiB in paper-table2,"
                        + " so no spread is measured");
    }
}
