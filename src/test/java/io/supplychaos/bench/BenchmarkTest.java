package io.supplychaos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.bench.Benchmark.Throughput;

/** How the benchmark turns alternating producer rounds into one figure. */
class BenchmarkTest {

    @Test
    void shouldReportTheMedianRoundWithItsLatenciesAndKeepEveryRoundInRunOrder() {
        // given three rounds, the slowest first, as a cold start gives
        List<Throughput> rounds = List.of(new Throughput(60_000, 900, 1_500), new Throughput(150_000, 40, 90),
                new Throughput(120_000, 60, 120));

        // when
        Throughput median = Throughput.median(rounds);

        // then the middle round's figures, not an average that the cold round would drag down
        assertThat(median.recordsPerSec()).isEqualTo(120_000);
        assertThat(median.avgLatencyMs()).isEqualTo(60);
        assertThat(median.p99LatencyMs()).isEqualTo(120);
        assertThat(median.rounds()).containsExactly(60_000.0, 150_000.0, 120_000.0);
    }

    @Test
    void shouldTakeTheSingleRoundAsItsOwnMedian() {
        Throughput only = new Throughput(80_000, 50, 100);

        assertThat(Throughput.median(List.of(only)).recordsPerSec()).isEqualTo(80_000);
    }

    @Test
    void shouldGiveTheSecuredFigureOverThePlaintextOneAsTheTlsRatio() {
        Benchmark.TlsCost cost = new Benchmark.TlsCost("c3", "c3-sasl-ssl", "SCRAM-SHA-512",
                new Throughput(100_000, 10, 20), new Throughput(60_000, 15, 30), null, null);

        assertThat(cost.ratio()).isEqualTo(0.6);
        assertThat(Benchmark.securedTwin("c3")).isEqualTo("c3-sasl-ssl");
    }
}
