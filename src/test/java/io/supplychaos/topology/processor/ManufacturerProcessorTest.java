package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.SupplyEvent;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerEntry;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.StockCommand;

/** The manufacturer alone, its production punctuator fired by hand. */
class ManufacturerProcessorTest {

    private static final long T0 = 1_000_000L;
    private final SupplyChainSettings settings = SupplyChainSettings.defaults()
            .withCatalogue(Map.of("insulin", 2)).withProduction(5, Duration.ofSeconds(3));
    private MockProcessorContext<String, SupplyEvent> context;
    private ManufacturerStock state;
    private long nextOffset;
    private ManufacturerProcessor manufacturer;

    @BeforeEach
    void init() {
        start(false);
    }

    private void start(boolean transactional) {
        context = new MockProcessorContext<>();
        state = new ManufacturerStock(MockStores.register(context, StoreNames.MANUFACTURER_STOCK,
                JsonSerde.of(ManufacturerEntry.class)));
        context.setCurrentSystemTimeMs(T0);
        manufacturer = new ManufacturerProcessor(settings, transactional);
        manufacturer.init(context);
    }

    @Test
    void shouldScheduleOneBatchForSeveralBackordersAndQueueThemInArrivalOrder() {
        reserve("o1", 3);
        reserve("o2", 1);

        Inventory stock = state.stock("insulin");
        assertThat(stock.productionDueAt()).isEqualTo(T0 + 3000);
        assertThat(stock.backlogTail() - stock.backlogHead()).isEqualTo(2);
        assertThat(state.waiting("insulin", 0).orderId()).isEqualTo("o1");
        assertThat(state.waiting("insulin", 1).orderId()).isEqualTo("o2");
    }

    @Test
    void shouldConfirmWaitingOrdersWhenThePunctuatorFindsTheBatchDue() {
        reserve("o1", 3);
        reserve("o2", 1);
        context.resetForwards();

        punctuate(T0 + 2999);
        assertThat(context.forwarded()).as("batch not due yet").isEmpty();

        punctuate(T0 + 3000);
        List<Confirmation> confirmed = context.forwarded().stream().map(forward -> forward.record().value())
                .filter(Confirmation.class::isInstance).map(Confirmation.class::cast).toList();
        assertThat(confirmed).extracting(Confirmation::orderId).containsExactly("o1", "o2");
        assertThat(confirmed).extracting(Confirmation::status).containsOnly(ConfirmationStatus.CONFIRMED);
        Inventory stock = state.stock("insulin");
        assertThat(stock.available()).isEqualTo(3);
        assertThat(stock.reserved()).isEqualTo(4);
        assertThat(stock.isProducing()).isFalse();
        assertThat(stock.hasBacklog()).isFalse();
        // at_least_once: the answers are not flushed yet, so the backlog entries stay and a commit is asked for
        assertThat(stock.hasUnsentAnswers()).isTrue();
        assertThat(state.waiting("insulin", 0)).isNotNull();
        assertThat(context.committed()).isTrue();
        context.resetCommit();
        context.resetForwards();

        // the next punctuation comes after that commit: the entries go, nothing is answered again
        punctuate(T0 + 3500);
        assertThat(context.forwarded()).isEmpty();
        assertThat(state.stock("insulin").hasUnsentAnswers()).isFalse();
        assertThat(state.waiting("insulin", 0)).isNull();
        assertThat(state.waiting("insulin", 1)).isNull();
        assertThat(context.committed()).isFalse();
    }

    @Test
    void shouldDeleteTheBacklogEntriesAtOnceUnderTransactions() {
        // given the manufacturer of an exactly_once_v2 app, whose answers commit with its stock write
        start(true);
        reserve("o1", 3);

        // when the batch is due
        punctuate(T0 + 3000);

        // then o1 is confirmed, and nothing is kept to answer again
        assertThat(state.stock("insulin").hasUnsentAnswers()).isFalse();
        assertThat(state.waiting("insulin", 0)).isNull();
        assertThat(context.committed()).isFalse();
    }

    @Test
    void shouldKeepProducingWhileTheHeadOfTheQueueStillWaits() {
        reserve("big", 9);

        punctuate(T0 + 3000);
        Inventory afterOne = state.stock("insulin");
        assertThat(afterOne.available()).isEqualTo(7);
        assertThat(afterOne.productionDueAt()).isEqualTo(T0 + 6000);

        punctuate(T0 + 6000);
        Inventory afterTwo = state.stock("insulin");
        assertThat(afterTwo.reserved()).isEqualTo(9);
        assertThat(afterTwo.available()).isEqualTo(3);
        assertThat(afterTwo.isConserved()).isTrue();
    }

    @Test
    void shouldDropARepeatedReserveAndCountIt() {
        reserve("o1", 1);
        context.resetForwards();

        reserve("o1", 1);

        assertThat(context.forwarded()).as("no confirmation, goods or inventory update").isEmpty();
        assertThat(state.stock("insulin").reserved()).isEqualTo(1);
        assertThat(metric(ManufacturerProcessor.REPEATED_RESERVATIONS_METRIC)).isEqualTo(1.0);
    }

