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

/** The SLA monitor alone: one store keyed by deadline keeps the open orders and the alerts consistent. */
class SlaMonitorProcessorTest {

    private MockProcessorContext<String, Alert> context;
    private KeyValueStore<String, OpenOrder> open;
    private SlaMonitorProcessor monitor;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        open = MockStores.register(context, StoreNames.SLA_DEADLINES, JsonSerde.of(OpenOrder.class));
        monitor = new SlaMonitorProcessor(SupplyChainSettings.defaults()
                .withMonitoring(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        monitor.init(context);
    }

    @Test
    void shouldForgetAnOrderOnceItIsFinal() {
        notify("o1", OrderStatus.CONFIRMED, 0);
        notify("o1", OrderStatus.DISPATCHED, 0);
        assertThat(open.approximateNumEntries()).isEqualTo(1);

        notify("o1", OrderStatus.DELIVERED, 0);

        assertThat(open.approximateNumEntries()).isZero();
    }

    @Test
    void shouldNotTrackAnOrderWhoseFirstStateIsFinal() {
        notify("o1", OrderStatus.REJECTED, 0);

        assertThat(open.approximateNumEntries()).isZero();
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
        assertThat(open.approximateNumEntries()).as("tracked until final").isEqualTo(1);
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
    void shouldAlertWithTheStoredStateAfterATakeOver() {
        // given: an order moved on from CONFIRMED, and its task was taken over (a new processor on the store)
        notify("o1", OrderStatus.CONFIRMED, 0);
        notify("o1", OrderStatus.DISPATCHED, 0);
        monitor = new SlaMonitorProcessor(SupplyChainSettings.defaults()
                .withMonitoring(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        context = new MockProcessorContext<>();
        open.init(context.getStateStoreContext(), open);
        monitor.init(context);

        // when its deadline passes
        punctuate(11_000);

        // then it is alerted with the state stored at its first notification (the later ones were not written)
        assertThat(context.forwarded()).singleElement().satisfies(forward ->
                assertThat(forward.record().value().detail()).contains("last state CONFIRMED"));
    }

    private void punctuate(long now) {
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }

    private void notify(String orderId, OrderStatus status, long placedAt) {
        monitor.process(new Record<>(orderId, new Notification(orderId, "h1", "insulin", status, null, placedAt,
                placedAt, placedAt + 10), placedAt + 10));
    }
}
