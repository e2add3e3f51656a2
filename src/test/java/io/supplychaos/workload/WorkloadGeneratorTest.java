package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The load producer answers every send within the stall timeout, with timeouts Kafka accepts. */
class WorkloadGeneratorTest {

    @Test
    void givenKafkasDefaultsWhenTheStallIs60sThenEverySendIsAnsweredWithin45s() {
        Map<String, String> bounded = WorkloadGenerator.boundedByStall(Map.of(), Duration.ofSeconds(60));

        assertThat(bounded).containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "45000")
                .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "30000")
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000");
        assertKafkaAccepts(Map.of(), bounded);
    }

    @Test
    void givenAShortStallWhenBoundedThenTheRequestTimeoutShrinksSoKafkaStillAcceptsTheConfig() {
        Map<String, String> scenario = Map.of(ProducerConfig.LINGER_MS_CONFIG, "100");

        Map<String, String> bounded = WorkloadGenerator.boundedByStall(scenario, Duration.ofSeconds(5));

        assertThat(bounded).containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "3750")
                .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "3650")
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, "5000");
        assertKafkaAccepts(scenario, bounded);
    }

    @Test
    void givenAScenarioWithSmallerTimeoutsWhenBoundedThenItsValuesAreKept() {
        Map<String, String> scenario = Map.of(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "20000",
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000", ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000");

        Map<String, String> bounded = WorkloadGenerator.boundedByStall(scenario, Duration.ofSeconds(60));

        assertThat(bounded).containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "20000")
                .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000")
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000");
    }

    @Test
    void givenALingerLongerThanTheStallWhenBoundedThenTheDeliveryTimeoutStillCoversLingerAndOneRequest() {
        Map<String, String> scenario = Map.of(ProducerConfig.LINGER_MS_CONFIG, "10000");

        Map<String, String> bounded = WorkloadGenerator.boundedByStall(scenario, Duration.ofSeconds(5));

        assertKafkaAccepts(scenario, bounded);
    }

    /** Kafka's own check (delivery.timeout.ms >= linger.ms + request.timeout.ms) runs in the constructor. */
    private static void assertKafkaAccepts(Map<String, String> scenario, Map<String, String> bounded) {
        Map<String, Object> config = new HashMap<>(scenario);
        config.putAll(bounded);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
        Properties properties = new Properties();
        properties.putAll(config);
        new KafkaProducer<>(properties, new StringSerializer(),
                new StringSerializer()).close(Duration.ZERO);
    }
}
