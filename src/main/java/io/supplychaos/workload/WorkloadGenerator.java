package io.supplychaos.workload;

import io.supplychaos.env.KafkaAccess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.clients.producer.RoundRobinPartitioner;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.env.Partitioning;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;

/**
 * The hospitals: sends orders to order-placed from N producer threads, each with its own
 * KafkaProducer configured with the scenario's producer properties. With a rate, every order has
 * an intended send time on a fixed schedule and carries it as placedAt, so latency is measured
 * from when the order should have left even when the producer falls behind (coordinated
 * omission); without a rate, it is the time the send was issued. Order ids are unique per run
 * ({@code RUN-pP-N}); the key is always the orderId, partitioning decides where it goes: by key,
 * round-robin, or every order to partition 0 ("single"). Each record carries its send's id
 * ({@link SendId}), so that the read-back tells one send written twice from two sends. A phase ends when its orders are all
 * acknowledged or failed, when sending stalls (no acknowledgement for the stall timeout), or when
 * the caller stops it; it never waits for the producer's own delivery timeout.
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

    private final KafkaAccess cluster;
    private final String topic;
    private final Map<String, String> producerConfig;
    private final Partitioning partitioning;
    private final int producers;
    private final List<String> drugs;
    private final String runId;
    private final Listener listener;
    private final Serializer<Order> values = Topics.ORDER_PLACED.valueSerde().serializer();
    private final AtomicLong sequence = new AtomicLong();
    private final SendId sends = new SendId();
    private final Duration stallTimeout;
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private volatile LongSupplier faultsEndedAt = StallDetector.NO_FAULTS;

    /** How long close() waits for sends still pending when a phase stalled or was stopped. */
    static final Duration PENDING_SENDS_GRACE = Duration.ofSeconds(5);
    /** Sending stops after this long with no acknowledgement, unless the constructor says otherwise. */
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(60);

    public WorkloadGenerator(KafkaAccess cluster, Map<String, String> producerConfig, Partitioning partitioning,
                             int producers, List<String> drugs, String runId, Listener listener) {
        this(cluster, Topics.ORDER_PLACED.name(), producerConfig, partitioning, producers, drugs, runId, listener,
                DEFAULT_STALL_TIMEOUT);
    }

    /** A generator for order-placed that stops sending after {@code stallTimeout} with no acknowledgement. */
    public WorkloadGenerator(KafkaAccess cluster, Map<String, String> producerConfig, Partitioning partitioning,
                             int producers, List<String> drugs, String runId, Listener listener, Duration stallTimeout) {
        this(cluster, Topics.ORDER_PLACED.name(), producerConfig, partitioning, producers, drugs, runId, listener,
                stallTimeout);
    }

    /** A generator writing to another topic than order-placed: the benchmark measures it alone. */
    public WorkloadGenerator(KafkaAccess cluster, String topic, Map<String, String> producerConfig,
                             Partitioning partitioning, int producers, List<String> drugs, String runId,
                             Listener listener) {
        this(cluster, topic, producerConfig, partitioning, producers, drugs, runId, listener,
                DEFAULT_STALL_TIMEOUT);
    }

    private WorkloadGenerator(KafkaAccess cluster, String topic, Map<String, String> producerConfig,
                              Partitioning partitioning, int producers, List<String> drugs, String runId,
                              Listener listener, Duration stallTimeout) {
        this.stallTimeout = stallTimeout;
        this.cluster = cluster;
        this.topic = topic;
        this.producerConfig = Map.copyOf(producerConfig);
        this.partitioning = partitioning;
        this.producers = producers;
        this.drugs = List.copyOf(drugs);
        this.runId = runId;
        this.listener = listener;
    }

    /**
     * Lets the faults the run ends itself excuse the silence they cause: {@code faultsEndedAt} says
     * when the last one ended, or {@link StallDetector#FAULT_IN_PLACE} while one is in place or being
     * healed (see {@link StallDetector}). Without it, every silence counts.
     */
    public WorkloadGenerator excusingFaults(LongSupplier faultsEndedAt) {
        this.faultsEndedAt = faultsEndedAt;
        return this;
    }

    /** How a phase ended. */
    public enum PhaseEnd {
        /** Every order of the phase was sent and acknowledged or failed. */
        COMPLETED,
        /** Sends were outstanding with no acknowledgement for the stall timeout: sending stopped. */
        STALLED,
        /** The caller's stop condition (Ctrl-C, a tool failure) ended the phase. */
        STOPPED
    }

    /**
     * Sends one phase and returns once every order of it was acknowledged or failed, sending
     * stalled (no acknowledgement for the stall timeout while sends were outstanding), or
     * {@code stop} held. The producers are closed with a bounded timeout, so that sends still
     * pending when the phase ends fail fast (the listener hears of each) instead of holding the
     * run for the producer's delivery timeout.
     *
     * @param count         orders to send; Long.MAX_VALUE when only the duration bounds the phase
     * @param ratePerSecond over all producers; 0 = as fast as possible
     * @param durationMs    stop after this long; 0 = no limit
     * @param stop          polled between sends and while waiting for acknowledgements: true ends the phase early
     * @throws IllegalStateException when a producer or the listener failed
     */
    public PhaseEnd runPhase(long count, double ratePerSecond, long durationMs, boolean warmup, BooleanSupplier stop)
            throws InterruptedException {
        return runPhase(count, ratePerSecond, durationMs, warmup, stop, () -> false);
    }

    /**
     * {@link #runPhase(long, double, long, boolean, BooleanSupplier)}, also ending when {@code enough}
     * holds: asked before each send, it ends sending as the count or the duration does (the orders
     * sent are awaited, the phase is COMPLETED). The warm-up until steady ends on it.
     */
    public PhaseEnd runPhase(long count, double ratePerSecond, long durationMs, boolean warmup, BooleanSupplier stop,
                             BooleanSupplier enough) throws InterruptedException {
        long startNanos = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        long deadlineNanos = durationMs > 0 ? startNanos + TimeUnit.MILLISECONDS.toNanos(durationMs) : Long.MAX_VALUE;
        StallDetector stall = new StallDetector(stallTimeout, System::currentTimeMillis, faultsEndedAt);
        AtomicBoolean stalled = new AtomicBoolean();
        BooleanSupplier halt = () -> {
            if (stall.stalled()) {
                stalled.set(true);
            }
            return stalled.get() || stop.getAsBoolean() || !errors.isEmpty();
        };
        AtomicLong next = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        errors.clear();
        for (int p = 0; p < producers; p++) {
            int producerIndex = p;
            Thread thread = new Thread(() -> {
                KafkaProducer<String, byte[]> producer = null;
                try {
                    producer = newProducer(producerIndex);
                    Random random = new Random(runId.hashCode() * 31L + producerIndex);
                    long k;
                    while ((k = next.getAndIncrement()) < count && !halt.getAsBoolean()) {
                        long intendedNanos = ratePerSecond > 0 ? startNanos + (long) (k * 1e9 / ratePerSecond) : 0;
                        if (ratePerSecond > 0) {
                            long wait = intendedNanos - System.nanoTime();
                            if (wait > 0) {
                                LockSupport.parkNanos(wait);
                            }
                        }
                        if (System.nanoTime() > deadlineNanos || halt.getAsBoolean() || enough.getAsBoolean()) {
                            break;
                        }
                        long placedAt = ratePerSecond > 0
                                ? startMillis + TimeUnit.NANOSECONDS.toMillis(intendedNanos - startNanos)
                                : System.currentTimeMillis();
                        send(producer, order(producerIndex, random, placedAt), warmup, stall);
                    }
                    // not flush(): it waits for the producer's delivery timeout when the cluster is gone
                    // the stall bounds this wait: outstanding sends with no ack for the stall timeout end it
                    Poll.until(Duration.ofDays(365), () -> stall.outstanding() == 0 || halt.getAsBoolean());
                } catch (RuntimeException e) {
                    errors.add(e);
                } finally {
                    if (producer != null) {
                        boolean clean = stall.outstanding() == 0;
                        // what is still pending now fails at close, through the callbacks, as SendFailed
                        producer.close(clean ? Timeouts.ADMIN_CALL : PENDING_SENDS_GRACE);
                    }
                }
            }, "load-" + runId + "-" + p);
            // a load thread blocked in send() (no metadata) must never keep the JVM alive after Ctrl-C
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        long haltedAt = 0;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                thread.join(200);
                if (haltedAt == 0 && halt.getAsBoolean()) {
                    haltedAt = System.nanoTime();
                }
                // once halted, a thread still blocked in send() is left to fail on its own: the phase ends
                if (haltedAt != 0 && System.nanoTime() - haltedAt > PENDING_SENDS_GRACE.toNanos() + 1_000_000_000L) {
                    break;
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new IllegalStateException("the load generator failed: " + errors.get(0).getMessage(), errors.get(0));
        }
        if (stalled.get()) {
            return PhaseEnd.STALLED;
        }
        return stop.getAsBoolean() ? PhaseEnd.STOPPED : PhaseEnd.COMPLETED;
    }

    private void send(KafkaProducer<String, byte[]> producer, Order order, boolean warmup, StallDetector stall) {
        Integer partition = partitioning == Partitioning.SINGLE ? 0 : null;
        callListener(() -> listener.sending(order, warmup));
        long sentAt = System.currentTimeMillis();
        stall.sent();
        try {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, partition, order.orderId(),
                    values.serialize(topic, order));
            record.headers().add(SendId.header(sends.next()));
            producer.send(record,
                    (metadata, error) -> {
                long now = System.currentTimeMillis();
                if (error == null) {
                    stall.acked();
                    callListener(() -> listener.acked(order, warmup, metadata, sentAt, now));
                } else {
                    stall.failed();
                    callListener(() -> listener.failed(order, warmup, error, now));
                }
            });
        } catch (KafkaException e) {
            // a send refused before it reached the accumulator (buffer full for max.block.ms, ...)
            stall.failed();
            callListener(() -> listener.failed(order, warmup, e, System.currentTimeMillis()));
        }
    }

    /** A listener that throws must not vanish into the producer's log: the phase fails with it. */
    private void callListener(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            errors.add(e);
        }
    }

    private Order order(int producerIndex, Random random, long placedAt) {
        String orderId = runId + "-p" + producerIndex + "-" + sequence.getAndIncrement();
        return new Order(orderId, "hospital-" + (1 + random.nextInt(20)), drugs.get(random.nextInt(drugs.size())),
                1 + random.nextInt(5), random.nextInt(10) == 0 ? Priority.URGENT : Priority.ROUTINE, placedAt);
    }

    private KafkaProducer<String, byte[]> newProducer(int producerIndex) {
        Properties config = cluster.properties();
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "supply-chaos-load-" + producerIndex);
        if (partitioning == Partitioning.ROUND_ROBIN) {
            config.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class.getName());
        }
        config.putAll(producerConfig);
        config.putAll(boundedByStall(producerConfig, stallTimeout));
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    /**
     * The producer timeouts that keep every send's own answer inside the stall timeout, so a stall means
     * that nothing was answered, not that Kafka was still within its contract. Kafka answers each send
     * within {@code delivery.timeout.ms} (120 s by default), longer than the 60 s stall: a single send
     * left in flight after a fault (a batch retried after the brokers' producer state went back) would
     * end the phase as a stall although the producer would have failed it on its own. So the delivery
     * timeout is at most three quarters of the stall (the send fails, is counted and named as a failed
     * send, and the run goes on); {@code request.timeout.ms} shrinks with it when Kafka's rule
     * {@code delivery.timeout.ms >= linger.ms + request.timeout.ms} asks for it; a send blocked on
     * metadata or a full buffer ({@code max.block.ms}) is bounded by the stall as well. A scenario's
     * smaller values are kept.
     */
    static Map<String, String> boundedByStall(Map<String, String> scenario, Duration stallTimeout) {
        long stall = stallTimeout.toMillis();
        long delivery = Math.min(millis(scenario, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000), stall * 3 / 4);
        long linger = millis(scenario, ProducerConfig.LINGER_MS_CONFIG, 5);
        long request = Math.min(millis(scenario, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000),
                Math.max(1, delivery - linger));
        delivery = Math.max(delivery, linger + request);
        long block = Math.min(millis(scenario, ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.MAX_VALUE),
                Math.min(stall, 60_000));
        return Map.of(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(delivery),
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(request),
                ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(block));
    }

    private static long millis(Map<String, String> config, String key, long otherwise) {
        String value = config.get(key);
        return value == null ? otherwise : Long.parseLong(value.trim());
    }
}
