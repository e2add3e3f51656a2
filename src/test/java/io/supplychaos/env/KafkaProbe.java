package io.supplychaos.env;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Test helper: produces with acks=all and reads back through an environment's bootstrap servers, timing sends. */
public final class KafkaProbe implements AutoCloseable {
    private final String bootstrap;
    private final KafkaProducer<String, String> producer;

    public KafkaProbe(String bootstrap) {
        this.bootstrap = bootstrap;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "20000");
        producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /** Sends {@code count} keyed records and waits for every acknowledgement. */
    public void produce(String topic, String prefix, int count) throws Exception {
        List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            acks.add(producer.send(new ProducerRecord<>(topic, prefix + i, "value-" + i)));
        }
        for (var ack : acks) {
            ack.get(30, TimeUnit.SECONDS);
        }
    }

    /** Median time of {@code count} one-at-a-time acks=all sends, in milliseconds. */
    public double medianSendMillis(String topic, int count) throws Exception {
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long t0 = System.nanoTime();
            producer.send(new ProducerRecord<>(topic, "probe-" + i, "x")).get(30, TimeUnit.SECONDS);
            times.add((System.nanoTime() - t0) / 1e6);
        }
        times.sort(Double::compare);
        return times.get(times.size() / 2);
    }

    /** Reads {@code topic} from the beginning until {@code expected} records with {@code prefix} keys arrived or 60 s passed. */
    public List<ConsumerRecord<String, String>> consume(String topic, String prefix, int expected) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "probe-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (seen.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(r -> {
                    if (r.key() != null && r.key().startsWith(prefix)) {
                        seen.add(r);
                    }
                });
            }
        }
        return seen;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
