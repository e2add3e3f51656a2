package io.supplychaos.workload;

import io.supplychaos.env.KafkaAccess;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.LogTruncationException;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.Topics;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.StockCommand;

/**
 * Reads everything the supply chain writes during a run, with read_committed (aborted transactions
 * never count), from the end of each topic as it was before the run: order-confirmation,
 * drug-manufactured, shipment-status, notifications, inventory-updated and the stock-command
 * repartition topic ({@code <application.id>-stock-commands-by-drug-repartition}). Each record
 * becomes a {@link HistoryEvent.Observed} (inventory: {@link HistoryEvent.StockObserved}) in the
 * run's history; notifications and inventory updates also go to the {@link RunRecorder}. Before the
 * run it reads the tail of inventory-updated: the stock each drug starts from (baseline).
 *
 * <p>A record it cannot decode is recorded as {@link HistoryEvent.Observed#MALFORMED}, never
 * dropped. Streams purges the repartition topic after each commit: should the consumer fall behind
 * and find records deleted, it records a {@link HistoryEvent.ReadGap} and goes on from the log
 * start. Should the log be cut below it (a power loss of every replica, an unclean election), it
 * goes back to where its log and the leader's diverge (the first offset this run could have read
 * when the leader cannot say) and records a {@link HistoryEvent.ReadAgain}: the offsets the cut
 * freed hold records written after it, which a consumer that went on from its position would never
 * read. Any other failure in its thread is a {@link ToolFailures tool failure} (the run ends as
 * ERROR), never a silent stop. Runs on its own thread; {@link #close()} stops it.
 */
public final class OutcomeConsumer implements AutoCloseable {

    /** The Streams application.id unless the app's config names another. */
    public static final String DEFAULT_APPLICATION_ID = Topics.APPLICATION_ID;

    private static final long BASELINE_RECORDS = 20_000;
    private static final Duration BASELINE_READ = Duration.ofSeconds(30);
    private static final Duration CLOSE = Duration.ofSeconds(5);

    private final Consumer<byte[], byte[]> consumer;
    private final RunRecorder recorder;
    // one instance per drug id for the history's stock events: a catalogue of a few drugs, seen millions of times
    private final Map<String, String> drugIds = new ConcurrentHashMap<>();
    private final HistoryLog history;
    private final ToolFailures failures;
    private final String stockCommands;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong lastRecordAt = new AtomicLong(System.currentTimeMillis());
    private final Deserializer<Notification> notifications = Topics.NOTIFICATIONS.valueSerde().deserializer();
    private final Deserializer<InventoryUpdate> inventory = Topics.INVENTORY_UPDATED.valueSerde().deserializer();
    private final Deserializer<Confirmation> confirmations = Topics.ORDER_CONFIRMATION.valueSerde().deserializer();
    private final Deserializer<Batch> batches = Topics.DRUG_MANUFACTURED.valueSerde().deserializer();
    private final Deserializer<ShipmentStatus> shipments = Topics.SHIPMENT_STATUS.valueSerde().deserializer();
    private final Deserializer<StockCommand> commands = JsonSerde.of(StockCommand.class).deserializer();
    private final Thread thread;
    private final AtomicReference<EndQuestion> endQuestion = new AtomicReference<>();
    /** Each partition's position when the run began reading it: the first offset of this run's records. */
    private final Map<TopicPartition, Long> firstOffsets = new HashMap<>();

    /**
     * Assigns every output topic at its end, reads the inventory baseline, and starts reading.
     *
     * @param applicationId the app's Streams application.id, which names the repartition topic
     * @throws IllegalStateException when a topic has no partitions (not created: the app is not the one expected)
     */
    public OutcomeConsumer(KafkaAccess cluster, RunRecorder recorder, HistoryLog history, ToolFailures failures,
                           String applicationId) {
        this(kafkaConsumer(cluster), recorder, history, failures, applicationId);
    }

