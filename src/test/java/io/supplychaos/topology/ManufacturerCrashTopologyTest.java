package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.topology.processor.ManufacturerStock;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerEntry;
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

    private static final Deserializer<ManufacturerEntry> ENTRY = JsonSerde.of(ManufacturerEntry.class).deserializer();
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
            try (ChainDriver again = ChainDriver.start(settings)) {
                // when: the next instance restores what survived and processes the command again
                restore(again, written.subList(0, survived));
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
            try (ChainDriver again = ChainDriver.start(settings)) {
                // when: the input is processed again from the RESERVE on, over what survived
                restore(again, written.subList(0, survived));
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
        try (ChainDriver again = ChainDriver.start(settings)) {
            restore(again, written);
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
    void shouldCacheTheManufacturersStoreOnlyUnderTransactions() {
        // given the topology built for each guarantee
        for (boolean transactional : new boolean[] {false, true}) {
            java.util.Properties config = new java.util.Properties();
            config.put(org.apache.kafka.streams.StreamsConfig.APPLICATION_ID_CONFIG, "cache-test");
            config.put(org.apache.kafka.streams.StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
            try (org.apache.kafka.streams.TopologyTestDriver driver = new org.apache.kafka.streams.TopologyTestDriver(
                    io.supplychaos.topology.chain.SupplyChainTopology.build(ChainDriver.smallSettings(), transactional),
                    config)) {
                // then manufacturer-stock has a cache exactly when the changelog writes are transactional
                boolean cached = layers((org.apache.kafka.streams.processor.StateStore) driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK)).stream()
                        .anyMatch(layer -> layer.contains("Caching"));
                assertThat(cached).as("transactional %s", transactional).isEqualTo(transactional);
            }
        }
    }

    private static List<String> layers(org.apache.kafka.streams.processor.StateStore store) {
        List<String> names = new java.util.ArrayList<>();
        org.apache.kafka.streams.processor.StateStore layer = store;
        while (true) {
            names.add(layer.getClass().getSimpleName());
            if (!(layer instanceof org.apache.kafka.streams.state.internals.WrappedStateStore<?, ?, ?> wrapped)) {
                return names;
            }
            layer = wrapped.wrapped();
        }
    }

    private static void restore(ChainDriver driver, List<KeyValue<String, byte[]>> changelog) {
        KeyValueStore<String, ManufacturerEntry> store = driver.driver.getKeyValueStore(StoreNames.MANUFACTURER_STOCK);
        changelog.forEach(record -> store.put(record.key,
                record.value == null ? null : ENTRY.deserialize("changelog", record.value)));
    }
}
