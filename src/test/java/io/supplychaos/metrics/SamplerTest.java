package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.MetricsSource;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.TimeSeriesRow;

class SamplerTest {

    /** Counters that complete nothing and keep one order in flight since t = 0. */
    private static final class Load implements Sampler.Counters {
        final AtomicLong sent = new AtomicLong();

        @Override
        public long sentCount() {
            return sent.addAndGet(10);
        }

        @Override
        public long ackedCount() {
            return sent.get();
        }

        @Override
        public long completedCount() {
            return 0;
        }

        @Override
        public long inFlight() {
            return 1;
        }

        @Override
        public long oldestInFlightPlacedAt() {
            return 0;
        }

        @Override
        public Histogram latencyInterval() {
            return new Histogram(3);
        }

        @Override
        public Histogram requestTimeInterval() {
            return new Histogram(3);
        }
    }

    private final StringWriter console = new StringWriter();

    private Sampler sampler(Map<Integer, Long> lag) {
        return new Sampler(new Load(), BrokerMetrics.open(MetricsSource.none()), List::of, () -> lag,
                new ProgressLine(new PrintWriter(console), false, () -> 0L), new Sampler.Plan(100, 0, 10));
    }

    @Test
    void givenTwoWarmupSamples_whenMeasuringBegins_thenWarmupSecondsCountBackFromItAndNoSecondRepeats() {
        // not started: the k-th sample is meant for k s after the epoch
        Sampler sampler = sampler(Map.of());
        sampler.run();
        sampler.run();
        sampler.measuringFrom(2_500);
        sampler.run();
        sampler.phase(Phase.DRAIN);
        sampler.run();

        List<TimeSeriesRow> rows = sampler.rows();

        assertThat(rows).extracting(TimeSeriesRow::second).containsExactly(-2L, -1L, 0L, 1L);
        assertThat(rows).extracting(TimeSeriesRow::phase)
                .containsExactly(Phase.WARMUP, Phase.WARMUP, Phase.MEASURE, Phase.DRAIN);
    }

    @Test
    void givenARunCutShortInItsWarmup_whenRowsAreRead_thenTheyCountBackFromTheLast() {
        Sampler sampler = sampler(Map.of());
        sampler.run();
        sampler.run();
        sampler.run();

        assertThat(sampler.rows()).extracting(TimeSeriesRow::second).containsExactly(-3L, -2L, -1L);
    }

    @Test
    void shouldRecordTheConsumerLagAndTheOldestOrderInFlight() {
        Sampler sampler = sampler(Map.of(0, 7L, 2, 1L));
        sampler.measuringFrom(0);
        sampler.run();

        TimeSeriesRow row = sampler.rows().get(0);

        assertThat(row.consumerLag()).containsExactlyInAnyOrderEntriesOf(Map.of(0, 7L, 2, 1L));
        assertThat(row.oldestInFlightMs()).isPositive();
        assertThat(row.p50Ms()).isNaN();
    }

    @Test
    void givenAPlanOfOrders_whenSampled_thenTheProgressLineSaysHowFarAlongItIs() {
        Sampler sampler = sampler(Map.of());
        sampler.measuringFrom(0);
        sampler.run();

        // 90 orders left at 10/s
        assertThat(console.toString()).startsWith("t+").contains("[measure 10 %, ETA 9 s]").contains("sent 10")
                .doesNotContain("\r");
    }

    @Test
    void givenAPlanCountedFromTheMeasuredPhase_whenSampled_thenTheWarmupShowsNoShareAndMeasuringCountsFromItsStart() {
        // given: a warm-up until steady, whose length is not known ahead; 100 measured orders at 10/s; a
        // log that gets a line every 10 s on a clock the test moves
        AtomicLong now = new AtomicLong();
        Sampler sampler = new Sampler(new Load(), BrokerMetrics.open(MetricsSource.none()), List::of, Map::of,
                new ProgressLine(new PrintWriter(console), false, now::get), Sampler.Plan.measuredOnly(100, 0, 10));

        // when: a warm-up second (10 orders sent), then measuring (the count read there is 20)
        sampler.run();
        String warmup = console.toString();
        sampler.measuringFrom(0);
        now.set(10_000);
        sampler.run();

        // then: no share during the warm-up; 10 of 100 measured orders once measuring (30 - 20)
        assertThat(warmup).contains("[warmup] sent 10").doesNotContain("%");
        assertThat(console.toString()).contains("[measure 10 %, ETA 9 s] sent 30");
    }
}
