package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.OpenOrder;
import io.supplychaos.topology.state.OrderTimeline;
import io.supplychaos.topology.state.StatusEvent;

/**
 * The SLA watch alone: open orders in memory, rebuilt from the notification timelines at init; only an
 * alert is written, so that it is raised once.
 */
class SlaMonitorProcessorTest {

    private MockProcessorContext<String, Alert> context;
    private KeyValueStore<String, OpenOrder> alerted;
    private KeyValueStore<String, OrderTimeline> timelines;
    private SlaMonitorProcessor monitor;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        alerted = MockStores.register(context, StoreNames.SLA_ALERTED, JsonSerde.of(OpenOrder.class));
        timelines = MockStores.register(context, StoreNames.ORDER_TIMELINE, JsonSerde.of(OrderTimeline.class));
        monitor = new SlaMonitorProcessor(SupplyChainSettings.defaults()
                .withMonitoring(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        monitor.init(context);
    }

    @Test
    void shouldForgetAnOrderOnceItIsFinal() {
        notify("o1", OrderStatus.CONFIRMED, 0);
        notify("o1", OrderStatus.DISPATCHED, 0);

        notify("o1", OrderStatus.DELIVERED, 0);
        punctuate(11_000);

        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void shouldNotTrackAnOrderWhoseFirstStateIsFinal() {
        notify("o1", OrderStatus.REJECTED, 0);
        punctuate(11_000);

        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void shouldWriteNothingForAnOrderThatIsNotStuck() {
        // when an order goes through its lifecycle within the SLA
        notify("o1", OrderStatus.CONFIRMED, 0);
        notify("o1", OrderStatus.DISPATCHED, 0);
        notify("o1", OrderStatus.DELIVERED, 0);

        // then the watch wrote no store entry (the open order lived in memory only)
        assertThat(alerted.approximateNumEntries()).isZero();
    }

    @Test
    void shouldForgetTheAlertOnceAStuckOrderIsFinal() {
        notify("stuck", OrderStatus.CONFIRMED, 0);
        punctuate(11_000);
        assertThat(alerted.approximateNumEntries()).as("alerted, until final").isEqualTo(1);

        notify("stuck", OrderStatus.DELIVERED, 0);

        assertThat(alerted.approximateNumEntries()).isZero();
    }

    @Test
    void shouldAlertOnlyOrdersPastTheirDeadlineEarliestFirstWithTheirLastState() {
        notify("late", OrderStatus.CONFIRMED, 1_000);
        notify("late", OrderStatus.DISPATCHED, 1_000);
        notify("early", OrderStatus.BACKORDERED, 0);
        notify("fresh", OrderStatus.CONFIRMED, 5_000);

        punctuate(11_000);

        assertThat(context.forwarded()).extracting(forward -> forward.record().value().orderId())
                .containsExactly("early", "late");
        assertThat(context.forwarded().get(1).record().value().detail()).contains("last state DISPATCHED");
    }

    @Test
    void shouldAlertAStuckOrderOnceEvenWhenItMovesOnWithoutFinishing() {
        notify("stuck", OrderStatus.CONFIRMED, 0);
        punctuate(11_000);
        context.resetForwards();

        notify("stuck", OrderStatus.DISPATCHED, 0);
        punctuate(12_000);

        assertThat(context.forwarded()).isEmpty();
        assertThat(alerted.approximateNumEntries()).as("alerted until final").isEqualTo(1);
    }

    @Test
    void shouldAlertAnOrderFirstSeenAfterTheScanHadPassedItsDeadline() {
        // given: a scan at 20 s found nothing due
        punctuate(20_000);

        // when: an order placed at 1 s (deadline 11 s) is first heard of now, and the next scan runs
        notify("late-news", OrderStatus.CONFIRMED, 1_000);
        punctuate(20_500);

        // then: it is alerted although the scans had moved past its deadline
        assertThat(context.forwarded()).extracting(forward -> forward.record().value().orderId())
                .containsExactly("late-news");
    }

    @Test
    void shouldAlertEachOrderOnceAcrossManyScans() {
        notify("a", OrderStatus.CONFIRMED, 0);
        notify("b", OrderStatus.CONFIRMED, 2_000);

        for (long now = 10_000; now <= 14_000; now += 500) {
            punctuate(now);
        }

        assertThat(context.forwarded()).extracting(forward -> forward.record().value().orderId())
                .containsExactly("a", "b");
    }

    @Test
    void shouldAlertWithTheTimelinesLastStateAfterATakeOver() {
        // given: the timelines of a task taken over (a new processor on the restored stores): one order moved on to
        // DISPATCHED, one delivered, one with a state waiting for its predecessor only
        timelines.put("o1", timeline("o1", OrderStatus.CONFIRMED, OrderStatus.DISPATCHED));
        timelines.put("done", timeline("done", OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT,
                OrderStatus.DELIVERED));
        timelines.put("waiting", OrderTimeline.start(new StatusEvent("waiting", "h1", "insulin", OrderStatus.DISPATCHED,
                null, 0)).withPending(new StatusEvent("waiting", "h1", "insulin", OrderStatus.DISPATCHED, null, 0)));
        takeOver();

        // when their deadlines pass
        punctuate(11_000);

        // then the open one is alerted with the last state its timeline notified
        assertThat(context.forwarded()).singleElement().satisfies(forward -> {
            assertThat(forward.record().value().orderId()).isEqualTo("o1");
            assertThat(forward.record().value().detail()).contains("last state DISPATCHED");
        });
    }

    @Test
    void shouldNotAlertAgainAfterATakeOver() {
        // given: an order alerted, and its task taken over while it is still open
        notify("stuck", OrderStatus.CONFIRMED, 0);
        timelines.put("stuck", timeline("stuck", OrderStatus.CONFIRMED));
        punctuate(11_000);
        takeOver();

        // when the new processor scans
        punctuate(12_000);

        // then the order is not alerted a second time
        assertThat(context.forwarded()).isEmpty();
    }

    private void takeOver() {
        monitor = new SlaMonitorProcessor(SupplyChainSettings.defaults()
                .withMonitoring(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        context = new MockProcessorContext<>();
        alerted.init(context.getStateStoreContext(), alerted);
        timelines.init(context.getStateStoreContext(), timelines);
        monitor.init(context);
    }

    private static OrderTimeline timeline(String orderId, OrderStatus... notified) {
        OrderTimeline timeline = OrderTimeline.start(new StatusEvent(orderId, "h1", "insulin", notified[0], null, 0));
        for (OrderStatus status : notified) {
            timeline = timeline.withNotified(status, 10, "order-confirmation@1");
        }
        return timeline;
    }

    private void punctuate(long now) {
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }

    private void notify(String orderId, OrderStatus status, long placedAt) {
        monitor.process(new Record<>(orderId, new Notification(orderId, "h1", "insulin", status, null, placedAt,
                placedAt, placedAt + 10), placedAt + 10));
    }
}
