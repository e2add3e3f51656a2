package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;

class MachineShiftTest {

    @Test
    void shouldMeasureEachPointOnTheOtherMachineAgainstTheSamePointOnTheMachineWithTheMostRuns() {
        // given: machine A ran C1 at 100 twice (request time 4 and 6) and at 1000 once (5); machine B ran
        // both points once, at 15 and 10: three times and twice A's medians
        OurTable2 ours = OurTable2.of(List.of(
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux a"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 100, 10, 2, 6), "Linux a"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 1000, 10, 2, 5), "Linux a"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 100, 30, 2, 15), "Linux b"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 1000, 30, 2, 10), "Linux b")));

        // when
        MachineShift shift = MachineShift.of(ours);

        // then
        assertThat(shift.machines()).extracting(MachineShift.Machine::runs).containsExactly(3, 2);
        String b = shift.machines().get(1).identity();
        assertThat(b).startsWith("Linux b, amd64");
        MachineShift.Shift request = shift.shift(b, Experiment.PAPER_RATE, "C1", Metric.REQUEST_TIME).orElseThrow();
        assertThat(request.ratios().n()).isEqualTo(2);
        assertThat(request.ratios().min()).isCloseTo(2.0, within(1e-9));
        assertThat(request.ratios().max()).isCloseTo(3.0, within(1e-9));
        assertThat(shift.shift(b, Experiment.PAPER_RATE, "C1", Metric.LATENCY_ONE_HOP).orElseThrow().ratios().median())
                .isCloseTo(3.0, within(1e-9));
        assertThat(shift.comparedMachines()).containsExactly(b);
    }

    @Test
    void shouldMeasureNoShiftWhenEveryRunCameFromOneMachineOrNoPointRanOnBoth() {
        OurTable2 one = OurTable2.of(List.of(PaperRuns.atPaperRate("C1", 100, 10, 2, 4),
                PaperRuns.atPaperRate("C1", 100, 10, 2, 6)));
        OurTable2 apart = OurTable2.of(List.of(
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux a"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 1000, 10, 2, 6), "Linux b")));

        assertThat(MachineShift.of(one).machines()).hasSize(1);
        assertThat(MachineShift.of(one).shifts()).isEmpty();
        assertThat(MachineShift.of(apart).machines()).hasSize(2);
        assertThat(MachineShift.of(apart).shifts()).isEmpty();
    }
}
