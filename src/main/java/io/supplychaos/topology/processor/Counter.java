package io.supplychaos.topology.processor;

import java.util.Map;

import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeCount;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * A monotonic count registered with Kafka Streams' metrics (so JMX and
 * {@code KafkaStreams#metrics()} show it), shared by every task of a stream thread.
 */
final class Counter {

    static final String GROUP = "supply-chaos-metrics";

    private final Sensor sensor;

    private Counter(Sensor sensor) {
        this.sensor = sensor;
    }

    /**
     * @param name a metric name such as {@code dead-letter-records-total}
     * @param tag  the value of the metric's {@code source} tag: the topic or stage counted
     */
    static Counter register(ProcessorContext<?, ?> context, String name, String description, String tag) {
        Sensor sensor = context.metrics().addSensor(name + "." + tag, Sensor.RecordingLevel.INFO);
        sensor.add(new MetricName(name, GROUP, description,
                Map.of("source", tag, "thread-id", Thread.currentThread().getName())), new CumulativeCount());
        return new Counter(sensor);
    }

    void increment() {
        sensor.record();
    }
}
