package io.supplychaos.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Notification;
import io.supplychaos.topology.Topics;

/**
 * Reads what comes out of the supply chain during a run — notifications and inventory-updated —
 * with read_committed (so aborted transactions never count), from the end of both topics as they
 * were before the run, and hands each record to the {@link RunRecorder}. Also captures each
 * drug's last inventory update from before the run, the checker's baseline. Runs on its own
 * thread; {@link #close()} stops it.
 */
public final class OutcomeConsumer implements AutoCloseable {

    private static final long BASELINE_RECORDS = 20_000;

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final RunRecorder recorder;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong lastRecordAt = new AtomicLong(System.currentTimeMillis());
    private final Map<String, InventoryUpdate> baseline = new HashMap<>();
    private boolean baselineComplete = true;
    private final Deserializer<Notification> notifications = Topics.NOTIFICATIONS.valueSerde().deserializer();
    private final Deserializer<InventoryUpdate> inventory = Topics.INVENTORY_UPDATED.valueSerde().deserializer();
    private final Thread thread;

    public OutcomeConsumer(String bootstrapServers, RunRecorder recorder) {
        this.recorder = recorder;
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "supply-chaos-outcomes");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : List.of(Topics.NOTIFICATIONS.name(), Topics.INVENTORY_UPDATED.name())) {
            for (PartitionInfo info : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
        }
        consumer.assign(partitions);
        readInventoryBaseline(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        thread = new Thread(this::poll, "outcome-consumer");
        thread.start();
    }

    /**
     * Each drug's last inventory update before the run, or null when the topic held more history
     * than was read (a long-lived env) and a drug's last update may have been missed.
     */
    public Map<String, InventoryUpdate> baseline() {
        return baselineComplete ? Map.copyOf(baseline) : null;
    }

    /** When the last record of this run was read. */
    public long lastRecordAt() {
        return lastRecordAt.get();
    }

    private void readInventoryBaseline(List<TopicPartition> partitions) {
        List<TopicPartition> stock = partitions.stream()
                .filter(tp -> tp.topic().equals(Topics.INVENTORY_UPDATED.name())).toList();
        Map<TopicPartition, Long> ends = consumer.endOffsets(stock);
        // read only the tail: on a long-lived env the whole topic would take too long
        for (TopicPartition tp : stock) {
            long from = Math.max(0, ends.get(tp) - BASELINE_RECORDS);
            baselineComplete &= from == 0;
            consumer.seek(tp, from);
        }
        long deadline = System.currentTimeMillis() + 30_000;
        while (stock.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))
                && System.currentTimeMillis() < deadline) {
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                if (record.topic().equals(Topics.INVENTORY_UPDATED.name())) {
                    InventoryUpdate update = decode(inventory, record);
                    if (update != null) {
                        baseline.put(update.drugId(), update);
                    }
                }
            }
        }
    }

    private void poll() {
        try {
            while (running.get()) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    long readAt = System.currentTimeMillis();
                    lastRecordAt.set(readAt);
                    if (record.topic().equals(Topics.NOTIFICATIONS.name())) {
                        Notification notification = decode(notifications, record);
                        if (notification != null) {
                            recorder.observed(notification, readAt);
                        }
                    } else {
                        InventoryUpdate update = decode(inventory, record);
                        if (update != null) {
                            recorder.inventory(update);
                        }
                    }
                }
            }
        } catch (WakeupException e) {
            // close() woke us up
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private static <T> T decode(Deserializer<T> deserializer, ConsumerRecord<byte[], byte[]> record) {
        try {
            return deserializer.deserialize(record.topic(), record.value());
        } catch (SerializationException e) {
            return null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        consumer.wakeup();
        thread.join(10_000);
    }
}
