package io.supplychaos.topology.processor;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

import io.supplychaos.domain.Validated;
import io.supplychaos.topology.SupplyMetrics;
import io.supplychaos.topology.Topic;

/**
 * First step after every source topic: decodes the JSON value and checks required fields. A
 * record that cannot be used is marked malformed, with headers naming the reason and its origin
 * (topic, partition, offset), and counted in {@code dead-letter-records-total}; the topology sends
 * it to {@code dead-letter}. Decoding here rather than in the source's serde keeps the stream
 * thread alive on bad input without a global deserialization handler hiding the record.
 */
public final class DecodeProcessor<T extends Validated> extends ContextualProcessor<byte[], byte[], String, Decoded<T>> {

    public static final String REASON_HEADER = "dead-letter.reason";
    public static final String TOPIC_HEADER = "dead-letter.topic";
    public static final String PARTITION_HEADER = "dead-letter.partition";
    public static final String OFFSET_HEADER = "dead-letter.offset";
    public static final String METRIC = SupplyMetrics.DEAD_LETTERS;

    private final Topic<String, T> topic;
    private Counter malformed;

    public DecodeProcessor(Topic<String, T> topic) {
        this.topic = topic;
    }

    @Override
    public void init(ProcessorContext<String, Decoded<T>> context) {
        super.init(context);
        malformed = Counter.register(context, METRIC, "records sent to the dead-letter topic", topic.name());
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
        String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        String error = null;
        T value = null;
        if (record.value() == null) {
            error = "no value (tombstone)";
        } else {
            try {
                value = topic.valueSerde().deserializer().deserialize(topic.name(), record.value());
                List<String> problems = value.problems();
                if (!problems.isEmpty()) {
                    error = String.join("; ", problems);
                }
            } catch (SerializationException e) {
                error = e.getMessage();
            }
        }
        if (error == null) {
            context().forward(record.withKey(key).withValue(Decoded.valid(value)));
            return;
        }
        malformed.increment();
        Headers headers = record.headers();
        headers.add(REASON_HEADER, utf8(error));
        headers.add(TOPIC_HEADER, utf8(topic.name()));
        context().recordMetadata().ifPresent((RecordMetadata origin) -> {
            headers.add(PARTITION_HEADER, utf8(Integer.toString(origin.partition())));
            headers.add(OFFSET_HEADER, utf8(Long.toString(origin.offset())));
        });
        context().forward(record.withKey(key).withValue(Decoded.<T>malformed(record.key(), record.value(), error))
                .withHeaders(headers));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
