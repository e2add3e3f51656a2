package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.OpenOrder;

/** The SLA monitor alone: its deadline index keeps the open-order set and the alerts consistent. */
class SlaMonitorProcessorTest {

    private MockProcessorContext<String, Alert> context;
    private KeyValueStore<String, OpenOrder> open;
    private KeyValueStore<String, String> deadlines;
    private SlaMonitorProcessor monitor;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        open = MockStores.register(context, StoreNames.OPEN_ORDERS, JsonSerde.of(OpenOrder.class));
        deadlines = MockStores.register(context, StoreNames.SLA_DEADLINES, Serdes.String());
        monitor = new SlaMonitorProcessor(SupplyChainSettings.defaults()
                .withMonitoring(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        monitor.init(context);
    }

    @Test
    void shouldForgetAnOrderOnceItIsFinal() {
        notify("o1", OrderStatus.CONFIRMED, 0);
        assertThat(deadlines.approximateNumEntries()).isEqualTo(1);

        notify("o1", OrderStatus.DELIVERED, 0);

        assertThat(open.get("o1")).isNull();
        assertThat(deadlines.approximateNumEntries()).isZero();
    }

    @Test
    void shouldAlertOnlyOrdersPastTheirDeadlineEarliestFirst() {
        notify("late", OrderStatus.CONFIRMED, 1_000);
        notify("early", OrderStatus.BACKORDERED, 0);
        notify("fresh", OrderStatus.CONFIRMED, 5_000);

        context.scheduledPunctuators().get(0).getPunctuator().punctuate(11_000);

        assertThat(context.forwarded()).extracting(forward -> forward.record().value().orderId())
                .containsExactly("early", "late");
        assertThat(open.get("early").deadlineKey()).as("alerted once").isNull();
        assertThat(open.get("fresh").deadlineKey()).isNotNull();
    }

    private void notify(String orderId, OrderStatus status, long placedAt) {
        monitor.process(new Record<>(orderId, new Notification(orderId, "h1", "insulin", status, null, placedAt,
                placedAt, placedAt + 10), placedAt + 10));
    }
}
