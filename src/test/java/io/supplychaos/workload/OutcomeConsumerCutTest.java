package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.LogTruncationException;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.topology.Topics;

/**
 * What the run's consumer does when its position falls out of a partition's range: below the log
 * start (a purged repartition topic) it notes a gap and goes on from the start; when the log was cut
 * below it (a power loss of every replica, an unclean election) it goes back, to where the logs
 * diverge or, when the leader cannot say, to the run's first offset, and reads the records written
 * at the freed offsets, which going on from its position would skip.
 */
class OutcomeConsumerCutTest {

    private static final String CONFIRMATIONS = Topics.ORDER_CONFIRMATION.name();
    private static final TopicPartition TP = new TopicPartition(CONFIRMATIONS, 0);

    private final MockConsumer<byte[], byte[]> kafka = new MockConsumer<>("none");
    private final HistoryLog history = new HistoryLog();
    private final ToolFailures failures = new ToolFailures(history);
    private OutcomeConsumer consumer;

    @BeforeEach
    void cluster() {
        Map<TopicPartition, Long> zero = new HashMap<>();
        for (String topic : List.of(CONFIRMATIONS, Topics.DRUG_MANUFACTURED.name(), Topics.SHIPMENT_STATUS.name(),
                Topics.NOTIFICATIONS.name(), Topics.INVENTORY_UPDATED.name(),
                OutcomeConsumer.stockCommandTopic(OutcomeConsumer.DEFAULT_APPLICATION_ID))) {
            kafka.updatePartitions(topic, List.of(new PartitionInfo(topic, 0, null, null, null)));
            zero.put(new TopicPartition(topic, 0), 0L);
        }
        kafka.updateBeginningOffsets(zero);
        kafka.updateEndOffsets(zero);
        consumer = new OutcomeConsumer(kafka, new RunRecorder(history, failures), history, failures,
                OutcomeConsumer.DEFAULT_APPLICATION_ID);
    }

    @AfterEach
    void stop() throws InterruptedException {
        consumer.close();
        assertThat(failures.first()).isEmpty();
    }

    @Test
    void aCutWithADivergentOffsetIsReadAgainFromThereAndTheRecordsAtTheFreedOffsetsAreRead() {
        // given the consumer read o-0 .. o-5 at offsets 0..5
        confirmations(0, 6, "o-");
        awaitObserved(6);

        // when every replica lost its page cache from offset 3 and the app wrote n-3 .. n-7 there before the
        // consumer's next fetch, which finds the logs diverge at offset 3
        cut(new LogTruncationException(Map.of(TP, 6L), Map.of(TP, new OffsetAndMetadata(3))), 3, 8, "n-", 0);

        // then it goes back to 3, says so, and reads every new record, those at offsets it had read before included
        awaitObserved(11);
        assertThat(events(HistoryEvent.ReadAgain.class)).extracting(HistoryEvent.ReadAgain::fromOffset,
                HistoryEvent.ReadAgain::toOffset).containsExactly(org.assertj.core.groups.Tuple.tuple(3L, 6L));
        assertThat(observedIds()).containsExactly("o-0", "o-1", "o-2", "o-3", "o-4", "o-5", "n-3", "n-4", "n-5", "n-6", "n-7");
        assertThat(events(HistoryEvent.ReadGap.class)).isEmpty();
    }

