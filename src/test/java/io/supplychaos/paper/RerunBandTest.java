package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;

class RerunBandTest {

    @Test
    void shouldTakeTheLargestRatioBetweenRepeatsOfAnyPointOfTheSameConfigAndMetric() {
        // given: C2's point 1000 run twice (request time 8 and 10), its point 5000 twice (9 and 18), 250 once
        OurTable2 ours = OurTable2.of(List.of(
                PaperRuns.atPaperRate("C2", 1000, 20, 3, 8), PaperRuns.atPaperRate("C2", 1000, 20, 3, 10),
                PaperRuns.atPaperRate("C2", 5000, 20, 3, 9), PaperRuns.atPaperRate("C2", 5000, 20, 3, 18),
                PaperRuns.atPaperRate("C2", 250, 20, 3, 50)));

        // when
        RerunBand bands = RerunBand.of(ours);

        // then: the factor is 18 / 9, over the two repeated points; the lone point counts for nothing
        RerunBand.Factor factor = bands.factor(Experiment.PAPER_RATE, "C2", Metric.REQUEST_TIME).orElseThrow();
        assertThat(factor.factor()).isCloseTo(2.0, within(1e-9));
        assertThat(factor.points()).isEqualTo(2);
        assertThat(bands.factor(Experiment.PAPER_RATE, "C2", Metric.LATENCY_ONE_HOP).orElseThrow().factor())
                .isCloseTo(1.0, within(1e-9));
    }

    @Test
    void shouldWidenARangeByTheFactorOnEachSideMultiplicatively() {
        OurTable2 ours = OurTable2.of(List.of(PaperRuns.atPaperRate("C1", 100, 10, 2, 4),
                PaperRuns.atPaperRate("C1", 100, 10, 2, 6)));

        RerunBand.Band band = RerunBand.of(ours).band(Experiment.PAPER_RATE, "C1", Metric.REQUEST_TIME,
                new Spread(5, 4, 6, 2));

        assertThat(band.low()).isCloseTo(4 / 1.5, within(1e-9));
        assertThat(band.high()).isCloseTo(6 * 1.5, within(1e-9));
        assertThat(band.contains(8.9, 5, 0)).isTrue();
        assertThat(band.contains(9.1, 5, 0)).isFalse();
    }

    @Test
    void shouldLeaveTheBareRangeWhereNoPointOfThatKindWasRepeated() {
        OurTable2 ours = OurTable2.of(List.of(PaperRuns.asFastAsPossible("C3", 1000, 900)));

        RerunBand bands = RerunBand.of(ours);

        assertThat(bands.factor(Experiment.CAPACITY, "C3", Metric.THROUGHPUT)).isEmpty();
        assertThat(bands.band(Experiment.CAPACITY, "C3", Metric.THROUGHPUT, new Spread(900, 900, 900, 1)))
                .isEqualTo(new RerunBand.Band(900, 900));
    }
}
