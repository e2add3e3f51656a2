package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.domain.Priority;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.LedgerEntry;
import io.supplychaos.topology.state.ManufacturerEntry;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.OrderTimeline;
import io.supplychaos.topology.state.Shipment;
import io.supplychaos.topology.state.StockCommand;

/**
 * The times at which per-order entries are deleted (and shipments advanced) live in memory: a
 * processor started on a store that already holds entries (restored after a restart or a
 * rebalance) must find them there. Each test fills a store, then starts the processor on it.
 */
class RebuiltDeadlinesProcessorTest {

    private static final long T0 = 1_000_000L;
    private static final SupplyChainSettings SETTINGS = SupplyChainSettings.defaults()
            .withOrderRetention(Duration.ofSeconds(60)).withCatalogue(Map.of("insulin", 10));

    private final MockProcessorContext<Object, Object> context = new MockProcessorContext<>();

    @Test
    void shouldDeleteALedgerEntryItDidNotWriteOnceItsRetentionPassed() {
        // given: a ledger restored with an order accepted at T0
        KeyValueStore<String, LedgerEntry> ledger = MockStores.register(context, StoreNames.ORDER_LEDGER,
                JsonSerde.of(LedgerEntry.class));
        ledger.put("o1", new LedgerEntry("o1", "insulin", T0, T0, 0));

        // when: the intake starts on it and punctuates just before, then at, the end of the retention
        new OrderIntakeProcessor(SETTINGS).init(cast(context));
        punctuate(0, T0 + 59_999);
        assertThat(ledger.get("o1")).as("within the retention").isNotNull();
        punctuate(0, T0 + 60_000);

        // then: the entry is gone
        assertThat(ledger.get("o1")).isNull();
    }

    @Test
    void shouldDeleteAFinalTimelineItDidNotWriteButKeepAnOpenOne() {
        // given: timelines restored, one DELIVERED at T0, one still open
        KeyValueStore<String, OrderTimeline> timelines = MockStores.register(context, StoreNames.ORDER_TIMELINE,
                JsonSerde.of(OrderTimeline.class));
        timelines.put("done", new OrderTimeline("done", "h1", "insulin", T0, List.of(
                new OrderTimeline.Step(OrderStatus.CONFIRMED, T0, null), new OrderTimeline.Step(OrderStatus.DELIVERED, T0, null)),
                List.of()));
        timelines.put("open", new OrderTimeline("open", "h1", "insulin", T0, List.of(
                new OrderTimeline.Step(OrderStatus.CONFIRMED, T0, null)), List.of()));

        // when: the notification stage starts on them and the retention passes
        new NotificationProcessor(SETTINGS).init(cast(context));
        punctuate(0, T0 + 60_000);

        // then: the final one is gone, the open one kept
        assertThat(timelines.get("done")).isNull();
        assertThat(timelines.get("open")).isNotNull();
    }

    @Test
    void shouldAdvanceAndForgetShipmentsItDidNotSchedule() {
        // given: shipments restored, one delivered (forget at T0 + 60 s), one dispatched (next step due at T0)
        KeyValueStore<String, Shipment> shipments = MockStores.register(context, StoreNames.SHIPMENTS,
                JsonSerde.of(Shipment.class));
        shipments.put("delivered", new Shipment("delivered", "shp-delivered", "h1", "insulin", 1, T0,
                ShipmentState.DELIVERED, T0 + 60_000, 0));
        shipments.put("moving", new Shipment("moving", "shp-moving", "h1", "insulin", 1, T0,
                ShipmentState.DISPATCHED, T0, 1));

        // when: transport starts on them and punctuates at T0, then after the delivered one's retention
        new TransportProcessor(SETTINGS.withTransitTime(Duration.ofSeconds(10))).init(cast(context));
        punctuate(0, T0);
        assertThat(shipments.get("moving").state()).as("advanced when due").isEqualTo(ShipmentState.IN_TRANSIT);
        punctuate(0, T0 + 60_000);

        // then: the delivered shipment is forgotten
        assertThat(shipments.get("delivered")).isNull();
    }

    @Test
    void shouldDeleteAReleasedOrderEntryItDidNotWrite() {
        // given: manufacturer-stock restored with an order released at T0 (command offset 1) and its drug's stock
        KeyValueStore<String, ManufacturerEntry> store = MockStores.register(context, StoreNames.MANUFACTURER_STOCK,
                JsonSerde.of(ManufacturerEntry.class));
        StockCommand reserve = StockCommand.reserve(new Order("o1", "h1", "insulin", 2,
                Priority.ROUTINE, T0));
        ManufacturerOrder released = ManufacturerOrder.of(reserve, ManufacturerOrder.State.RESERVED, T0, 0, -1)
                .moveTo(ManufacturerOrder.State.RELEASED, T0, 1);
        store.put(ManufacturerStock.orderKey("o1"), ManufacturerEntry.of(released));
        store.put(ManufacturerStock.stockKey("insulin"), ManufacturerEntry.of(
                Inventory.initial("insulin", 10).reserve(2).ship(2).applied(1)));

        // when: the manufacturer starts on it and its expiry punctuator runs after the retention
        new ManufacturerProcessor(SETTINGS).init(cast(context));
        punctuate(1, T0 + 60_000);

        // then: the order entry is gone
        assertThat(store.get(ManufacturerStock.orderKey("o1"))).isNull();
    }

    private void punctuate(int index, long now) {
        context.setCurrentSystemTimeMs(now);
        context.scheduledPunctuators().get(index).getPunctuator().punctuate(now);
    }

    @SuppressWarnings("unchecked")
    private static <K, V> MockProcessorContext<K, V> cast(MockProcessorContext<Object, Object> context) {
        return (MockProcessorContext<K, V>) (MockProcessorContext<?, ?>) context;
    }
}
