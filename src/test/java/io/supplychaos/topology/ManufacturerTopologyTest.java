package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.streams.KeyValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;

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
        chain.place(chain.order("o1", "insulin", 4));

        assertThat(chain.confirmations.readValuesToList()).extracting(Confirmation::status)
                .containsExactly(ConfirmationStatus.CONFIRMED);
        List<Batch> goods = chain.goods.readValuesToList();
        assertThat(goods).singleElement().satisfies(batch -> {
            assertThat(batch.orderId()).isEqualTo("o1");
            assertThat(batch.batchId()).isEqualTo("insulin-initial");
            assertThat(batch.quantity()).isEqualTo(4);
        });
        InventoryUpdate first = chain.inventory.readKeyValuesToList().get(0).value;
        assertThat(first.available()).isEqualTo(6);
        assertThat(first.reserved()).isEqualTo(4);
        assertThat(first.causeOrderId()).isEqualTo("o1");
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
        assertThat(chain.goods.readValuesToList()).extracting(Batch::orderId, Batch::batchId)
                .contains(org.assertj.core.groups.Tuple.tuple("o2", "heparin-b1"));

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

    private InventoryUpdate lastInventory(String drugId) {
        List<KeyValue<String, InventoryUpdate>> updates = chain.inventory.readKeyValuesToList();
        return updates.stream().filter(update -> update.key.equals(drugId)).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no inventory update for " + drugId)).value;
    }
}
