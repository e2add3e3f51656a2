package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.LedgerEntry;

/**
 * The intake's ledger under at_least_once: a record processed again after a crash (same offset)
 * is passed on again, since its first stock command may be lost while the ledger entry survived;
 * a copy of the order (another offset) is dropped.
 */
class OrderIntakeProcessorTest {

    private static final Order ORDER = new Order("o1", "h1", "insulin", 2, Priority.ROUTINE, 1_000L);

    private MockProcessorContext<String, Order> context;
    private KeyValueStore<String, LedgerEntry> ledger;
    private OrderIntakeProcessor intake;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(1_200L);
        ledger = MockStores.register(context, StoreNames.ORDER_LEDGER, JsonSerde.of(LedgerEntry.class));
        intake = new OrderIntakeProcessor(SupplyChainSettings.defaults());
        intake.init(context);
    }

    @Test
    void shouldPassTheSameRecordOnAgainButNotACopy() {
        // given: the order at offset 7 was accepted, and its ledger entry survived a crash
        process(7);
        assertThat(context.forwarded()).hasSize(1);
        assertThat(ledger.get("o1").offset()).isEqualTo(7);
        context.resetForwards();

        // when: the same record is processed again (its offset was not committed)
        process(7);

        // then: its stock command goes out again
        assertThat(context.forwarded()).singleElement()
                .satisfies(forward -> assertThat(forward.record().value().orderId()).isEqualTo("o1"));
        context.resetForwards();

        // and when: a copy of the order arrives at another offset, it is dropped
        process(9);
        assertThat(context.forwarded()).isEmpty();
    }

    private void process(long offset) {
        context.setRecordMetadata("order-placed", 0, offset);
        intake.process(new Record<>("o1", ORDER, 1_000L));
    }
}
