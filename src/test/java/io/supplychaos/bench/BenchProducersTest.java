package io.supplychaos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class BenchProducersTest {

    @Test
    void givenNoSettingsTheLightLoadSendsAtOnceAndEverythingElseLingersAsKafkaDoes() {
        // when the bench runs with its defaults
        BenchProducers producers = BenchProducers.defaults();
        // then the throughput figures keep Kafka's 5 ms linger and the large batches
        assertThat(producers.bench()).containsEntry("acks", "all").containsEntry("batch.size", "262144")
                .containsEntry("linger.ms", "5");
        // and the light load differs from them in the linger only
        assertThat(producers.lightLoad()).containsEntry("linger.ms", "0").hasSameSizeAs(producers.bench());
        producers.bench().forEach((key, value) -> {
            if (!key.equals("linger.ms")) {
                assertThat(producers.lightLoad()).containsEntry(key, value);
            }
        });
    }

    @Test
    void givenTheUsersSettingsEveryProducerUsesThemAsGiven() {
        // given a user's --producer settings with a linger of their own
        Map<String, String> settings = Map.of("acks", "1", "linger.ms", "20");
        // when the bench takes them
        BenchProducers producers = BenchProducers.given(settings);
        // then the light load is not changed behind the user's back
        assertThat(producers.bench()).isEqualTo(settings);
        assertThat(producers.lightLoad()).isEqualTo(settings);
    }
}
