package io.supplychaos.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void shouldCommitTwiceASecondWithCachesAndBatchedProducersWhenTunedForThroughputUnderExactlyOnce() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "exactly_once_v2",
                StreamsTuning.TUNING, "throughput"));

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(500);
        assertThat(config.getValue("kafka-streams.producer.linger.ms", Integer.class)).isEqualTo(100);
        assertThat(config.getValue("kafka-streams.producer.batch.size", Integer.class)).isEqualTo(262144);
        assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isEqualTo(10_485_760L);
    }

    @Test
    void shouldCommitEveryFiftyMillisecondsWithoutCachesWhenTunedForLatencyUnderExactlyOnce() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "exactly_once_v2",
                StreamsTuning.TUNING, "LATENCY"));

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(50);
        assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isZero();
    }

    @Test
    void shouldTuneForLatencyUnderExactlyOnceWhenNothingIsSet() {
        SmallRyeConfig config = configWith(Map.of());

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(50);
        assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isZero();
    }

    @Test
    void shouldSendAfterFiveMillisecondsWithCachesOnWhenTunedForLatencyUnderAtLeastOnce() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "at_least_once",
                StreamsTuning.TUNING, "latency"));

        assertThat(config.getValue("kafka-streams.producer.linger.ms", Integer.class)).isEqualTo(5);
        assertThat(config.getValue("kafka-streams.producer.batch.size", Integer.class)).isEqualTo(16_384);
        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(30_000);
        assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isEqualTo(10_485_760L);
    }

    @Test
    void shouldTuneAtLeastOnceForThroughputAsExactlyOnceIsTunedSoThatOnlyTheGuaranteeDiffers() {
        // given the throughput tuning under each guarantee
        Map<String, String> atLeastOnce = StreamsTuning.defaults("at_least_once", Tuning.THROUGHPUT);
        Map<String, String> exactlyOnce = StreamsTuning.defaults("exactly_once_v2", Tuning.THROUGHPUT);

        // when at_least_once is read through the config source
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "at_least_once",
                StreamsTuning.TUNING, "throughput"));

        // then it commits twice a second with 10 MB of caches and batches of 256 KB that wait up to 100 ms,
        // as exactly_once_v2 does: a cache that waited out Streams' 30 s interval cost more in collections
        // than the changelog records it merged
        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(500);
        assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isEqualTo(10_485_760L);
        assertThat(config.getValue("kafka-streams.producer.linger.ms", Integer.class)).isEqualTo(100);
        assertThat(config.getValue("kafka-streams.producer.batch.size", Integer.class)).isEqualTo(262144);
        assertThat(atLeastOnce).isEqualTo(exactlyOnce);
    }

    @Test
    void shouldRejectAnUnknownTuningByName() {
        assertThatThrownBy(() -> configWith(Map.of(StreamsTuning.TUNING, "fast")))
                .hasMessageContaining("supply.tuning: latency or throughput expected, was 'fast'");
    }

    @Test
    void shouldLetExplicitSettingsWinOverTheTuning() {
        SmallRyeConfig config = configWith(Map.of(StreamsTuning.GUARANTEE, "exactly_once_v2",
                "kafka-streams.commit.interval.ms", "100"));

        assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(100);
    }

    @Test
    void shouldSetEveryManagedKeyUnderEveryGuaranteeAndTuningSoThatNoBuildTimeValueLeaksIntoARun() {
        // given Quarkus keeps what this source returned at build time (exactly_once_v2, latency) as the
        // runtime default of each key: a key a combination leaves unset takes that value at runtime
        for (String guarantee : new String[] {"exactly_once_v2", "at_least_once"}) {
            for (Tuning tuning : Tuning.values()) {
                // when
                Map<String, String> settings = StreamsTuning.defaults(guarantee, tuning);

                // then every managed key is set
                assertThat(settings.keySet()).as(guarantee + " " + tuning)
                        .containsExactlyInAnyOrderElementsOf(StreamsTuning.MANAGED);
            }
        }
    }

    @Test
    void shouldApplyATuningGivenAsASystemPropertyOverApplicationProperties() {
        // given application.properties says latency, and the run starts the app with -Dsupply.tuning=throughput
        System.setProperty(StreamsTuning.TUNING, "throughput");
        try {
            SmallRyeConfig config = new SmallRyeConfigBuilder().addSystemSources()
                    .withSources(new PropertiesConfigSource(Map.of(StreamsTuning.TUNING, "latency"),
                            "application.properties", 250))
                    .withSources(new StreamsTuning())
                    .build();

            // then the caches are on and commits twice a second
            assertThat(config.getValue("kafka-streams.commit.interval.ms", Integer.class)).isEqualTo(500);
            assertThat(config.getValue("kafka-streams.statestore.cache.max.bytes", Long.class)).isEqualTo(10_485_760L);
        } finally {
            System.clearProperty(StreamsTuning.TUNING);
        }
    }
}
