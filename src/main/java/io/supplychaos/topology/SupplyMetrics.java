package io.supplychaos.topology;

import java.util.List;
import java.util.Map;

import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The supply chain's own counters, which processors record into Kafka Streams' metrics (group
 * {@value #GROUP}, one sensor per stream thread and source) so that they appear wherever the
 * Streams client metrics do: {@code KafkaStreams#metrics()}, JMX and the app's Micrometer binder.
 * Each counter is a cumulative count named {@code <what>-total} with a {@code <what>-rate}
 * (per second, over Kafka's sample window) beside it, tagged {@value #SOURCE_TAG} (the topic or
 * stage that counted) and {@code thread-id}. Pure Kafka types: the app turns the three headline
 * counters into Micrometer meters ({@code io.supplychaos.app.SupplyChainMeters}).
 */
public final class SupplyMetrics {

    public static final String GROUP = "supply-chaos-metrics";
    public static final String SOURCE_TAG = "source";

    /** Records sent to dead-letter, by the topic they were read from. */
    public static final String DEAD_LETTERS = "dead-letter-records-total";
    /** Orders the manufacturer queued for production (a BACKORDERED confirmation), source {@value #MANUFACTURER}. */
    public static final String BACKORDERS = "backorders-total";
    /** STUCK_ORDER alerts the SLA monitor raised (one per stuck order), source {@value #SLA_MONITOR}. */
    public static final String STUCK_ORDERS = "stuck-orders-total";

    public static final String MANUFACTURER = "manufacturer";
    public static final String SLA_MONITOR = "sla-monitor";

    /** The topics whose records are decoded, so can be dead-lettered: the values of DEAD_LETTERS' source tag. */
    public static final List<String> DECODED_TOPICS = List.of(Topics.ORDER_PLACED.name(),
            Topics.DRUG_MANUFACTURED.name(), Topics.ORDER_CONFIRMATION.name(), Topics.NOTIFICATIONS.name());

    private SupplyMetrics() {
    }

    /** The name of the rate beside a counter: {@code backorders-total} has {@code backorders-rate}. */
    public static String rateOf(String totalName) {
        return totalName.substring(0, totalName.length() - "-total".length()) + "-rate";
    }

    /**
     * A counter's value summed over stream threads: every metric of {@link #GROUP} named
     * {@code name} whose source tag is {@code source}, or any source when it is null.
     */
    public static double total(Map<MetricName, ? extends Metric> metrics, String name, String source) {
        return metrics.entrySet().stream()
                .filter(entry -> GROUP.equals(entry.getKey().group()) && name.equals(entry.getKey().name()))
                .filter(entry -> source == null || source.equals(entry.getKey().tags().get(SOURCE_TAG)))
                .mapToDouble(entry -> entry.getValue().metricValue() instanceof Number number ? number.doubleValue() : 0)
                .sum();
    }
}
