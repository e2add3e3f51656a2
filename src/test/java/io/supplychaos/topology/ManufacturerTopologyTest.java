package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.processor.ManufacturerProcessor;
import io.supplychaos.topology.state.LedgerEntry;
import io.supplychaos.topology.state.StockCommand;

/** The manufacturer stage through the whole topology: reservations, backorders, production, rejections. */
class ManufacturerTopologyTest {

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
    void shouldConfirmAndReserveWhenStockIsAvailable() {
        chain.close();
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1)));
        chain.place(chain.order("o1", "insulin", 4));

        assertThat(chain.confirmations.readValuesToList()).extracting(Confirmation::status)
                .containsExactly(ConfirmationStatus.CONFIRMED);
        List<Batch> goods = chain.goods.readValuesToList();
        assertThat(goods).singleElement().satisfies(batch -> {
            assertThat(batch.orderId()).isEqualTo("o1");
            assertThat(batch.batchId()).isEqualTo("insulin-initial");
            assertThat(batch.quantity()).isEqualTo(4);
            assertThat(batch.backordered()).as("confirmed from stock on hand").isFalse();
        });
        InventoryUpdate published = lastInventory("insulin");
        assertThat(published.available()).isEqualTo(6);
        assertThat(published.reserved()).isEqualTo(4);
        assertThat(published.causeOrderId()).isEqualTo("o1");
    }

    @Test
    void shouldPublishEachChangedDrugOncePerPunctuationWithItsStockAsItStands() {
        // given three orders of one drug and one of another within one punctuation interval
        chain.close();
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofHours(1)));
        chain.place(chain.order("o1", "insulin", 1));
        chain.place(chain.order("o2", "insulin", 2));
        chain.place(chain.order("o3", "insulin", 3));
        chain.place(chain.order("o4", "heparin", 1));
        assertThat(chain.inventory.isEmpty()).as("nothing published before the punctuation").isTrue();

        // when the punctuation comes
        publishStock();

        // then one record per drug, with its stock after all of them and the last order that moved it
        List<KeyValue<String, InventoryUpdate>> published = chain.inventory.readKeyValuesToList();
        assertThat(published).extracting(record -> record.key).containsExactlyInAnyOrder("insulin", "heparin");
        InventoryUpdate insulin = published.stream().filter(record -> record.key.equals("insulin")).findFirst()
                .orElseThrow().value;
        assertThat(insulin.reserved()).isEqualTo(6);
        assertThat(insulin.available()).isEqualTo(4);
        assertThat(insulin.causeOrderId()).isEqualTo("o3");
        publishStock();
        assertThat(chain.inventory.isEmpty()).as("nothing changed since").isTrue();
    }

    @Test
    void shouldBackorderWhenStockIsShort() {
        chain.place(chain.order("o1", "heparin", 4));
        chain.place(chain.order("o2", "heparin", 3));

        List<Confirmation> answers = chain.confirmations.readValuesToList();
        assertThat(answers).extracting(Confirmation::orderId, Confirmation::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("o1", ConfirmationStatus.CONFIRMED),
                org.assertj.core.groups.Tuple.tuple("o2", ConfirmationStatus.BACKORDERED));
        assertThat(answers.get(1).reason()).contains("waiting for production").contains("1 available");
        assertThat(chain.goods.readValuesToList()).extracting(Batch::orderId).containsExactly("o1");
    }

    @Test
    void shouldConfirmBackorderedOrdersInArrivalOrderOnceABatchIsProduced() {
        chain.place(chain.order("o1", "heparin", 5));
        chain.place(chain.order("o2", "heparin", 3));
        chain.place(chain.order("o3", "heparin", 1));
        chain.place(chain.order("o4", "heparin", 6));
        chain.confirmations.readValuesToList();

        chain.advance(Duration.ofMillis(1500));
        assertThat(chain.confirmations.isEmpty()).as("lead time of 2 s not over yet").isTrue();

        chain.advance(Duration.ofMillis(600));
        List<Confirmation> confirmed = chain.confirmations.readValuesToList();
        assertThat(confirmed).extracting(Confirmation::orderId).containsExactly("o2", "o3");
        assertThat(confirmed).extracting(Confirmation::status).containsOnly(ConfirmationStatus.CONFIRMED);
        // the goods of orders that waited say so: their CONFIRMED is told after their BACKORDERED
        assertThat(chain.goods.readValuesToList()).extracting(Batch::orderId, Batch::batchId, Batch::backordered)
                .contains(org.assertj.core.groups.Tuple.tuple("o2", "heparin-b1", true),
                        org.assertj.core.groups.Tuple.tuple("o3", "heparin-b1", true));

        chain.advance(Duration.ofMillis(2100));
        assertThat(chain.confirmations.readValuesToList()).extracting(Confirmation::orderId).containsExactly("o4");
        InventoryUpdate last = lastInventory("heparin");
        assertThat(last.produced()).isEqualTo(16);
        assertThat(last.initial() + last.produced()).isEqualTo(last.available() + last.reserved() + last.shipped());
    }

    @Test
    void shouldNotReserveTwiceForARepeatedOrderId() {
        chain.place(chain.order("o1", "insulin", 4));
        chain.place(chain.order("o1", "insulin", 4));

        assertThat(chain.confirmations.readValuesToList()).hasSize(1);
        assertThat(chain.goods.readValuesToList()).hasSize(1);
        InventoryUpdate last = lastInventory("insulin");
        assertThat(last.reserved() + last.shipped()).isEqualTo(4);
    }

    /**
     * A second intake task (the copy landed on another order-placed partition) writes the same
     * RESERVE to the repartition topic while the order is still reserved: the manufacturer, which
     * every copy for the drug reaches, drops it.
     */
    @Test
    void shouldReserveOnceWhenOrderIsPlacedAgainOnAnotherPartition() {
        chain.close();
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofSeconds(10)));
        Order order = chain.order("o1", "insulin", 4);
        chain.place(order);
        chain.confirmations.readValuesToList();
        chain.goods.readValuesToList();
        publishStock();
        chain.inventory.readValuesToList();

        chain.stockCommandsIn.pipeInput("insulin", StockCommand.reserve(order));

        assertThat(chain.confirmations.isEmpty()).as("no second confirmation").isTrue();
        assertThat(chain.goods.isEmpty()).as("no second goods").isTrue();
        publishStock();
        assertThat(chain.inventory.isEmpty()).as("no stock moved").isTrue();
        assertThat(TransportTopologyTest.metric(chain, ManufacturerProcessor.REPEATED_RESERVATIONS_METRIC))
                .isEqualTo(1.0);
        deliverInTransit();
        InventoryUpdate last = lastInventory("insulin");
        assertThat(last.reserved()).isZero();
        assertThat(last.shipped()).isEqualTo(4);
        assertThat(last.available()).isEqualTo(6);
    }

    /**
     * The same order accepted by an intake task whose ledger never saw it (another partition's
     * task, modelled by emptying the ledger): it reaches the manufacturer again, which drops it.
     */
    @Test
    void shouldReserveOnceWhenAnIntakeWithoutTheOrderInItsLedgerAcceptsItAgain() {
        chain.place(chain.order("o1", "heparin", 2));
        KeyValueStore<String, LedgerEntry> ledger = chain.driver.getKeyValueStore(StoreNames.ORDER_LEDGER);
        ledger.delete("o1");

        chain.place(chain.order("o1", "heparin", 2));

        assertThat(chain.confirmations.readValuesToList()).extracting(Confirmation::status)
                .containsExactly(ConfirmationStatus.CONFIRMED);
        assertThat(chain.goods.readValuesToList()).hasSize(1);
        InventoryUpdate last = lastInventory("heparin");
        assertThat(last.available()).isEqualTo(3);
        assertThat(last.shipped()).isEqualTo(2);
    }

    /**
     * o1 was delivered; o2 still holds 3 units. A repeated DELIVERED for o1 must not ship o2's
     * units (releasing by quantity alone would move min(4, reserved) = 3 of them).
     */
    @Test
    void shouldReleaseStockOnceWhenDeliveredRepeats() {
        chain.close();
        chain = ChainDriver.start(ChainDriver.smallSettings().withTransitTime(Duration.ofSeconds(10)));
        chain.place(chain.order("o1", "insulin", 4));
        deliverInTransit();
        List<ShipmentStatus> o1Shipped = chain.shipments.readValuesToList();
        ShipmentStatus delivered = o1Shipped.get(o1Shipped.size() - 1);
        assertThat(delivered.status()).isEqualTo(ShipmentState.DELIVERED);
        chain.place(chain.order("o2", "insulin", 3));
        InventoryUpdate before = lastInventory("insulin");
        assertThat(before.reserved()).isEqualTo(3);
        assertThat(before.shipped()).isEqualTo(4);

        // when: o1's DELIVERED repeats on the stock commands (any intake or transport task may write one again)
        chain.stockCommandsIn.pipeInput("insulin", StockCommand.release(delivered));
        chain.stockCommandsIn.pipeInput("insulin", StockCommand.release(delivered));

        publishStock();
        assertThat(chain.inventory.isEmpty()).as("no stock moved by the repeats").isTrue();
        assertThat(TransportTopologyTest.metric(chain, ManufacturerProcessor.UNMATCHED_RELEASES_METRIC))
                .isEqualTo(2.0);
        deliverInTransit();
        InventoryUpdate after = lastInventory("insulin");
        assertThat(after.shipped()).as("o1 and o2 shipped once each").isEqualTo(7);
        assertThat(after.reserved()).isZero();
    }

    @Test
    void shouldRejectQuantityAboveMaximum() {
        chain.place(chain.order("big", "insulin", SupplyChainSettings.DEFAULT_MAX_QUANTITY + 1));
        chain.place(chain.order("max", "insulin", SupplyChainSettings.DEFAULT_MAX_QUANTITY));

        assertThat(chain.confirmations.readValuesToList())
                .extracting(Confirmation::orderId, Confirmation::status, Confirmation::reason).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("big", ConfirmationStatus.REJECTED,
                                "quantity must be at most 1000, was 1001"),
                        org.assertj.core.groups.Tuple.tuple("max", ConfirmationStatus.BACKORDERED,
                                "waiting for production: 10 available, 0 orders ahead"));
        assertThat(chain.goods.isEmpty()).isTrue();
    }

    @Test
    void shouldRejectNonPositiveQuantityWithReason() {
        chain.place(chain.order("zero", "insulin", 0));
        chain.place(chain.order("negative", "insulin", -3));

        assertThat(chain.confirmations.readValuesToList())
                .extracting(Confirmation::orderId, Confirmation::status, Confirmation::reason).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("zero", ConfirmationStatus.REJECTED,
                                "quantity must be positive, was 0"),
                        org.assertj.core.groups.Tuple.tuple("negative", ConfirmationStatus.REJECTED,
                                "quantity must be positive, was -3"));
        assertThat(chain.inventory.isEmpty()).isTrue();
    }

    @Test
    void shouldRejectUnknownDrugWithReason() {
        chain.place(chain.order("o1", "unobtainium", 1));

        Confirmation answer = chain.confirmations.readValue();
        assertThat(answer.status()).isEqualTo(ConfirmationStatus.REJECTED);
        assertThat(answer.reason()).isEqualTo("unknown drug 'unobtainium'");
        assertThat(chain.goods.isEmpty()).isTrue();
    }

    @Test
    void shouldMoveDeliveredUnitsFromReservedToShipped() {
        chain.place(chain.order("o1", "insulin", 4));

        InventoryUpdate last = lastInventory("insulin");
        assertThat(last.reserved()).isZero();
        assertThat(last.shipped()).isEqualTo(4);
        assertThat(last.available()).isEqualTo(6);
    }

    @Test
    void shouldNeverLetStockGoNegative() {
        for (int i = 0; i < 40; i++) {
            chain.place(chain.order("o" + i, "insulin", 3));
            chain.advance(Duration.ofMillis(300));
        }
        for (int tick = 0; tick < 80; tick++) {
            chain.advance(Duration.ofMillis(500));
        }

        List<KeyValue<String, InventoryUpdate>> updates = chain.inventory.readKeyValuesToList();
        assertThat(updates).isNotEmpty().allSatisfy(update -> {
            assertThat(update.value.available()).isNotNegative();
            assertThat(update.value.reserved()).isNotNegative();
            assertThat(update.value.initial() + update.value.produced())
                    .isEqualTo(update.value.available() + update.value.reserved() + update.value.shipped());
        });
        assertThat(updates.get(updates.size() - 1).value.shipped()).isEqualTo(120);
    }

    /** Ten seconds of wall clock in punctuation-sized steps: shipments under way are delivered. */
    private void deliverInTransit() {
        for (int tick = 0; tick < 20; tick++) {
            chain.advance(Duration.ofMillis(500));
        }
    }

    /** The next punctuation: each drug whose stock changed since the last one is published. */
    private void publishStock() {
        chain.advance(ChainDriver.smallSettings().punctuationInterval());
    }

    /** The drug's last inventory-updated record, after the punctuation that publishes what changed. */
    private InventoryUpdate lastInventory(String drugId) {
        publishStock();
        List<KeyValue<String, InventoryUpdate>> updates = chain.inventory.readKeyValuesToList();
        return updates.stream().filter(update -> update.key.equals(drugId)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no inventory update for " + drugId)).value;
    }
}