    /** Reads through {@code consumer}, which it owns from here on (a test's {@code MockConsumer}). */
    OutcomeConsumer(Consumer<byte[], byte[]> consumer, RunRecorder recorder, HistoryLog history, ToolFailures failures,
                    String applicationId) {
        this.recorder = recorder;
        this.history = history;
        this.failures = failures;
        this.stockCommands = stockCommandTopic(applicationId);
        this.consumer = consumer;
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(Topics.ORDER_CONFIRMATION.name(), Topics.DRUG_MANUFACTURED.name(),
                    Topics.SHIPMENT_STATUS.name(), Topics.NOTIFICATIONS.name(), Topics.INVENTORY_UPDATED.name(),
                    stockCommands)) {
                // the repartition topic is created by the app as it starts: its metadata may lag its RUNNING state
                List<PartitionInfo> infos = Poll.value(Timeouts.ADMIN_CALL, Duration.ofMillis(200), () -> {
                    List<PartitionInfo> found = consumer.partitionsFor(topic, Timeouts.ADMIN_QUICK);
                    return found == null || found.isEmpty() ? null : found;
                }).orElseThrow(() -> new IllegalStateException("topic " + topic + " has no partitions after "
                        + Timeouts.describe(Timeouts.ADMIN_CALL) + ": the run cannot observe it"));
                infos.forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
            }
            consumer.assign(partitions);
            readInventoryBaseline(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(partition -> firstOffsets.put(partition, consumer.position(partition, Timeouts.ADMIN_CALL)));
        } catch (RuntimeException e) {
            consumer.close(CLOSE);
            throw e;
        }
        thread = new Thread(this::poll, "outcome-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    private static Consumer<byte[], byte[]> kafkaConsumer(KafkaAccess cluster) {
        Properties config = cluster.properties();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // positions are always set; "none" makes a purged stretch or a cut log an exception we handle
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "supply-chaos-outcomes");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** {@code <application.id>-stock-commands-by-drug-repartition}. */
    public static String stockCommandTopic(String applicationId) {
        return applicationId + "-" + StoreNames.STOCK_COMMANDS_BY_DRUG + "-repartition";
    }

    /** The application.id an app started with {@code appConfig} uses. */
    public static String applicationId(Map<String, String> appConfig) {
        return Topics.applicationId(appConfig);
    }

    /** When the last record of this run was read. */
    public long lastRecordAt() {
        return lastRecordAt.get();
    }

    /** True while the reading thread runs. */
    public boolean alive() {
        return thread.isAlive();
    }

