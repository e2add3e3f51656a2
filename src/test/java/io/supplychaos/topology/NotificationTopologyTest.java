package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.processor.TransportProcessor;

/** The notification stage: one notification per state, in lifecycle order, whatever order inputs arrive in. */
class NotificationTopologyTest {

    private static final long PLACED_AT = ChainDriver.START.toEpochMilli() - 250;
    private ChainDriver chain;

    @BeforeEach
    void start() {
        chain = ChainDriver.start(ChainDriver.smallSettings());
    }

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldNotifyEachStateExactlyOnceWhenInputsRepeat() {
        // given a repeated confirmation, and the goods twice (transport ships them once)
        confirm("o1", ConfirmationStatus.CONFIRMED);
        confirm("o1", ConfirmationStatus.CONFIRMED);
        ship("o1");
        ship("o1");

        // then each state is notified once, the repeated confirmation suppressed
        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
        assertThat(TransportTopologyTest.metric(chain, "suppressed-notifications-total")).isEqualTo(1.0);
        assertThat(TransportTopologyTest.metric(chain, TransportProcessor.REPEATED_METRIC)).isEqualTo(1.0);
    }

    @Test
    void shouldHoldShipmentStatesUntilTheConfirmationArrives() {
        // given the goods read before the confirmation (both topics are written in one transaction)
        ship("o1");
        assertThat(chain.shipments.readValuesToList()).hasSize(3);
        assertThat(chain.notifications.isEmpty()).as("nothing before CONFIRMED").isTrue();

        confirm("o1", ConfirmationStatus.CONFIRMED);

        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
    }

    @Test
    void shouldDropABackorderThatArrivesAfterTheConfirmation() {
        confirm("o1", ConfirmationStatus.CONFIRMED);
        confirm("o1", ConfirmationStatus.BACKORDERED);

        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status)
                .containsExactly(OrderStatus.CONFIRMED);
    }

    @Test
    void shouldCarryPlacedAtAndStageTimesForLatencyMeasurement() {
        confirm("o1", ConfirmationStatus.BACKORDERED);
        chain.advance(java.time.Duration.ofMillis(700));
        confirm("o1", ConfirmationStatus.CONFIRMED);

        List<Notification> notified = chain.notifications.readValuesToList();
        assertThat(notified).allSatisfy(notification -> {
            assertThat(notification.placedAt()).isEqualTo(PLACED_AT);
            assertThat(notification.hospitalId()).isEqualTo("hospital-7");
        });
        assertThat(notified.get(0).stageLatencyMs()).isEqualTo(250);
        assertThat(notified.get(1).stageLatencyMs()).isEqualTo(700);
        assertThat(notified.get(1).at() - notified.get(1).placedAt()).isEqualTo(950);
    }

    @Test
    void shouldEndARejectedOrderWithOneNotification() {
        confirm("o1", ConfirmationStatus.REJECTED);
        confirm("o1", ConfirmationStatus.CONFIRMED);

        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status)
                .containsExactly(OrderStatus.REJECTED);
    }

    private void confirm(String orderId, ConfirmationStatus status) {
        chain.confirmationsIn.pipeInput(orderId, new Confirmation(orderId, "hospital-7", "insulin", 1, status,
                status == ConfirmationStatus.CONFIRMED ? null : "test", PLACED_AT, chain.now()));
    }

    /** The order's goods: transport ships them and hands its three states to the notification stage in process. */
    private void ship(String orderId) {
        chain.goodsIn.pipeInput(orderId, new Batch(orderId, "hospital-7", "insulin", "b-" + orderId, 1, PLACED_AT,
                chain.now()));
    }
}
