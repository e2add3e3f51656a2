package io.supplychaos.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.apache.kafka.streams.KafkaStreams;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.supplychaos.topology.SupplyMetrics;

/**
 * The supply chain's headline counters on {@code /q/metrics}, read from the Streams metrics the
 * processors record into ({@link SupplyMetrics}) and summed over stream threads:
 * <ul>
 * <li>{@code supply_dead_letters_total{topic}}: records sent to dead-letter, by the topic they came from;
 * <li>{@code supply_backorders_total{stage="manufacturer"}}: orders queued for production;
 * <li>{@code supply_stuck_orders_total{stage="sla-monitor"}}: orders not final within the SLA.
 * </ul>
 * Registered here rather than left to the Streams binder alone (which exports the same sensors
 * per thread as {@code kafka_supply_chaos_*}): these exist, at 0, from startup, before any task
 * is assigned, so a dashboard or alert never sees them missing. They count what this instance's
 * tasks did since it started; the sum over instances is the chain's.
 */
@ApplicationScoped
public class SupplyChainMeters implements MeterBinder {

    @Inject
    KafkaStreams streams;

    @Override
    public void bindTo(MeterRegistry registry) {
        for (String topic : SupplyMetrics.DECODED_TOPICS) {
            FunctionCounter.builder("supply.dead.letters", streams,
                            s -> SupplyMetrics.total(s.metrics(), SupplyMetrics.DEAD_LETTERS, topic))
                    .description("records no stage could read, sent to the dead-letter topic")
                    .tag("topic", topic).register(registry);
        }
        FunctionCounter.builder("supply.backorders", streams,
                        s -> SupplyMetrics.total(s.metrics(), SupplyMetrics.BACKORDERS, SupplyMetrics.MANUFACTURER))
                .description("orders the manufacturer queued for production (BACKORDERED)")
                .tag("stage", SupplyMetrics.MANUFACTURER).register(registry);
        FunctionCounter.builder("supply.stuck.orders", streams,
                        s -> SupplyMetrics.total(s.metrics(), SupplyMetrics.STUCK_ORDERS, SupplyMetrics.SLA_MONITOR))
                .description("orders not final within the SLA (one STUCK_ORDER alert each)")
                .tag("stage", SupplyMetrics.SLA_MONITOR).register(registry);
    }
}
