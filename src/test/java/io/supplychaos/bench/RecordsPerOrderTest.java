package io.supplychaos.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Records per order split by class of topic, markers being the offsets that hold no data record. */
class RecordsPerOrderTest {

    private static TopicPartition tp(String topic) {
        return new TopicPartition(topic, 0);
    }

    @Test
    void shouldSplitOffsetsIntoTopicClassesAndMarkers() {
        // given 10 orders: order-placed 10 records (no transactions), the repartition topic 25 offsets of
        // which 20 records, a changelog 12 offsets of which 10 records, and Kafka's own offsets topic
        Map<TopicPartition, Long> before = Map.of(tp("order-placed"), 100L, tp("supply-chaos-stock-commands-by-drug-repartition"), 0L,
                tp("supply-chaos-order-ledger-changelog"), 5L, tp("__consumer_offsets"), 0L);
        Map<TopicPartition, Long> after = Map.of(tp("order-placed"), 110L, tp("supply-chaos-stock-commands-by-drug-repartition"), 25L,
                tp("supply-chaos-order-ledger-changelog"), 17L, tp("__consumer_offsets"), 999L,
                tp("bench-orders"), 4L);
        Map<TopicPartition, Long> records = Map.of(tp("order-placed"), 10L, tp("supply-chaos-stock-commands-by-drug-repartition"), 20L,
                tp("supply-chaos-order-ledger-changelog"), 10L);

        // when
        Map<String, Double> perOrder = RecordsPerOrder.of(before, after, records, 10);

        // then each class is per order, markers are the 7 offsets without data, Kafka's topics are left out,
        // and an unread partition counts as data
        assertThat(perOrder.get("business")).isCloseTo(1.0, within(1e-9));
        assertThat(perOrder.get("repartition")).isCloseTo(2.0, within(1e-9));
        assertThat(perOrder.get("changelog")).isCloseTo(1.0, within(1e-9));
        assertThat(perOrder.get("other")).isCloseTo(0.4, within(1e-9));
        assertThat(perOrder.get("markers")).isCloseTo(0.7, within(1e-9));
        assertThat(perOrder.get("total")).isCloseTo(5.1, within(1e-9));
    }

    @Test
    void shouldCountDataRecordsPerOrderByTopicTheMostWrittenFirst() {
        // given 10 orders: a changelog with 40 offsets of which 35 records (5 markers), order-placed 10,
        // a repartition topic not read back (its 20 offsets count as data), an idle topic and Kafka's own
        Map<TopicPartition, Long> before = Map.of(tp("supply-chaos-notification-timeline-changelog"), 10L,
                tp("order-placed"), 0L, tp("supply-chaos-stock-commands-by-drug-repartition"), 0L,
                tp("dead-letter"), 3L, tp("__transaction_state"), 0L);
        Map<TopicPartition, Long> after = Map.of(tp("supply-chaos-notification-timeline-changelog"), 50L,
                tp("order-placed"), 10L, tp("supply-chaos-stock-commands-by-drug-repartition"), 20L,
                tp("dead-letter"), 3L, tp("__transaction_state"), 70L);
        Map<TopicPartition, Long> records = Map.of(tp("supply-chaos-notification-timeline-changelog"), 35L,
                tp("order-placed"), 10L);

        // when
        Map<String, Double> byTopic = RecordsPerOrder.byTopic(before, after, records, 10);

        // then per order, markers and Kafka's topics left out, idle topics absent, the most written first
        assertThat(byTopic).containsExactly(
                Map.entry("supply-chaos-notification-timeline-changelog", 3.5),
                Map.entry("supply-chaos-stock-commands-by-drug-repartition", 2.0),
                Map.entry("order-placed", 1.0));
    }
}