    @Test
    void aCutTheLeaderCannotPlaceIsReadAgainFromTheRunsFirstOffset() {
        // given the consumer read o-0 .. o-5
        confirmations(0, 6, "o-");
        awaitObserved(6);

        // when the log was cut where the leader has no epoch to say (o-0 .. o-1 survived, n-2 .. n-7 are new)
        cut(new LogTruncationException(Map.of(TP, 6L), Map.of()), 0, 8, "n-", 2);

        // then it reads again from the first offset of the run: the survivors a second time, then the new records
        awaitObserved(14);
        assertThat(events(HistoryEvent.ReadAgain.class)).extracting(HistoryEvent.ReadAgain::fromOffset,
                HistoryEvent.ReadAgain::toOffset).containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 6L));
        assertThat(observedIds().subList(6, 14)).containsExactly("o-0", "o-1", "n-2", "n-3", "n-4", "n-5", "n-6", "n-7");
    }

    @Test
    void aPositionPastTheLogsEndIsACutNotAGap() {
        // given the consumer read o-0 .. o-5
        confirmations(0, 6, "o-");
        awaitObserved(6);

        // when a fetch finds the log ending at 4, below its position, with no epoch check before it
        cut(new OffsetOutOfRangeException(Map.of(TP, 6L)), 0, 4, "n-", 0);

        // then it goes back (to the run's first offset) and reads what the log holds now
        awaitObserved(10);
        assertThat(events(HistoryEvent.ReadAgain.class)).extracting(HistoryEvent.ReadAgain::fromOffset)
                .containsExactly(0L);
        assertThat(events(HistoryEvent.ReadGap.class)).isEmpty();
    }

    @Test
    void recordsDeletedBeforeTheConsumerGotThereAreAGapAndItGoesOnFromTheLogStart() {
        // given the consumer read o-0 .. o-5
        confirmations(0, 6, "o-");
        awaitObserved(6);

        // when its next fetch finds the log starting at 9 (purged up to there) and ending at 12
        kafka.schedulePollTask(() -> {
            kafka.updateBeginningOffsets(Map.of(TP, 9L));
            kafka.updateEndOffsets(Map.of(TP, 12L));
            confirmations(9, 12, "p-");
            kafka.setPollException(new OffsetOutOfRangeException(Map.of(TP, 6L)));
        });

        // then the stretch 6..9 is a gap and it reads on from 9
        awaitObserved(9);
        assertThat(events(HistoryEvent.ReadGap.class)).extracting(HistoryEvent.ReadGap::fromOffset,
                HistoryEvent.ReadGap::toOffset).containsExactly(org.assertj.core.groups.Tuple.tuple(6L, 9L));
        assertThat(events(HistoryEvent.ReadAgain.class)).isEmpty();
        assertThat(observedIds().subList(6, 9)).containsExactly("p-9", "p-10", "p-11");
    }

    /**
     * On the consumer's thread, at its next poll: the log ends at {@code end}, holds records from
     * {@code from} ({@code survivors} of them, from {@code from}, are the old ones read again), and the
     * fetch fails with {@code thrown}.
     */
    private void cut(KafkaException thrown, long from, long end, String prefix, int survivors) {
        kafka.schedulePollTask(() -> {
            kafka.updateEndOffsets(Map.of(TP, end));
            confirmations(from, from + survivors, "o-");
            confirmations(from + survivors, end, prefix);
            kafka.setPollException(thrown);
        });
    }

    private void confirmations(long from, long to, String prefix) {
        for (long offset = from; offset < to; offset++) {
            String id = prefix + offset;
            Confirmation value = new Confirmation(id, "hospital-1", "aspirin", 1, ConfirmationStatus.CONFIRMED, null,
                    1_000 + offset, 2_000 + offset);
            kafka.addRecord(new ConsumerRecord<>(CONFIRMATIONS, 0, offset, id.getBytes(),
                    Topics.ORDER_CONFIRMATION.valueSerde().serializer().serialize(CONFIRMATIONS, value)));
        }
    }

    private void awaitObserved(int count) {
        await().atMost(Duration.ofSeconds(10)).until(() -> observedIds().size() >= count);
        assertThat(observedIds()).hasSize(count);
    }

    private List<String> observedIds() {
        List<String> ids = new ArrayList<>();
        events(HistoryEvent.Observed.class).forEach(o -> ids.add(o.orderId()));
        return ids;
    }

    private <T extends HistoryEvent> List<T> events(Class<T> type) {
        return history.events().stream().filter(type::isInstance).map(type::cast).toList();
    }
}
