package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * Transport under at_least_once: goods processed again after a crash (same offset) are answered
 * again with every state the shipment reached, since those states may be lost while the shipment
 * survived in the store; a copy of the goods (another offset) is dropped.
 */
class TransportProcessorTest {

    private static final Batch GOODS = new Batch("o1", "h1", "insulin", "insulin-initial", 2, 1_000L, 1_100L);

    private MockProcessorContext<String, ShipmentStatus> context;
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

        // and when: a copy of the goods arrives at another offset, nothing goes out
        process(6);
        assertThat(context.forwarded()).isEmpty();
    }

    private java.util.List<ShipmentState> states() {
        return context.forwarded().stream().map(forward -> forward.record().value().status()).toList();
    }

    private void process(long offset) {
        context.setRecordMetadata("drug-manufactured", 0, offset);
        transport.process(new Record<>("o1", GOODS, 1_100L));
    }
}
