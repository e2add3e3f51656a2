package io.supplychaos.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import io.supplychaos.env.KafkaAccess;

/**
 * Counts the data records in each partition's offset range by reading it with read_uncommitted
 * (which delivers aborted records too, and never the control records that mark a transaction's
 * end). A partition whose range was partly deleted before it could be read (Streams deletes
 * repartition records once committed) is left out of the answer, and so is one not read to its end
 * within the time allowed.
 */
final class DataRecords {

    private DataRecords() {
    }

    static Map<TopicPartition, Long> count(KafkaAccess cluster, Map<TopicPartition, Long> before,
                                           Map<TopicPartition, Long> after, Duration timeout) {
        Properties config = cluster.properties();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        Map<TopicPartition, Long> counts = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> ranges = new ArrayList<>();
            after.forEach((partition, end) -> {
                if (!partition.topic().startsWith("__") && end > before.getOrDefault(partition, 0L)) {
                    ranges.add(partition);
                }
            });
            Map<TopicPartition, Long> starts = consumer.beginningOffsets(ranges, timeout);
            List<TopicPartition> readable = ranges.stream()
                    .filter(p -> starts.getOrDefault(p, Long.MAX_VALUE) <= before.getOrDefault(p, 0L)).toList();
            consumer.assign(readable);
            readable.forEach(p -> {
                consumer.seek(p, before.getOrDefault(p, 0L));
                counts.put(p, 0L);
            });
            List<TopicPartition> open = new ArrayList<>(readable);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!open.isEmpty() && System.nanoTime() < deadline) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(200));
                for (ConsumerRecord<byte[], byte[]> record : batch) {
                    TopicPartition p = new TopicPartition(record.topic(), record.partition());
                    if (record.offset() < after.get(p)) {
                        counts.merge(p, 1L, Long::sum);
                    }
                }
                open.removeIf(p -> {
                    if (consumer.position(p) >= after.get(p)) {
                        consumer.pause(List.of(p));
                        return true;
                    }
                    return false;
                });
            }
            open.forEach(counts::remove);
        }
        return counts;
    }
}
