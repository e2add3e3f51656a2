package io.supplychaos.scenario;

import io.supplychaos.env.KafkaAccess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

import io.supplychaos.domain.Order;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;
import io.supplychaos.workload.SendId;

/**
 * The read-back phase, after heal: reads order-placed (read_committed) from the end offsets it had
 * before the first send to its end now, the way Kafka's system tests search the logs for what was
 * acknowledged, and records each record as a {@link HistoryEvent.Placed} (with the load generator's
 * send id, {@link SendId}, so that the checker tells one send written twice) and the end as
 * {@link HistoryEvent.ReadBackDone}. Every acknowledged order's record lies in that range, so the
 * history says for each, completed or not, whether it was still in order-placed at the end; records
 * deleted below the range's start are skipped (the consumer resets to the log's start) and count as
 * gone. Bounded: a partition that cannot be read to its end within the
 * timeout (no leader) makes the read-back incomplete, and orders missing there are unseen, not lost.
 */
final class OrderPlacedReadBack {

    /** How long asking for the end offsets may take: a dead cluster answers nothing. */

    private OrderPlacedReadBack() {
    }

    /**
     * @param sharedId gives the instance of an order id the run already holds (the one it sent),
     *                 so that a million read-back events do not each keep a copy of theirs
     */
    static HistoryEvent.ReadBackDone read(KafkaAccess cluster, List<Long> starts, Duration timeout,
                                          HistoryLog history, BooleanSupplier stop,
                                          java.util.function.UnaryOperator<String> sharedId) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String topic = Topics.ORDER_PLACED.name();
        Deserializer<Order> orders = Topics.ORDER_PLACED.valueSerde().deserializer();
        List<TopicPartition> partitions = new ArrayList<>();
        for (int partition = 0; partition < starts.size(); partition++) {
            partitions.add(new TopicPartition(topic, partition));
        }
        Long[] readTo = new Long[starts.size()];
        Arrays.fill(readTo, -1L);
        Properties config = cluster.properties();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "supply-chaos-read-back");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        boolean complete = false;
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        try {
            consumer.assign(partitions);
            Map<TopicPartition, Long> ends;
            try {
                ends = consumer.endOffsets(partitions, Timeouts.READ_BACK_END_OFFSETS.compareTo(timeout) < 0 ? Timeouts.READ_BACK_END_OFFSETS : timeout);
            } catch (RuntimeException unavailable) {
                return done(history, false, readTo);
            }
            partitions.forEach(tp -> consumer.seek(tp, starts.get(tp.partition())));
            while (!stop.getAsBoolean() && System.nanoTime() < deadline) {
                boolean all = true;
                for (TopicPartition tp : partitions) {
                    long position = safePosition(consumer, tp);
                    if (position >= ends.get(tp)) {
                        readTo[tp.partition()] = position;
                    } else {
                        all = false;
                    }
                }
                if (all) {
                    complete = true;
                    break;
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    history.append(new HistoryEvent.Placed(record.partition(), record.offset(),
                            sharedId.apply(orderId(orders, record)), SendId.of(record.headers()),
                            System.currentTimeMillis()));
                }
            }
        } catch (RuntimeException e) {
            complete = false;
        } finally {
            // close() alone waits up to 30 s for a cluster that may be gone
            consumer.close(Timeouts.CLIENT_CLOSE);
        }
        return done(history, complete, readTo);
    }

    private static long safePosition(KafkaConsumer<byte[], byte[]> consumer, TopicPartition partition) {
        try {
            return consumer.position(partition, Duration.ofMillis(500));
        } catch (RuntimeException notYet) {
            return -1;
        }
    }

    /** The order's id, from the value (or the key when the value cannot be read); null when neither says. */
    private static String orderId(Deserializer<Order> orders, ConsumerRecord<byte[], byte[]> record) {
        try {
            Order order = orders.deserialize(record.topic(), record.value());
            if (order != null && order.orderId() != null) {
                return order.orderId();
            }
        } catch (RuntimeException malformed) {
            // fall back to the key, which the load generator sets to the orderId
        }
        return record.key() == null ? null : new String(record.key(), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static HistoryEvent.ReadBackDone done(HistoryLog history, boolean complete, Long[] readTo) {
        HistoryEvent.ReadBackDone done = new HistoryEvent.ReadBackDone(complete, List.of(readTo),
                System.currentTimeMillis());
        history.append(done);
        return done;
    }
}
