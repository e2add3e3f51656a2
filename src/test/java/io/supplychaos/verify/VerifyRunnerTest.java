package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The throughput a verify reports, from the end-offset samples: records per second in and out for
 * each pair of samples (a gap stays a gap, never a zero), and the mean rate while the driver wrote.
 */
class VerifyRunnerTest {

    private static final long T0 = 1_800_000_000_000L;

    @Test
    void shouldTurnEndOffsetSamplesIntoRecordsPerSecond() {
        List<ThroughputSampler.Sample> samples = List.of(
                new ThroughputSampler.Sample(T0 + 1000, 0, 0),
                new ThroughputSampler.Sample(T0 + 2000, 200, 150),
                // two seconds without an answer (a broker down), then one sample for both
                new ThroughputSampler.Sample(T0 + 5000, 500, 150));

        List<VerifyResult.Throughput> rows = VerifyRunner.throughput(samples, T0);

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).second()).isEqualTo(2.0);
        assertThat(rows.get(0).inputPerSec()).isEqualTo(200.0);
        assertThat(rows.get(0).outputPerSec()).isEqualTo(150.0);
        assertThat(rows.get(1).second()).isEqualTo(5.0);
        assertThat(rows.get(1).inputPerSec()).isEqualTo(100.0);
        assertThat(rows.get(1).outputPerSec()).isZero();
    }

    @Test
    void shouldAverageTheRateUpToTheEndOfTheInput() {
        List<ThroughputSampler.Sample> samples = List.of(
                new ThroughputSampler.Sample(T0, 0, 0),
                new ThroughputSampler.Sample(T0 + 10_000, 2000, 1000),
                new ThroughputSampler.Sample(T0 + 20_000, 2000, 2000));

        assertThat(VerifyRunner.rate(samples, T0, T0 + 10_000, true)).isCloseTo(200.0, within(0.01));
        assertThat(VerifyRunner.rate(samples, T0, T0 + 10_000, false)).isCloseTo(100.0, within(0.01));
        assertThat(VerifyRunner.rate(List.of(samples.get(0)), T0, null, true)).isZero();
    }
}