    private void readInventoryBaseline(List<TopicPartition> partitions) {
        List<TopicPartition> stock = partitions.stream()
                .filter(tp -> tp.topic().equals(Topics.INVENTORY_UPDATED.name())).toList();
        Map<TopicPartition, Long> ends = consumer.endOffsets(stock, Timeouts.ADMIN_CALL);
        Map<TopicPartition, Long> starts = consumer.beginningOffsets(stock, Timeouts.ADMIN_CALL);
        // read only the tail: on a long-lived env the whole topic would take too long
        for (TopicPartition tp : stock) {
            long from = Math.max(starts.get(tp), ends.get(tp) - BASELINE_RECORDS);
            consumer.seek(tp, from);
        }
        long deadline = System.nanoTime() + BASELINE_READ.toNanos();
        List<TopicPartition> others = partitions.stream().filter(tp -> !stock.contains(tp)).toList();
        // with no reset policy every assigned partition needs a position before the first poll, paused or not
        consumer.seekToEnd(others);
        others.forEach(partition -> consumer.position(partition, Timeouts.ADMIN_CALL));
        consumer.pause(others);
        while (stock.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp)) && System.nanoTime() < deadline) {
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                InventoryUpdate update = decode(inventory, record);
                if (update != null && update.drugId() != null) {
                    history.append(stock(record, update, true, System.currentTimeMillis()));
                }
            }
        }
        consumer.resume(others);
    }

    /**
     * Whether every output topic has been read to its end (read_committed: the last stable offset)
     * now, asked of the reading thread; {@code reachedEnd} is null when the thread or the cluster
     * does not answer within {@code timeout}. Not recorded: the caller appends it to the history.
     */
    public HistoryEvent.OutputsRead outputsRead(Duration timeout) {
        CompletableFuture<HistoryEvent.OutputsRead> asked = new CompletableFuture<>();
        if (!thread.isAlive()) {
            return new HistoryEvent.OutputsRead(null, List.of("the outcome consumer had stopped"),
                    System.currentTimeMillis());
        }
        endQuestion.set(new EndQuestion(timeout, asked));
        try {
            return asked.get(timeout.toMillis() + CLOSE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // no answer: unknown
        }
        return new HistoryEvent.OutputsRead(null, List.of("the outcome consumer did not answer in time"),
                System.currentTimeMillis());
    }

    /** A question for the reading thread, the only one that may touch the consumer. */
    private record EndQuestion(Duration timeout, CompletableFuture<HistoryEvent.OutputsRead> answer) {
    }

    private void answer(EndQuestion question) {
        try {
            Set<TopicPartition> assigned = consumer.assignment();
            Map<TopicPartition, Long> ends = consumer.endOffsets(assigned, question.timeout());
            List<String> behind = new ArrayList<>();
            for (TopicPartition partition : assigned) {
                long left = ends.getOrDefault(partition, 0L) - consumer.position(partition, question.timeout());
                if (left > 0) {
                    behind.add(topicName(partition.topic()) + "-" + partition.partition() + ": " + left + " records");
                }
            }
            Collections.sort(behind);
            question.answer().complete(new HistoryEvent.OutputsRead(behind.isEmpty(), behind,
                    System.currentTimeMillis()));
        } catch (RuntimeException unanswered) {
            question.answer().complete(new HistoryEvent.OutputsRead(null,
                    List.of("the cluster did not give the end offsets: " + unanswered.getClass().getSimpleName()),
                    System.currentTimeMillis()));
        }
    }

    private void poll() {
        try {
            while (running.get()) {
                EndQuestion question = endQuestion.getAndSet(null);
                if (question != null) {
                    answer(question);
                }
                Iterable<ConsumerRecord<byte[], byte[]>> records;
                try {
                    records = consumer.poll(Duration.ofMillis(100));
                } catch (OffsetOutOfRangeException purged) {
                    skipPurged(purged);
                    continue;
                }
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    long readAt = System.currentTimeMillis();
                    lastRecordAt.set(readAt);
                    handle(record, readAt);
                }
            }
        } catch (WakeupException e) {
            // close() woke us up
        } catch (Exception | Error e) {
            if (running.get()) {
                failures.record("outcome consumer", e);
            }
        } finally {
            consumer.close(CLOSE);
        }
    }

    /**
     * The consumer's position is out of the log's range. Below the log start, records were deleted
     * before we read them (a purged repartition topic): note the gap, go on from the log start.
     * Otherwise the log was cut below us ({@link LogTruncationException}, or a position past the
     * log's end): go back to where the logs diverge, else to the first offset of this run, and read
     * on, since the offsets the cut freed are written again.
     */
    private void skipPurged(OffsetOutOfRangeException outOfRange) {
        Map<TopicPartition, Long> starts = consumer.beginningOffsets(outOfRange.partitions(), Timeouts.ADMIN_CALL);
        Map<TopicPartition, Long> ends = consumer.endOffsets(outOfRange.partitions(), Timeouts.ADMIN_CALL);
        Map<TopicPartition, OffsetAndMetadata> divergent = outOfRange instanceof LogTruncationException truncation
                ? truncation.divergentOffsets() : Map.of();
        outOfRange.offsetOutOfRangePartitions().forEach((partition, position) -> {
            long start = starts.getOrDefault(partition, position);
            long end = ends.getOrDefault(partition, position);
            boolean cut = outOfRange instanceof LogTruncationException || position > end;
            long from = Math.max(start, divergent.containsKey(partition) ? divergent.get(partition).offset()
                    : firstOffsets.getOrDefault(partition, start));
            if (cut && from < position) {
                history.append(new HistoryEvent.ReadAgain(topicName(partition.topic()), partition.partition(), from,
                        position, System.currentTimeMillis()));
                consumer.seek(partition, from);
                return;
            }
            history.append(new HistoryEvent.ReadGap(topicName(partition.topic()), partition.partition(), position, start,
                    System.currentTimeMillis()));
            consumer.seek(partition, Math.max(start, position));
        });
    }

    private String topicName(String topic) {
        return topic.equals(stockCommands) ? HistoryEvent.Observed.STOCK_COMMANDS : topic;
    }

    private void handle(ConsumerRecord<byte[], byte[]> record, long readAt) {
        String topic = record.topic();
        if (topic.equals(Topics.INVENTORY_UPDATED.name())) {
            InventoryUpdate update = decode(inventory, record);
            if (update == null || update.drugId() == null) {
                history.append(malformed(record, readAt));
                return;
            }
            history.append(stock(record, update, false, readAt));
            return;
        }
        if (topic.equals(Topics.NOTIFICATIONS.name())) {
            Notification notification = decode(notifications, record);
            if (notification == null || !notification.problems().isEmpty()) {
                history.append(malformed(record, readAt));
                return;
            }
            history.append(observed(record, notification.orderId(), notification.status().name(), 0,
                    notification.at(), readAt));
            recorder.observed(notification, readAt);
            return;
        }
        history.append(decodeOutput(record, readAt));
    }

    /** A record of order-confirmation, drug-manufactured, shipment-status or the stock commands. */
    private HistoryEvent.Observed decodeOutput(ConsumerRecord<byte[], byte[]> record, long readAt) {
        String topic = record.topic();
        if (topic.equals(Topics.ORDER_CONFIRMATION.name())) {
            Confirmation confirmation = decode(confirmations, record);
            return confirmation == null || !confirmation.problems().isEmpty() ? malformed(record, readAt)
                    : observed(record, confirmation.orderId(), confirmation.status().name(), confirmation.quantity(),
                    confirmation.at(), readAt);
        }
        if (topic.equals(Topics.DRUG_MANUFACTURED.name())) {
            Batch batch = decode(batches, record);
            return batch == null || !batch.problems().isEmpty() ? malformed(record, readAt)
                    : observed(record, batch.orderId(), "MANUFACTURED", batch.quantity(), batch.manufacturedAt(), readAt);
        }
        if (topic.equals(Topics.SHIPMENT_STATUS.name())) {
            ShipmentStatus shipment = decode(shipments, record);
            return shipment == null || !shipment.problems().isEmpty() ? malformed(record, readAt)
                    : observed(record, shipment.orderId(), shipment.status().name(), shipment.quantity(), shipment.at(),
                    readAt);
        }
        StockCommand command = decode(commands, record);
        return command == null || command.kind() == null || command.orderId() == null ? malformed(record, readAt)
                : observed(record, command.orderId(), command.kind().name(), command.quantity(), record.timestamp(),
                readAt);
    }

    private HistoryEvent.Observed observed(ConsumerRecord<byte[], byte[]> record, String orderId, String state,
                                           int quantity, long emittedAt, long readAt) {
        // An order is seen about a dozen times; each decoded copy of its id (and of the key, the same
        // text) would stay in the history until the run ends. Sharing the one the order was sent with
        // is most of the history's memory on a run of a million orders.
        String id = recorder.orderId(orderId);
        String key = key(record);
        return new HistoryEvent.Observed(topicName(record.topic()), record.partition(), record.offset(),
                id != null && id.equals(key) ? id : key, id, state, quantity, emittedAt, readAt);
    }

    private HistoryEvent.Observed malformed(ConsumerRecord<byte[], byte[]> record, long readAt) {
        return new HistoryEvent.Observed(topicName(record.topic()), record.partition(), record.offset(), key(record),
                null, HistoryEvent.Observed.MALFORMED, 0, record.timestamp(), readAt);
    }

    private HistoryEvent.StockObserved stock(ConsumerRecord<byte[], byte[]> record, InventoryUpdate update,
                                             boolean baseline, long readAt) {
        String cause = update.causeOrderId() == null ? null : recorder.orderId(update.causeOrderId());
        return new HistoryEvent.StockObserved(record.partition(), record.offset(),
                drugIds.computeIfAbsent(update.drugId(), d -> d), update.initial(), update.produced(),
                update.available(), update.reserved(), update.shipped(), cause, baseline, readAt);
    }

    private static String key(ConsumerRecord<byte[], byte[]> record) {
        return record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
    }

    /** The record's value, or null when it is empty or not what the topic carries. */
    static <T> T decode(Deserializer<T> deserializer, ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            return null;
        }
        try {
            return deserializer.deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            // any decoding failure (bad JSON, an unknown enum value, a wrong shape) is a malformed record
            return null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        consumer.wakeup();
        thread.join(CLOSE.toMillis() + 5_000);
    }
}
