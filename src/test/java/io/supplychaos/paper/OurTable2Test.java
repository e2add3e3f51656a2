package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.report.Runs;
import io.supplychaos.result.Verdict;

class OurTable2Test {

    @Test
    void shouldGroupRepeatsByExperimentConfigAndCountWithMedianAndRange() {
        // given: three repeats of C2 at 1,000 at the paper's rate, one as fast as possible
        OurTable2 table = OurTable2.of(List.of(
                PaperRuns.atPaperRate("C2", 1000, 30, 4, 9),
                PaperRuns.atPaperRate("C2", 1000, 10, 2, 7),
                PaperRuns.atPaperRate("C2", 1000, 20, 3, 8),
                PaperRuns.asFastAsPossible("C2", 1000, 900)));

        // when
        Spread latency = table.spread(Experiment.PAPER_RATE, "c2", 1000, Metric.LATENCY_ONE_HOP);
        Spread throughput = table.spread(Experiment.CAPACITY, "C2", 1000, Metric.THROUGHPUT);

        // then
        assertThat(latency).isEqualTo(new Spread(20, 10, 30, 3));
        assertThat(throughput).isEqualTo(new Spread(900, 900, 900, 1));
        assertThat(table.points(Experiment.PAPER_RATE)).isEqualTo(1);
        assertThat(table.spread(Experiment.PAPER_RATE, "C3", 1000, Metric.LATENCY_ONE_HOP).measured()).isFalse();
    }

    @Test
    void shouldLeaveOutInterruptedRunsAndRunsThatAreNotThePapers() {
        // given
        OurTable2 table = OurTable2.of(List.of(
                PaperRuns.run("C1", 100, 93.5, 10, 1, 5, 90, Verdict.INTERRUPTED),
                PaperRuns.run("C1", 100, 93.5, 12, 1, 5, 90, Verdict.FAIL),
                Runs.result()));

        // when
        List<OurTable2.Cell> cells = table.cells();

        // then: the failed run is kept (the page names it), the interrupted one and the non-paper one are not
        assertThat(cells).singleElement().satisfies(cell -> assertThat(cell.runs()).hasSize(1));
        assertThat(table.spread(Experiment.PAPER_RATE, "C1", 100, Metric.LATENCY_ONE_HOP).median()).isEqualTo(12);
    }

    @Test
    void shouldTakeTheMeanOfTheMiddleTwoAsTheMedianOfAnEvenCount() {
        assertThat(Spread.of(4, 1, 3, 2)).isEqualTo(new Spread(2.5, 1, 4, 4));
        assertThat(Spread.of(Double.NaN).measured()).isFalse();
    }

    @Test
    void shouldWidenARangeByAShareOfItsMedian() {
        Spread range = new Spread(100, 90, 110, 3);

        assertThat(range.contains(115, 0)).isFalse();
        assertThat(range.contains(115, 0.05)).isTrue();
        assertThat(range.contains(84, 0.05)).isFalse();
    }
}
