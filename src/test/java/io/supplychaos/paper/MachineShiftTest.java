package io.supplychaos.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;

class MachineShiftTest {

    private static final String TABLE = "scenarios/paper-table2.yaml";

    @Test
    void shouldMeasureEachPointOnTheOtherMachineAgainstTheSamePointOfTheSameSweepOnTheMachineWithTheMostRuns() {
        // given: machine A ran C1 at 100 twice (request time 4 and 6) and at 1000 once (5); machine B ran
        // both points once, at 15 and 10: three times and twice A's medians; B's quick-sweep run of 100 at
        // 40 is of another sweep than any of A's, so it is compared with nothing
        List<io.supplychaos.result.RunResult> runs = List.of(
                PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux a", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 10, 2, 6), "Linux a", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 1000, 10, 2, 5), "Linux a", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 30, 2, 15), "Linux b", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 1000, 30, 2, 10), "Linux b", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 30, 2, 40), "Linux b", "scenarios/paper-quick.yaml"));

        // when
        MachineShift shift = MachineShift.of(runs);

        // then
        assertThat(shift.machines()).extracting(MachineShift.Machine::runs).containsExactly(3, 3);
        String b = shift.machines().get(1).identity();
        assertThat(b).startsWith("Linux b, amd64");
        MachineShift.Shift request = shift.shift(b, "paper-table2", Experiment.PAPER_RATE, "C1", Metric.REQUEST_TIME)
                .orElseThrow();
        assertThat(request.ratios().n()).isEqualTo(2);
        assertThat(request.ratios().min()).isCloseTo(2.0, within(1e-9));
        assertThat(request.ratios().max()).isCloseTo(3.0, within(1e-9));
        assertThat(shift.shift(b, "paper-quick", Experiment.PAPER_RATE, "C1", Metric.REQUEST_TIME)).isEmpty();
        assertThat(shift.compared()).extracting(MachineShift.Shift::sweep).containsExactly("paper-table2");
    }

    @Test
    void shouldGiveEachMachineTheMedianOfItsRunsCalibrationsAndNoneWhereNoRunTookOne() {
        List<io.supplychaos.result.RunResult> runs = List.of(
                PaperRuns.calibrated(PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux a", TABLE), 10),
                PaperRuns.calibrated(PaperRuns.on(PaperRuns.atPaperRate("C1", 250, 10, 2, 4), "Linux a", TABLE), 12),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 500, 10, 2, 4), "Linux a", TABLE),
                PaperRuns.on(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux b", TABLE));

        MachineShift shift = MachineShift.of(runs);

        assertThat(shift.machines().get(0).calibration().n()).isEqualTo(2);
        assertThat(shift.machines().get(0).calibration().median()).isCloseTo(11, within(1e-9));
        assertThat(shift.machines().get(0).calibrationMethod()).isEqualTo("test");
        assertThat(shift.machines().get(1).calibration().measured()).isFalse();
    }

    @Test
    void shouldMeasureNoShiftWhenEveryRunCameFromOneMachineOrNoPointRanOnBoth() {
        List<io.supplychaos.result.RunResult> one = List.of(PaperRuns.atPaperRate("C1", 100, 10, 2, 4),
                PaperRuns.atPaperRate("C1", 100, 10, 2, 6));
        List<io.supplychaos.result.RunResult> apart = List.of(
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 100, 10, 2, 4), "Linux a"),
                PaperRuns.onMachine(PaperRuns.atPaperRate("C1", 1000, 10, 2, 6), "Linux b"));

        assertThat(MachineShift.of(one).machines()).hasSize(1);
        assertThat(MachineShift.of(one).shifts()).isEmpty();
        assertThat(MachineShift.of(apart).machines()).hasSize(2);
        assertThat(MachineShift.of(apart).shifts()).isEmpty();
    }
}