    @Test
    void shouldAnswerTheSameReserveAgainWithoutReservingAgain() {
        reserve("o1", 1);
        context.resetForwards();

        // the same record (same offset) processed again, as after a crash before the commit
        nextOffset--;
        reserve("o1", 1);

        assertThat(context.forwarded()).extracting(forward -> forward.record().value().getClass().getSimpleName())
                .as("confirmation and goods sent again").containsExactly("Confirmation", "Batch");
        assertThat(state.stock("insulin").reserved()).isEqualTo(1);
        context.resetForwards();
        punctuate(T0 + 500);
        assertThat(context.forwarded()).extracting(forward -> forward.record().value().getClass().getSimpleName())
                .as("the stock published again at the next punctuation").containsExactly("InventoryUpdate");
    }

    @Test
    void shouldDropARepeatedReserveOfABackorderedOrder() {
        reserve("big", 9);
        context.resetForwards();

        reserve("big", 9);

        assertThat(context.forwarded()).isEmpty();
        assertThat(state.stock("insulin").backlogTail()).as("queued once").isEqualTo(1);
    }

    @Test
    void shouldMoveAReservedOrdersUnitsOnceAndNothingForOtherReleases() {
        reserve("o1", 1);
        reserve("o2", 1);
        reserve("waiting", 4);

        release("o1", 1);
        release("o1", 1);
        release("never-reserved", 1);
        release("waiting", 4);

        Inventory stock = state.stock("insulin");
        assertThat(stock.shipped()).isEqualTo(1);
        assertThat(stock.reserved()).as("o2 still holds its unit").isEqualTo(1);
        assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.RELEASED);
        assertThat(state.order("waiting").state()).isEqualTo(ManufacturerOrder.State.BACKORDERED);
        assertThat(metric(ManufacturerProcessor.UNMATCHED_RELEASES_METRIC)).isEqualTo(3.0);
    }

    @Test
    void shouldRecordABackorderAsReservedOnceProductionConfirmsIt() {
        reserve("o1", 3);
        assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.BACKORDERED);

        punctuate(T0 + 3000);

        assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.RESERVED);
        release("o1", 3);
        assertThat(state.stock("insulin").shipped()).isEqualTo(3);
    }

    @Test
    void shouldDeleteAnOrderTheRetentionAfterItsRelease() {
        reserve("o1", 1);
        context.setCurrentSystemTimeMs(T0 + 100);
        release("o1", 1);
        long deleteAt = T0 + 100 + settings.orderRetention().toMillis();

        punctuateExpiry(deleteAt - 1);
        assertThat(state.order("o1")).isNotNull();

        punctuateExpiry(deleteAt);
        assertThat(state.order("o1")).isNull();
    }

    /** A RESERVE, the next record on the partition. */
    private void reserve(String orderId, int quantity) {
        context.setRecordMetadata("stock-commands", 0, nextOffset++);
        manufacturer.process(new Record<>("insulin", new StockCommand(StockCommand.Kind.RESERVE, orderId, "h1",
                "insulin", quantity, T0), T0));
    }

    private void release(String orderId, int quantity) {
        context.setRecordMetadata("stock-commands", 0, nextOffset++);
        manufacturer.process(new Record<>("insulin", new StockCommand(StockCommand.Kind.RELEASE, orderId, "h1",
                "insulin", quantity, T0), T0));
    }

    /** Fires the production punctuator, scheduled first. */
    @Test
    void shouldPublishEveryStockAtTheFirstPunctuationOfTheInstanceThatTakesTheTaskOver() {
        // given: a reservation whose stock change was due for publication when the instance died
        reserve("o1", 1);
        assertThat(context.forwarded()).extracting(forward -> forward.record().value().getClass().getSimpleName())
                .doesNotContain("InventoryUpdate");

        // when: the next instance starts on the restored store (Streams restores before init) and punctuates
        MockProcessorContext<String, SupplyEvent> next = new MockProcessorContext<>();
        next.addStateStore(context.getStateStore(StoreNames.MANUFACTURER_STOCK));
        next.setCurrentSystemTimeMs(T0 + 500);
        new ManufacturerProcessor(settings, false).init(next);
        next.scheduledPunctuators().get(0).getPunctuator().punctuate(T0 + 500);

        // then: the stock is published as it stands, though no input was processed again
        assertThat(next.forwarded()).singleElement().satisfies(forward -> {
            assertThat(forward.record().key()).isEqualTo("insulin");
            InventoryUpdate update = (InventoryUpdate) forward.record().value();
            assertThat(update.reserved()).isEqualTo(1);
            assertThat(update.available()).isEqualTo(1);
        });
    }

    private void punctuate(long now) {
        context.setCurrentSystemTimeMs(now);
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }

    /** Fires the expiry punctuator, scheduled second. */
    private void punctuateExpiry(long now) {
        context.setCurrentSystemTimeMs(now);
        context.scheduledPunctuators().get(1).getPunctuator().punctuate(now);
    }

    private double metric(String name) {
        return context.metrics().metrics().entrySet().stream()
                .filter(entry -> entry.getKey().name().equals(name))
                .mapToDouble(entry -> ((Number) entry.getValue().metricValue()).doubleValue())
                .sum();
    }
}
