package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.MetricsSource;

/** Without a source: every figure unknown, and the reason is what source() says. */
class BrokerMetricsNoneTest {

    @Test
    void givenNoSource_whenSampled_thenEveryFigureIsUnknownAndTheSourceSaysWhy() {
        try (BrokerMetrics metrics = BrokerMetrics.open(MetricsSource.none())) {

            BrokerMetrics.Sample sample = metrics.sample();

            assertThat(sample).isEqualTo(BrokerMetrics.Sample.EMPTY);
            assertThat(sample.messagesInPerSec()).isNaN();
            assertThat(sample.underReplicated()).isNaN();
            assertThat(metrics.source()).isEqualTo("none: the cluster offers no metrics endpoint configured");
        }
    }
}
