package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

class StreamsTuningTest {

    private static SmallRyeConfig configWith(Map<String, String> applicationProperties) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(applicationProperties, "application.properties", 250))
                .withSources(new StreamsTuning())
                .build();
    }

    @Test
    void shouldCommitTwiceASecondWithBatchedProducersUnderExactlyOnce() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "exactly_once_v2"));

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(500);
        assertThat(config.getValue("kafka-streams.producer.linger.ms", Integer.class)).isEqualTo(100);
        assertThat(config.getValue("kafka-streams.producer.batch.size", Integer.class)).isEqualTo(262144);
    }

    @Test
    void shouldTuneForExactlyOnceWhenNoGuaranteeIsSet() {
        SmallRyeConfig config = configWith(Map.of());

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(500);
    }

    @Test
    void shouldSendBatchesAfterFiveMillisecondsAndKeepTheCommitIntervalUnderAtLeastOnce() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "at_least_once"));

        assertThat(config.getValue("kafka-streams.producer.linger.ms", Integer.class)).isEqualTo(5);
        assertThat(config.getOptionalValue("kafka-streams.commit.interval.ms", Integer.class)).isEmpty();
    }

    @Test
    void shouldLetExplicitSettingsWinOverTheTuning() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "exactly_once_v2",
                "kafka-streams.commit.interval.ms", "100"));

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(100);
    }
}
