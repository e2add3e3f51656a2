package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/** The app's start line names the Streams settings it runs with, derived or explicit. */
class StreamsSettingsLogTest {

    @Test
    void shouldShowTheTuningsValuesAndWhatWasSetExplicitly() {
        // given at_least_once tuned for throughput, with the commit interval set by hand
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(StreamsTuning.GUARANTEE, "at_least_once",
                        StreamsTuning.TUNING, "throughput", "kafka-streams.commit.interval.ms", "1000"),
                        "application.properties", 250))
                .withSources(new StreamsTuning())
                .build();

        // when
        Map<String, String> shown = StreamsSettingsLog.effective(config);

        // then every shown setting has its value, the explicit one winning over the tuning
        assertThat(shown).containsExactly(
                Map.entry(StreamsTuning.GUARANTEE, "at_least_once"),
                Map.entry(StreamsTuning.TUNING, "throughput"),
                Map.entry("kafka-streams.commit.interval.ms", "1000"),
                Map.entry("kafka-streams.statestore.cache.max.bytes", "10485760"),
                Map.entry("kafka-streams.producer.linger.ms", "100"),
                Map.entry("kafka-streams.producer.batch.size", "262144"));
    }
}
