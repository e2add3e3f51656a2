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
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.OrderTimeline;

/**
 * The notification stage: one notification per state, in lifecycle order, whatever order inputs arrive
 * in; a confirmed order's CONFIRMED told from its goods, after its BACKORDERED when it waited.
 */
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
        // given the goods twice (transport ships them once), and the order's CONFIRMED on order-confirmation
        ship("o1");
        ship("o1");
        confirm("o1", ConfirmationStatus.CONFIRMED);

        // then each state is notified once: the repeated goods' CONFIRMED suppressed, order-confirmation's not read
        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
        assertThat(TransportTopologyTest.metric(chain, "suppressed-notifications-total")).isEqualTo(1.0);
        assertThat(TransportTopologyTest.metric(chain, TransportProcessor.REPEATED_METRIC)).isEqualTo(1.0);
    }

    @Test
    void shouldTellAConfirmedOrderAllFourStatesFromItsGoodsAlone() {
        // given the goods of an order confirmed from stock, and no confirmation read at all
        ship("o1");

        // then CONFIRMED goes out before transport's three states, from the one input record
        assertThat(chain.shipments.readValuesToList()).hasSize(3);
        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
    }

    @Test
    void shouldWriteAConfirmedOrdersTimelineOnceWhenEachInputRecordCommitsOnItsOwn() {
        // given the order's CONFIRMED on order-confirmation, then its goods, each input record committed
        // on its own (the test driver commits after every record, as a commit interval would fall between them)
        confirm("o1", ConfirmationStatus.CONFIRMED);
        ship("o1");

        // then the timeline reached its changelog once, holding all four states: the confirmation wrote nothing
        List<byte[]> writes = chain.changelog(StoreNames.ORDER_TIMELINE).readValuesToList();
        assertThat(writes).hasSize(1);
        OrderTimeline timeline = JsonSerde.of(OrderTimeline.class).deserializer().deserialize("timeline", writes.get(0));
        assertThat(timeline.notified()).extracting(OrderTimeline.Step::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
        assertThat(timeline.pending()).isEmpty();
    }

    @Test
    void shouldHoldTheGoodsOfABackorderedOrderUntilItsBackorderIsTold() {
        // given the goods of an order that waited for production, read before its BACKORDERED (another topic)
        shipBackordered("o1");
        assertThat(chain.notifications.isEmpty()).as("nothing before BACKORDERED").isTrue();

        // when the BACKORDERED arrives
        confirm("o1", ConfirmationStatus.BACKORDERED);

        // then the hospital hears of the backorder first, then the rest
        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.BACKORDERED, OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED);
    }

    @Test
    void shouldTellABackorderedOrderItsBackorderFirstThroughTheWholeChain() {
        // given an order the stock cannot serve, placed behind one that takes the last units
        chain.place(chain.order("o1", "heparin", 5));
        chain.place(chain.order("o2", "heparin", 3));

        // when the production run completes and the manufacturer confirms o2 with goods from it
        chain.advance(java.time.Duration.ofMillis(2100));

        // then o2's hospital hears BACKORDERED, then CONFIRMED and the shipment states
        assertThat(chain.notifications.readValuesToList()).filteredOn(n -> n.orderId().equals("o2"))
                .extracting(Notification::status).containsExactly(OrderStatus.BACKORDERED, OrderStatus.CONFIRMED,
                        OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
    }

    @Test
    void shouldDropABackorderThatArrivesAfterTheConfirmation() {
        ship("o1");
        confirm("o1", ConfirmationStatus.BACKORDERED);

        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
    }

    @Test
    void shouldCarryPlacedAtAndStageTimesForLatencyMeasurement() {
        confirm("o1", ConfirmationStatus.BACKORDERED);
        chain.advance(java.time.Duration.ofMillis(700));
        shipBackordered("o1");

        List<Notification> notified = chain.notifications.readValuesToList();
        assertThat(notified).allSatisfy(notification -> {
            assertThat(notification.placedAt()).isEqualTo(PLACED_AT);
            assertThat(notification.hospitalId()).isEqualTo("hospital-7");
        });
        assertThat(notified.get(0).stageLatencyMs()).isEqualTo(250);
        assertThat(notified.get(1).status()).isEqualTo(OrderStatus.CONFIRMED);
        assertThat(notified.get(1).stageLatencyMs()).isEqualTo(700);
        assertThat(notified.get(1).at() - notified.get(1).placedAt()).isEqualTo(950);
    }

    @Test
    void shouldEndARejectedOrderWithOneNotification() {
        confirm("o1", ConfirmationStatus.REJECTED);
        ship("o1");

        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status)
                .containsExactly(OrderStatus.REJECTED);
    }

    private void confirm(String orderId, ConfirmationStatus status) {
        chain.confirmationsIn.pipeInput(orderId, new Confirmation(orderId, "hospital-7", "insulin", 1, status,
                status == ConfirmationStatus.CONFIRMED ? null : "test", PLACED_AT, chain.now()));
    }

    /**
     * The goods of an order confirmed from stock: the notification stage tells CONFIRMED from them,
     * and transport ships them and hands its three states over in process.
     */
    private void ship(String orderId) {
        chain.goodsIn.pipeInput(orderId, new Batch(orderId, "hospital-7", "insulin", "b-" + orderId, 1, PLACED_AT,
                chain.now()));
    }

    /** The goods of an order that waited for production: its CONFIRMED comes after its BACKORDERED. */
    private void shipBackordered(String orderId) {
        chain.goodsIn.pipeInput(orderId, new Batch(orderId, "hospital-7", "insulin", "b-" + orderId, 1, PLACED_AT,
                chain.now(), true));
    }
}
