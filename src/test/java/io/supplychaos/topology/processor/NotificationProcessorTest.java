package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.OrderTimeline;
import io.supplychaos.topology.state.StatusEvent;

/**
 * Notification under at_least_once: an input record processed again after a crash (same topic and
 * offset) sends again what it notified, since those notifications may be lost while the timeline
 * survived; a repeated state from another record is suppressed.
 */
class NotificationProcessorTest {

    private MockProcessorContext<String, Notification> context;
    private NotificationProcessor notification;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(1_200L);
        MockStores.register(context, StoreNames.ORDER_TIMELINE, JsonSerde.of(OrderTimeline.class));
        notification = new NotificationProcessor(SupplyChainSettings.defaults());
        notification.init(context);
    }

    @Test
    void shouldNotifyAgainWhatTheSameRecordNotifiedButNotForACopy() {
        // given: DISPATCHED arrived first and waits; CONFIRMED (order-confirmation offset 3) then notified both
        process("shipment-status", 8, OrderStatus.DISPATCHED);
        process("order-confirmation", 3, OrderStatus.CONFIRMED);
        assertThat(statuses()).containsExactly(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED);
        context.resetForwards();

        // when: the CONFIRMED record is processed again
        process("order-confirmation", 3, OrderStatus.CONFIRMED);

        // then: both notifications go out again, in order
        assertThat(statuses()).containsExactly(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED);
        context.resetForwards();

        // and when: a copy of CONFIRMED arrives at another offset, or DISPATCHED again (it notified nothing itself)
        process("order-confirmation", 5, OrderStatus.CONFIRMED);
        process("shipment-status", 8, OrderStatus.DISPATCHED);

        // then: nothing goes out
        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void shouldNotifyEachStateOnceAgainWhenTheRecordThatCarriedSeveralIsProcessedAgain() {
        // given CONFIRMED and transport's three states as one input, from one drug-manufactured record (offset 4)
        process("drug-manufactured", 4, OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);
        context.resetForwards();

        // when that record is processed again after a crash, and the same four states come again
        process("drug-manufactured", 4, OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);

        // then each state goes out once more, not once per state of the record
        assertThat(statuses()).containsExactly(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);
    }

    @Test
    void shouldWriteTheTimelineOnceForAllStatesOfOneInputAndNotForARepeat() {
        // given a store that counts its writes
        List<OrderTimeline> writes = new ArrayList<>();
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(1_200L);
        MockStores.counting(context, StoreNames.ORDER_TIMELINE, JsonSerde.of(OrderTimeline.class), writes);
        notification = new NotificationProcessor(SupplyChainSettings.defaults());
        notification.init(context);

        // when the goods' CONFIRMED and transport's three states come as one input
        process("drug-manufactured", 4, OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);

        // then all four go out and the timeline is written once, holding all four
        assertThat(statuses()).hasSize(4);
        assertThat(writes).singleElement().satisfies(timeline -> assertThat(timeline.notified())
                .extracting(OrderTimeline.Step::status).containsExactly(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED,
                        OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED));

        // and when a copy of the goods comes from another offset, nothing is written
        process("drug-manufactured", 9, OrderStatus.CONFIRMED);
        assertThat(writes).hasSize(1);
    }

    @Test
    void shouldHoldStatesThatArriveOutOfOrderUntilTheirPredecessorsAreNotified() {
        // given shipment states before the confirmation, the last first
        process("drug-manufactured", 4, OrderStatus.DELIVERED);
        process("drug-manufactured", 4, OrderStatus.DISPATCHED);
        process("drug-manufactured", 4, OrderStatus.IN_TRANSIT);
        assertThat(context.forwarded()).as("nothing before CONFIRMED").isEmpty();

        // when the confirmation arrives
        process("order-confirmation", 3, OrderStatus.CONFIRMED);

        // then every state goes out once, in the order of the lifecycle
        assertThat(statuses()).containsExactly(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);
    }

    private List<OrderStatus> statuses() {
        return context.forwarded().stream().map(forward -> forward.record().value().status()).toList();
    }

    /** One input: the states one record told, in order. */
    private void process(String topic, long offset, OrderStatus... statuses) {
        context.setRecordMetadata(topic, 0, offset);
        notification.process(new Record<>("o1", Arrays.stream(statuses)
                .map(status -> new StatusEvent("o1", "h1", "insulin", status, null, 1_000L)).toList(), 1_100L));
    }
}
