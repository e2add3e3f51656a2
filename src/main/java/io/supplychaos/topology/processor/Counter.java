package io.supplychaos.topology.processor;

import java.util.Map;

import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeCount;
import org.apache.kafka.common.metrics.stats.Rate;
import org.apache.kafka.common.metrics.stats.WindowedCount;
import org.apache.kafka.streams.processor.api.ProcessorContext;

import io.supplychaos.topology.SupplyMetrics;

/**
 * A monotonic count registered with Kafka Streams' metrics (so JMX, {@code KafkaStreams#metrics()}
 * and the app's Prometheus endpoint show it): a {@code -total} and a {@code -rate} in
 * {@link SupplyMetrics#GROUP}, shared by every task of a stream thread. The sensor is named after
 * the thread too: sensor names are global to the client, and a sensor shared by two threads would
 * count each thread's records in both threads' metrics.
 */
final class Counter {

    private final Sensor sensor;

    private Counter(Sensor sensor) {
        this.sensor = sensor;
    }

    /**
     * @param name   a metric name ending in {@code -total}, such as {@link SupplyMetrics#DEAD_LETTERS}
     * @param source the value of the metric's {@value SupplyMetrics#SOURCE_TAG} tag: the topic or stage counted
     */
    static Counter register(ProcessorContext<?, ?> context, String name, String description, String source) {
        String thread = Thread.currentThread().getName();
        Sensor sensor = context.metrics().addSensor(thread + "." + name + "." + source, Sensor.RecordingLevel.INFO);
        Map<String, String> tags = Map.of(SupplyMetrics.SOURCE_TAG, source, "thread-id", thread);
        // add() ignores a metric the sensor already has: every task of the thread shares these
        sensor.add(new MetricName(name, SupplyMetrics.GROUP, description, tags), new CumulativeCount());
        sensor.add(new MetricName(SupplyMetrics.rateOf(name), SupplyMetrics.GROUP, description + " per second", tags),
                new Rate(new WindowedCount()));
        return new Counter(sensor);
    }

    void increment() {
        sensor.record();
    }
}
