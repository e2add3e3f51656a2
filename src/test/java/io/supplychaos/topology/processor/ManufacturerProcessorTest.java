package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.SupplyEvent;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.StockCommand;

/** The manufacturer alone, its production punctuator fired by hand. */
class ManufacturerProcessorTest {

    private static final long T0 = 1_000_000L;
    private final SupplyChainSettings settings = SupplyChainSettings.defaults()
            .withCatalogue(Map.of("insulin", 2)).withProduction(5, Duration.ofSeconds(3));
    private MockProcessorContext<String, SupplyEvent> context;
    private KeyValueStore<String, Inventory> inventory;
    private KeyValueStore<String, StockCommand> backorders;
    private ManufacturerProcessor manufacturer;

    @BeforeEach
    void init() {
        context = new MockProcessorContext<>();
        inventory = MockStores.register(context, StoreNames.INVENTORY, JsonSerde.of(Inventory.class));
        backorders = MockStores.register(context, StoreNames.BACKORDERS, JsonSerde.of(StockCommand.class));
        context.setCurrentSystemTimeMs(T0);
        manufacturer = new ManufacturerProcessor(settings);
        manufacturer.init(context);
    }

    @Test
    void shouldScheduleOneBatchForSeveralBackordersAndQueueThemInArrivalOrder() {
        reserve("o1", 3);
        reserve("o2", 1);

        Inventory stock = inventory.get("insulin");
        assertThat(stock.productionDueAt()).isEqualTo(T0 + 3000);
        assertThat(stock.backlogTail() - stock.backlogHead()).isEqualTo(2);
        assertThat(backorders.get("insulin|0000000000000000000").orderId()).isEqualTo("o1");
        assertThat(backorders.get("insulin|0000000000000000001").orderId()).isEqualTo("o2");
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
        Inventory stock = inventory.get("insulin");
        assertThat(stock.available()).isEqualTo(3);
        assertThat(stock.reserved()).isEqualTo(4);
        assertThat(stock.isProducing()).isFalse();
        assertThat(stock.hasBacklog()).isFalse();
        assertThat(backorders.approximateNumEntries()).isZero();
    }

    @Test
    void shouldKeepProducingWhileTheHeadOfTheQueueStillWaits() {
        reserve("big", 9);

        punctuate(T0 + 3000);
        Inventory afterOne = inventory.get("insulin");
        assertThat(afterOne.available()).isEqualTo(7);
        assertThat(afterOne.productionDueAt()).isEqualTo(T0 + 6000);

        punctuate(T0 + 6000);
        Inventory afterTwo = inventory.get("insulin");
        assertThat(afterTwo.reserved()).isEqualTo(9);
        assertThat(afterTwo.available()).isEqualTo(3);
        assertThat(afterTwo.isConserved()).isTrue();
    }

    private void reserve(String orderId, int quantity) {
        manufacturer.process(new Record<>("insulin", new StockCommand(StockCommand.Kind.RESERVE, orderId, "h1",
                "insulin", quantity, T0), T0));
    }

    private void punctuate(long now) {
        context.setCurrentSystemTimeMs(now);
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(now);
    }
}
