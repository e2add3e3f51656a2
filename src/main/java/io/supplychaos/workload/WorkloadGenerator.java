package io.supplychaos.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.clients.producer.RoundRobinPartitioner;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.env.Partitioning;
import io.supplychaos.topology.Topics;

/**
 * The hospitals: sends orders to order-placed from N producer threads, each with its own
 * KafkaProducer configured with the scenario's producer properties. With a rate, every order has
 * an intended send time on a fixed schedule and carries it as placedAt, so latency is measured
 * from when the order should have left even when the producer falls behind (coordinated
 * omission); without a rate, it is the time the send was issued. Order ids are unique per run
 * ({@code RUN-pP-N}); the key is always the orderId, partitioning decides where it goes: by key,
 * round-robin, or every order to partition 0 ("single").
 */
public final class WorkloadGenerator {

    /** What happened to each order sent; a listener overrides what it needs. */
    public interface Listener {
        /** Called on the sending thread before the send, so that an outcome arriving before the ack can be matched. */
        default void sending(Order order, boolean warmup) {
        }

        /** Called on the producer's I/O thread. */
        default void acked(Order order, boolean warmup, RecordMetadata metadata, long sentAt, long ackedAt) {
        }

        /** Called on the producer's I/O thread. */
        default void failed(Order order, boolean warmup, Exception error, long failedAt) {
        }
    }

    private final String bootstrapServers;
    private final String topic;
    private final Map<String, String> producerConfig;
    private final Partitioning partitioning;
    private final int producers;
    private final List<String> drugs;
    private final String runId;
    private final Listener listener;
    private final Serializer<Order> values = Topics.ORDER_PLACED.valueSerde().serializer();
    private final AtomicLong sequence = new AtomicLong();

    public WorkloadGenerator(String bootstrapServers, Map<String, String> producerConfig, Partitioning partitioning,
                             int producers, List<String> drugs, String runId, Listener listener) {
        this(bootstrapServers, Topics.ORDER_PLACED.name(), producerConfig, partitioning, producers, drugs, runId, listener);
    }

    /** A generator writing to another topic than order-placed: the benchmark measures it alone. */
    public WorkloadGenerator(String bootstrapServers, String topic, Map<String, String> producerConfig,
                             Partitioning partitioning, int producers, List<String> drugs, String runId,
                             Listener listener) {
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.producerConfig = Map.copyOf(producerConfig);
        this.partitioning = partitioning;
        this.producers = producers;
        this.drugs = List.copyOf(drugs);
        this.runId = runId;
        this.listener = listener;
    }

    /**
     * Sends one phase and returns once every order of it was handed to its producer and the
     * producers were flushed (acknowledgements are then in, or failed).
     *
     * @param count         orders to send; Long.MAX_VALUE when only the duration bounds the phase
     * @param ratePerSecond over all producers; 0 = as fast as possible
     * @param durationMs    stop after this long; 0 = no limit
     * @param stop          polled between sends: true ends the phase early (Ctrl-C)
     */
    public void runPhase(long count, double ratePerSecond, long durationMs, boolean warmup, BooleanSupplier stop)
            throws InterruptedException {
        long startNanos = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        long deadlineNanos = durationMs > 0 ? startNanos + TimeUnit.MILLISECONDS.toNanos(durationMs) : Long.MAX_VALUE;
        AtomicLong next = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producerIndex = p;
            Thread thread = new Thread(() -> {
                try (KafkaProducer<String, byte[]> producer = newProducer(producerIndex)) {
                    Random random = new Random(runId.hashCode() * 31L + producerIndex);
                    long k;
                    while ((k = next.getAndIncrement()) < count && !stop.getAsBoolean()) {
                        long intendedNanos = ratePerSecond > 0 ? startNanos + (long) (k * 1e9 / ratePerSecond) : 0;
                        if (ratePerSecond > 0) {
                            long wait = intendedNanos - System.nanoTime();
                            if (wait > 0) {
                                LockSupport.parkNanos(wait);
                            }
                        }
                        if (System.nanoTime() > deadlineNanos) {
                            break;
                        }
                        long placedAt = ratePerSecond > 0
                                ? startMillis + TimeUnit.NANOSECONDS.toMillis(intendedNanos - startNanos)
                                : System.currentTimeMillis();
                        send(producer, order(producerIndex, random, placedAt), warmup);
                    }
                    producer.flush();
                } catch (RuntimeException e) {
                    errors.add(e);
                }
            }, "load-" + runId + "-" + p);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!errors.isEmpty()) {
            throw new IllegalStateException("a producer failed: " + errors.get(0).getMessage(), errors.get(0));
        }
    }

    private void send(KafkaProducer<String, byte[]> producer, Order order, boolean warmup) {
        Integer partition = partitioning == Partitioning.SINGLE ? 0 : null;
        listener.sending(order, warmup);
        long sentAt = System.currentTimeMillis();
        producer.send(new ProducerRecord<>(topic, partition, order.orderId(), values.serialize(topic, order)),
                (metadata, error) -> {
            long now = System.currentTimeMillis();
            if (error == null) {
                listener.acked(order, warmup, metadata, sentAt, now);
            } else {
                listener.failed(order, warmup, error, now);
            }
        });
    }

    private Order order(int producerIndex, Random random, long placedAt) {
        String orderId = runId + "-p" + producerIndex + "-" + sequence.getAndIncrement();
        return new Order(orderId, "hospital-" + (1 + random.nextInt(20)), drugs.get(random.nextInt(drugs.size())),
                1 + random.nextInt(5), random.nextInt(10) == 0 ? Priority.URGENT : Priority.ROUTINE, placedAt);
    }

    private KafkaProducer<String, byte[]> newProducer(int producerIndex) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "supply-chaos-load-" + producerIndex);
        if (partitioning == Partitioning.ROUND_ROBIN) {
            config.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class.getName());
        }
        config.putAll(producerConfig);
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }
}
