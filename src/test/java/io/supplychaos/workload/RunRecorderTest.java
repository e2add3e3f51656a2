package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.domain.Priority;

/** What the recorder counts as the measured phase (every throughput figure divides by it) and as in flight (the drain waits for it). */
class RunRecorderTest {

    private final RunRecorder recorder = new RunRecorder();

    @Test
    void shouldSpanFromFirstMeasuredPlacedAtToLastMeasuredCompletion() {
        // given a warm-up order and two measured ones
        Order warmup = send("w-1", 0, true);
        Order first = send("m-1", 1_000, false);
        Order second = send("m-2", 1_500, false);

        // when all of them complete, the warm-up one last
        complete(first, 3_000);
        complete(second, 4_000);
        complete(warmup, 9_000);

        // then the span ignores the warm-up order at both ends
        assertThat(recorder.measuredSpanMillis()).isEqualTo(3_000);
        assertThat(recorder.ordersPerSecond()).isCloseTo(2 / 3.0, within(1e-9));
    }

    @Test
    void shouldCountEachOrderOnceWhenItsFinalNotificationIsReadAgain() {
        // given one measured order that completed
        Order order = send("m-1", 1_000, false);
        complete(order, 2_000);

        // when its final notification is read again (a redelivery), later
        complete(order, 5_000);

        // then neither the count nor the span grows
        assertThat(recorder.measuredSpanMillis()).isEqualTo(1_000);
        assertThat(recorder.ordersPerSecond()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void shouldHaveNoSpanBeforeAMeasuredOrderCompletes() {
        // given measured orders sent, and only an intermediate state read
        Order order = send("m-1", 1_000, false);
        recorder.observed(notification(order, OrderStatus.CONFIRMED, 1_500), 1_600);

        // then there is no span to divide by, and throughput is 0 rather than infinite
        assertThat(recorder.measuredSpanMillis()).isZero();
        assertThat(recorder.ordersPerSecond()).isZero();
    }

    @Test
    void shouldKeepAnAcknowledgedOrderInFlightUntilItsFinalStateIsRead() {
        // given two acknowledged orders
        Order done = send("m-1", 1_000, false);
        Order pending = send("m-2", 1_000, false);
        ack(done);
        ack(pending);

        // when one of them reaches its final state and the other only an intermediate one
        complete(done, 2_000);
        recorder.observed(notification(pending, OrderStatus.CONFIRMED, 1_500), 1_600);

        // then only the other is in flight
        assertThat(recorder.inFlight()).isEqualTo(1);
    }

    @Test
    void shouldGiveBackTheIdInstanceTheOrderWasSentWithSoThatItsEventsShareIt() {
        // given: an order sent, and its id decoded again from a record, equal but another instance
        Order order = send("m-1", 1_000, false);
        String decoded = new String("m-1".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.charset.StandardCharsets.UTF_8);

        // when / then
        assertThat(recorder.orderId(decoded)).isSameAs(order.orderId()).isNotSameAs(decoded);
        assertThat(recorder.orderId("not-ours")).isEqualTo("not-ours");
        assertThat(recorder.orderId(null)).isNull();
    }

    @Test
    void shouldNotCountAnOrderInFlightWhoseFinalStateWasReadBeforeItsAck() {
        // given an order whose final notification is read before the producer's callback ran
        Order order = send("m-1", 1_000, false);
        complete(order, 2_000);

        // when the acknowledgement arrives
        ack(order);

        // then it is not waiting for anything
        assertThat(recorder.inFlight()).isZero();
        assertThat(recorder.ackedCount()).isEqualTo(1);
    }

    private void ack(Order order) {
        recorder.acked(order, false, new RecordMetadata(new TopicPartition("order-placed", 0), 0, 0, 0, 0, 0),
                order.placedAt(), order.placedAt() + 5);
    }

    private Order send(String orderId, long placedAt, boolean warmup) {
        Order order = new Order(orderId, "hospital-1", "insulin", 1, Priority.ROUTINE, placedAt);
        recorder.sending(order, warmup);
        return order;
    }

    private void complete(Order order, long readAt) {
        recorder.observed(notification(order, OrderStatus.DELIVERED, readAt), readAt);
    }

    private static Notification notification(Order order, OrderStatus status, long at) {
        return new Notification(order.orderId(), order.hospitalId(), order.drugId(), status, null, order.placedAt(),
                order.placedAt(), at);
    }
}
