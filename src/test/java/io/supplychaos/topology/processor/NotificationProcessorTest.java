package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

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
        // given: CONFIRMED, then transport's three states in process from one drug-manufactured record (offset 4)
        process("order-confirmation", 3, OrderStatus.CONFIRMED);
        process("drug-manufactured", 4, OrderStatus.DISPATCHED);
        process("drug-manufactured", 4, OrderStatus.IN_TRANSIT);
        process("drug-manufactured", 4, OrderStatus.DELIVERED);
        context.resetForwards();

        // when: that record is processed again after a crash, and transport answers with its three states again
        process("drug-manufactured", 4, OrderStatus.DISPATCHED);
        process("drug-manufactured", 4, OrderStatus.IN_TRANSIT);
        process("drug-manufactured", 4, OrderStatus.DELIVERED);

        // then: each state goes out once more, not once per state of the record
        assertThat(statuses()).containsExactly(OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
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

    private void process(String topic, long offset, OrderStatus status) {
        context.setRecordMetadata(topic, 0, offset);
        notification.process(new Record<>("o1",
                new StatusEvent("o1", "h1", "insulin", status, null, 1_000L), 1_100L));
    }
}
