package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.internals.WrappedStateStore;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.topology.chain.SupplyChainTopology;
import io.supplychaos.topology.processor.ManufacturerStock;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.StockCommand;

/**
 * An at_least_once crash at the manufacturer: an instance processed a stock command and died before
 * committing its input offset, having written any part of its changelog; the instance that takes
 * the task over restores that part and processes the command again. Simulated with two drivers: the
 * first writes the changelog, the second starts from each of its prefixes and is given the same
 * input (the same offsets) again.
 */
class ManufacturerCrashTopologyTest {

    private static final StockCommand RESERVE =
            StockCommand.reserve(new Order("o1", "h1", "insulin", 3, Priority.ROUTINE, 0L));

    @Test
    void shouldReserveOnceWhateverPartOfTheReservationSurvivedTheCrash() {
        // given: a RESERVE held in transit (not delivered yet), and the changelog its processing wrote
        SupplyChainSettings settings = ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1));
        List<KeyValue<String, byte[]>> written;
        try (ChainDriver first = ChainDriver.start(settings)) {
            first.stockCommandsIn.pipeInput("insulin", RESERVE);
            written = first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList();
        }
        assertThat(written).as("the order entry, then the stock").hasSizeGreaterThanOrEqualTo(2);

        for (int survived = 0; survived <= written.size(); survived++) {
            try (ChainDriver again = restored(settings, written.subList(0, survived))) {
                // when: the next instance restores what survived and processes the command again
                again.stockCommandsIn.pipeInput("insulin", RESERVE);

                // then: its units are reserved once, the order is RESERVED, and it is answered (again)
                ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
                Inventory stock = state.stock("insulin");
                assertThat(stock.reserved()).as("reserved after %d of %d writes survived", survived, written.size())
                        .isEqualTo(3);
                assertThat(stock.available()).isEqualTo(7);
                assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.RESERVED);
                assertThat(again.confirmations.readValuesToList()).extracting(Confirmation::status)
                        .containsExactly(ConfirmationStatus.CONFIRMED);
                assertThat(again.goods.readValuesToList()).hasSize(1);
            }
        }
    }

    @Test
    void shouldShipOnceWhateverPartOfTheReleaseSurvivedTheCrash() {
        // given: the whole chain with no transit time: the RESERVE (offset 0) comes back as a RELEASE (offset 1)
        SupplyChainSettings settings = ChainDriver.smallSettings();
        List<KeyValue<String, byte[]>> written;
        try (ChainDriver first = ChainDriver.start(settings)) {
            first.stockCommandsIn.pipeInput("insulin", RESERVE);
            written = first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList();
        }

        for (int survived = 0; survived <= written.size(); survived++) {
            try (ChainDriver again = restored(settings, written.subList(0, survived))) {
                // when: the input is processed again from the RESERVE on, over what survived
                again.stockCommandsIn.pipeInput("insulin", RESERVE);

                // then: the order's units moved to shipped once
                ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
                Inventory stock = state.stock("insulin");
                assertThat(stock.shipped()).as("shipped after %d of %d writes survived", survived, written.size())
                        .isEqualTo(3);
                assertThat(stock.reserved()).isZero();
                assertThat(stock.available()).isEqualTo(7);
                assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.RELEASED);
            }
        }
    }

    @Test
    void shouldStillDropACopyOfTheOrderAfterTheCrash() {
        // given: the reservation survived whole
        SupplyChainSettings settings = ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1));
        List<KeyValue<String, byte[]>> written;
        try (ChainDriver first = ChainDriver.start(settings)) {
            first.stockCommandsIn.pipeInput("insulin", RESERVE);
            written = first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList();
        }
        try (ChainDriver again = restored(settings, written)) {
            again.stockCommandsIn.pipeInput("insulin", RESERVE);
            again.confirmations.readValuesToList();

            // when: a copy of the order (another record, another offset) arrives
            again.stockCommandsIn.pipeInput("insulin", RESERVE);

            // then: it is not answered and reserves nothing
            assertThat(again.confirmations.isEmpty()).isTrue();
            assertThat(new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK))
                    .stock("insulin").reserved()).isEqualTo(3);
        }
    }

    @Test
    void shouldConfirmEveryBackorderedOrderWhateverPartOfTheProductionRunSurvivedTheCrash() {
        // given: o1 takes all 10 units, o2 waits for production; both commands were committed (their
        // changelog writes were flushed), then a production run confirmed o2 from the backlog and the
        // instance died before its next commit, having written any part of the run's changelog
        SupplyChainSettings settings = ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1));
        StockCommand waiting = StockCommand.reserve(new Order("o2", "h1", "insulin", 5, Priority.ROUTINE, 0L));
        List<KeyValue<String, byte[]>> written;
        int committed;
        try (ChainDriver first = ChainDriver.start(settings)) {
            TestOutputTopic<String, byte[]> changelog = first.changelog(StoreNames.MANUFACTURER_STOCK);
            first.stockCommandsIn.pipeInput("insulin",
                    StockCommand.reserve(new Order("o1", "h1", "insulin", 10, Priority.ROUTINE, 0L)));
            first.stockCommandsIn.pipeInput("insulin", waiting);
            written = new ArrayList<>(changelog.readKeyValuesToList());
            committed = written.size();
            first.advance(settings.productionLeadTime());
            assertThat(first.confirmations.readValuesToList()).extracting(Confirmation::orderId, Confirmation::status)
                    .containsExactly(tuple("o1", ConfirmationStatus.CONFIRMED),
                            tuple("o2", ConfirmationStatus.BACKORDERED),
                            tuple("o2", ConfirmationStatus.CONFIRMED));
            written.addAll(changelog.readKeyValuesToList());
        }
        assertThat(written).as("the production run wrote to the changelog").hasSizeGreaterThan(committed);

        for (int survived = committed; survived <= written.size(); survived++) {
            try (ChainDriver again = restored(settings, written.subList(0, survived))) {
                // when: the next instance restores what survived (its input is committed: nothing to replay)
                // and its punctuator runs
                again.advance(settings.productionLeadTime());

                // then: o2 is confirmed (again: the first answer may not have reached its topic), o1 is not,
                // and the stock holds both orders' units once
                assertThat(again.confirmations.readValuesToList())
                        .as("answers after %d of %d writes survived", survived, written.size())
                        .extracting(Confirmation::orderId, Confirmation::status)
                        .containsExactly(tuple("o2", ConfirmationStatus.CONFIRMED));
                assertThat(again.goods.readValuesToList()).extracting(Batch::orderId)
                        .containsExactly("o2");
                ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
                Inventory stock = state.stock("insulin");
                assertThat(stock.reserved()).isEqualTo(15);
                assertThat(stock.isConserved()).isTrue();
                assertThat(state.order("o2").state()).isEqualTo(ManufacturerOrder.State.RESERVED);
            }
        }
    }

    @Test
    void shouldNotConfirmABackorderedOrderAgainOnceAPunctuationAfterItsCommitPassed() {
        // given: the production run confirmed o2, and the same instance punctuated again, which it only
        // does after the commit it asked for (that commit flushed the confirmation)
        SupplyChainSettings settings = ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1));
        List<KeyValue<String, byte[]>> written;
        try (ChainDriver first = ChainDriver.start(settings)) {
            first.stockCommandsIn.pipeInput("insulin",
                    StockCommand.reserve(new Order("o1", "h1", "insulin", 10, Priority.ROUTINE, 0L)));
            first.stockCommandsIn.pipeInput("insulin",
                    StockCommand.reserve(new Order("o2", "h1", "insulin", 5, Priority.ROUTINE, 0L)));
            first.advance(settings.productionLeadTime());
            first.advance(settings.punctuationInterval());
            written = first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList();
        }
        try (ChainDriver again = restored(settings, written)) {
            // when: the next instance restores all of it and punctuates
            again.advance(settings.productionLeadTime());

            // then: nothing is answered again, and the backlog entry is gone
            assertThat(again.confirmations.isEmpty()).isTrue();
            ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
            assertThat(state.waiting("insulin", 0)).isNull();
            assertThat(state.stock("insulin").reserved()).isEqualTo(15);
        }
    }

    @Test
    void shouldShipOnceWhateverPartOfACacheFlushHoldingTheReservationAndTheReleaseSurvived() {
        // given: the RESERVE (offset 0) and its RELEASE (offset 1) processed within one commit interval, so
        // that the store's cache flushes them together: each key once, in the order of its last write
        SupplyChainSettings settings = ChainDriver.smallSettings();
        List<KeyValue<String, byte[]>> flushed;
        try (ChainDriver first = ChainDriver.start(settings)) {
            first.stockCommandsIn.pipeInput("insulin", RESERVE);
            flushed = asFlushed(first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList());
        }
        assertThat(flushed).extracting(record -> record.key).as("the order's one value, then the stock")
                .containsExactly(ManufacturerStock.orderKey("o1"), ManufacturerStock.stockKey("insulin"));

        for (int survived = 0; survived <= flushed.size(); survived++) {
            try (ChainDriver again = restored(settings, flushed.subList(0, survived))) {
                // when: the input is processed again from the RESERVE on, over what survived of the flush
                again.stockCommandsIn.pipeInput("insulin", RESERVE);

                // then: the units were reserved and shipped once, and the order answered
                ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
                Inventory stock = state.stock("insulin");
                assertThat(stock.shipped()).as("shipped after %d of %d flushed writes survived", survived, flushed.size())
                        .isEqualTo(3);
                assertThat(stock.reserved()).isZero();
                assertThat(stock.available()).isEqualTo(7);
                assertThat(state.order("o1").state()).isEqualTo(ManufacturerOrder.State.RELEASED);
                assertThat(again.confirmations.readValuesToList()).extracting(Confirmation::status)
                        .containsExactly(ConfirmationStatus.CONFIRMED);
            }
        }
    }

    @Test
    void shouldConfirmEveryOrderOnceWhateverPartOfACacheFlushOfSeveralOrdersSurvived() {
        // given: o1 and o2 reserved and o3 backordered within one commit interval, flushed together
        SupplyChainSettings settings = ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1));
        List<StockCommand> commands = List.of(
                StockCommand.reserve(new Order("o1", "h1", "insulin", 4, Priority.ROUTINE, 0L)),
                StockCommand.reserve(new Order("o2", "h1", "insulin", 5, Priority.ROUTINE, 0L)),
                StockCommand.reserve(new Order("o3", "h1", "insulin", 3, Priority.ROUTINE, 0L)));
        List<KeyValue<String, byte[]>> flushed;
        try (ChainDriver first = ChainDriver.start(settings)) {
            commands.forEach(command -> first.stockCommandsIn.pipeInput("insulin", command));
            flushed = asFlushed(first.changelog(StoreNames.MANUFACTURER_STOCK).readKeyValuesToList());
        }

        for (int survived = 0; survived <= flushed.size(); survived++) {
            try (ChainDriver again = restored(settings, flushed.subList(0, survived))) {
                // when: the three commands are processed again over what survived
                commands.forEach(command -> again.stockCommandsIn.pipeInput("insulin", command));

                // then: 9 units reserved once, o3 waits once, and each order is answered as it stands
                ManufacturerStock state = new ManufacturerStock(again.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK));
                Inventory stock = state.stock("insulin");
                assertThat(stock.reserved()).as("reserved after %d of %d flushed writes survived", survived, flushed.size())
                        .isEqualTo(9);
                assertThat(stock.isConserved()).isTrue();
                assertThat(stock.backlogTail() - stock.backlogHead()).as("o3 waits once").isEqualTo(1);
                assertThat(state.order("o3").state()).isEqualTo(ManufacturerOrder.State.BACKORDERED);
                assertThat(again.confirmations.readValuesToList()).extracting(Confirmation::orderId, Confirmation::status)
                        .containsExactly(tuple("o1", ConfirmationStatus.CONFIRMED), tuple("o2", ConfirmationStatus.CONFIRMED),
                                tuple("o3", ConfirmationStatus.BACKORDERED));
            }
        }
    }

    @Test
    void shouldCacheTheManufacturersStoreUnderBothGuarantees() {
        // given the topology built for each guarantee
        for (boolean transactional : new boolean[] {false, true}) {
            Properties config = new Properties();
            config.put(StreamsConfig.APPLICATION_ID_CONFIG, "cache-test");
            config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
            try (TopologyTestDriver driver = new TopologyTestDriver(
                    SupplyChainTopology.build(ChainDriver.smallSettings(), transactional), config)) {
                // then manufacturer-stock has a cache: it flushes in last-write order, which ManufacturerStock relies on
                boolean cached = layers((StateStore) driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK)).stream()
                        .anyMatch(layer -> layer.contains("Caching"));
                assertThat(cached).as("transactional %s", transactional).isTrue();
            }
        }
    }

    /**
     * The writes as Kafka Streams' cache flushes them at a commit: each key once with its last value
     * (null: deleted), in the order of its last write.
     */
    private static List<KeyValue<String, byte[]>> asFlushed(List<KeyValue<String, byte[]>> written) {
        Map<String, byte[]> last = new LinkedHashMap<>();
        for (KeyValue<String, byte[]> write : written) {
            last.remove(write.key);
            last.put(write.key, write.value);
        }
        List<KeyValue<String, byte[]>> flushed = new ArrayList<>();
        last.forEach((key, value) -> flushed.add(KeyValue.pair(key, value)));
        return flushed;
    }

    private static List<String> layers(StateStore store) {
        List<String> names = new ArrayList<>();
        StateStore layer = store;
        while (true) {
            names.add(layer.getClass().getSimpleName());
            if (!(layer instanceof WrappedStateStore<?, ?, ?> wrapped)) {
                return names;
            }
            layer = wrapped.wrapped();
        }
    }

    /** The next instance: the manufacturer's store restored from what survived of its changelog, before its init. */
    private static ChainDriver restored(SupplyChainSettings settings, List<KeyValue<String, byte[]>> changelog) {
        return ChainDriver.restoredFrom(settings, Map.of(StoreNames.MANUFACTURER_STOCK, changelog));
    }
}
