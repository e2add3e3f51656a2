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

    private List<OrderStatus> statuses() {
        return context.forwarded().stream().map(forward -> forward.record().value().status()).toList();
    }

    private void process(String topic, long offset, OrderStatus status) {
        context.setRecordMetadata(topic, 0, offset);
        notification.process(new Record<>("o1",
                new StatusEvent("o1", "h1", "insulin", status, null, 1_000L), 1_100L));
    }
}
