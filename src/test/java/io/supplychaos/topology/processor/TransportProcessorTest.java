package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Shipment;
import io.supplychaos.topology.state.Shipped;

/**
 * Transport under at_least_once: goods processed again after a crash (same offset) are answered
 * again with every state the shipment reached, since those states may be lost while the shipment
 * survived in the store; a copy of the goods (another offset) ships nothing. Each goods record is
 * forwarded as one step, so that the notification stage takes its states as one input.
 */
class TransportProcessorTest {

    private static final Batch GOODS = new Batch("o1", "h1", "insulin", "insulin-initial", 2, 1_000L, 1_100L);

    private MockProcessorContext<String, Shipped> context;
    private TransportProcessor transport;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(1_200L);
        KeyValueStore<String, Shipment> shipments = MockStores.register(context, StoreNames.SHIPMENTS,
                JsonSerde.of(Shipment.class));
        transport = new TransportProcessor(SupplyChainSettings.defaults());
        transport.init(context);
    }

    @Test
    void shouldSendEveryStateAgainForTheSameGoodsButNothingForACopy() {
        // given: the goods at offset 4 were shipped and delivered (transit time zero)
        process(4);
        assertThat(states()).containsExactly(ShipmentState.DISPATCHED, ShipmentState.IN_TRANSIT, ShipmentState.DELIVERED);
        context.resetForwards();

        // when: the same record is processed again
        process(4);

        // then: the three states go out again, in order
        assertThat(states()).containsExactly(ShipmentState.DISPATCHED, ShipmentState.IN_TRANSIT, ShipmentState.DELIVERED);
        context.resetForwards();

        // and when: a copy of the goods arrives at another offset, no state goes out
        process(6);
        assertThat(states()).isEmpty();
        // but the goods are still handed on, one step, for the notification stage to drop their CONFIRMED
        assertThat(context.forwarded()).singleElement().satisfies(forward ->
                assertThat(forward.record().value().goods()).isEqualTo(GOODS));
    }

    @Test
    void shouldForwardAllStatesOfOneGoodsRecordAsOneStep() {
        // when goods are shipped with transit time zero
        process(4);

        // then one step goes out, holding the goods and the three states in order
        assertThat(context.forwarded()).singleElement().satisfies(forward -> {
            Shipped step = forward.record().value();
            assertThat(step.goods()).isEqualTo(GOODS);
            assertThat(step.states()).extracting(ShipmentStatus::status).containsExactly(ShipmentState.DISPATCHED,
                    ShipmentState.IN_TRANSIT, ShipmentState.DELIVERED);
        });
    }

    private List<ShipmentState> states() {
        return context.forwarded().stream().flatMap(forward -> forward.record().value().states().stream())
                .map(ShipmentStatus::status).toList();
    }

    private void process(long offset) {
        context.setRecordMetadata("drug-manufactured", 0, offset);
        transport.process(new Record<>("o1", GOODS, 1_100L));
    }
}
