package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.TimeSeriesRow;

class RunHealthTest {

    private static TimeSeriesRow cpu(Phase phase, long second, double cpu) {
        TimeSeriesRow row = Runs.withBroker(Runs.row(second, List.of()), 0, 0, 0, 0, 0, 0, 0, cpu, 0);
        return row.at(phase, second);
    }

    @Test
    void shouldCountTheMeasuredAndDrainingSecondsButNotTheWarmupInTheSaturatedShare() {
        // given: a saturated warm-up, a measured phase saturated for 1 of its 4 sampled seconds, a saturated drain
        List<TimeSeriesRow> rows = new ArrayList<>();
        rows.add(cpu(Phase.WARMUP, -2, 100));
        rows.add(cpu(Phase.WARMUP, -1, 100));
        rows.add(cpu(Phase.MEASURE, 0, 95));
        rows.add(cpu(Phase.MEASURE, 1, 40));
        rows.add(cpu(Phase.MEASURE, 2, 89.9));
        rows.add(cpu(Phase.MEASURE, 3, Double.NaN));
        rows.add(cpu(Phase.MEASURE, 4, 10));
        rows.add(cpu(Phase.DRAIN, 5, 100));
        rows.add(cpu(Phase.READ_BACK, 6, 100));

        // when / then: 2 of 5 (the warm-up and the read-back are not the measured orders' seconds)
        assertThat(RunHealth.saturatedShare(rows)).isEqualTo(0.4);
    }

    @Test
    void shouldHaveNoShareWhenNoMeasuredSecondSampledTheCpu() {
        assertThat(RunHealth.saturatedShare(List.of(cpu(Phase.WARMUP, -1, 100), cpu(Phase.MEASURE, 0, Double.NaN))))
                .isNaN();
    }
}
