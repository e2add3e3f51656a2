package io.supplychaos.verify;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.IntegerDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import io.supplychaos.time.Timeouts;

/**
 * The smoke suite's input as the cluster holds it, read back once the verification is over:
 * Kafka's SmokeTestDriver writes every (key, value) pair exactly once, so a pair found twice in
 * {@code data} was duplicated before the test app saw it (by the driver's retry of a send that
 * timed out but was written, or by its producer). Tells an input duplicate apart from one the app
 * made, naming partition, offsets and when the driver sent it. Reads {@code data} (read_committed).
 */
public final class InputAudit {

    /** Kafka's SmokeTestDriver stamps records two days in the past (CREATE_TIME_SHIFT_MS). */
    static final long DRIVER_TIME_SHIFT_MS = Duration.ofDays(2).toMillis();
    static final int MAX_LISTED = 10;

    /** One (key, value) pair found more than once: where each copy is, and when the driver sent it (epoch ms). */
    public record Duplicate(String key, int value, int partition, List<Long> offsets, long sentAt) {
    }

    /**
     * @param records     input records read, the driver's end-of-input flush records excluded
     * @param extraCopies copies beyond the first of every pair found more than once
     * @param complete    false when the topic could not be read to its end within the deadline
     */
    public record Result(long records, long extraCopies, List<Duplicate> duplicates, boolean complete) {
    }

    private InputAudit() {
    }

    static Result read(String bootstrap, String topic, Duration timeout) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Timeouts.ADMIN_QUICK).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Timeouts.ADMIN_QUICK);
            StringDeserializer keys = new StringDeserializer();
            IntegerDeserializer values = new IntegerDeserializer();
            Map<String, List<ConsumerRecord<byte[], byte[]>>> copies = new HashMap<>();
            long records = 0;
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline && !atEnd(consumer, ends)) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    String key = keys.deserialize(topic, record.key());
                    if ("flush".equals(key)) {
                        continue;
                    }
                    records++;
                    copies.computeIfAbsent(key + "\u0000" + values.deserialize(topic, record.value()),
                            k -> new ArrayList<>(1)).add(record);
                }
            }
            boolean complete = atEnd(consumer, ends);
            long extra = 0;
            List<Duplicate> listed = new ArrayList<>();
            for (List<ConsumerRecord<byte[], byte[]>> same : copies.values()) {
                if (same.size() < 2) {
                    continue;
                }
                extra += same.size() - 1;
                if (listed.size() < MAX_LISTED) {
                    ConsumerRecord<byte[], byte[]> first = same.get(0);
                    listed.add(new Duplicate(keys.deserialize(topic, first.key()), values.deserialize(topic, first.value()),
                            first.partition(), same.stream().map(ConsumerRecord::offset).toList(),
                            first.timestamp() + DRIVER_TIME_SHIFT_MS));
                }
            }
            return new Result(records, extra, listed, complete);
        }
    }

    private static boolean atEnd(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey(), Timeouts.ADMIN_QUICK) >= e.getValue());
    }
}
