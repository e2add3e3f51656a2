package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.processor.ManufacturerStock;
import io.supplychaos.topology.state.ManufacturerOrder;

/**
 * Per-order stores are emptied a retention time after the order ended, with a tombstone on their
 * changelogs, and keep what is still under way.
 */
class RetentionTopologyTest {

    private static final Duration RETENTION = Duration.ofMinutes(1);
    private static final List<String> PER_ORDER_STORES = List.of(StoreNames.ORDER_LEDGER,
            StoreNames.SHIPMENTS, StoreNames.ORDER_TIMELINE);

    private ChainDriver chain;

    @AfterEach
    void stop() {
        chain.close();
    }

    @Test
    void shouldTombstoneTimelineAfterRetention() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withOrderRetention(RETENTION));
        chain.place(chain.order("o1", "insulin", 2));
        assertThat(chain.notifications.readValuesToList()).extracting(Notification::status)
                .endsWith(OrderStatus.DELIVERED);
        var changelog = chain.changelog(StoreNames.ORDER_TIMELINE);
        changelog.readKeyValuesToList();

        chain.advance(RETENTION.minusSeconds(1));
        assertThat(store(StoreNames.ORDER_TIMELINE).get("o1")).as("kept within the retention").isNotNull();

        chain.advance(Duration.ofSeconds(1));
        assertThat(store(StoreNames.ORDER_TIMELINE).get("o1")).as("deleted after the retention").isNull();
        assertThat(changelog.readKeyValuesToList()).as("a tombstone on the changelog")
                .containsExactly(KeyValue.pair("o1", null));
    }

    @Test
    void shouldEmptyEveryPerOrderStoreAndItsIndexAfterRetention() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withOrderRetention(RETENTION));
        chain.place(chain.order("delivered", "insulin", 2));
        chain.place(chain.order("rejected", "unobtainium", 1));
        PER_ORDER_STORES.forEach(name ->
                assertThat(store(name).approximateNumEntries()).as("%s before the retention", name).isPositive());
        assertThat(manufacturerOrders()).as("manufacturer-stock's order entries before the retention")
                .containsExactlyInAnyOrder("order|delivered", "order|rejected");

        chain.advance(RETENTION);

        PER_ORDER_STORES.forEach(name ->
                assertThat(store(name).approximateNumEntries()).as("%s after the retention", name).isZero());
        assertThat(manufacturerOrders()).as("manufacturer-stock's order entries after the retention").isEmpty();
        List.of(StoreNames.ORDER_LEDGER_EXPIRY, StoreNames.MANUFACTURER_ORDER_EXPIRY, StoreNames.SHIPMENT_SCHEDULE,
                StoreNames.ORDER_TIMELINE_EXPIRY).forEach(name ->
                assertThat(store(name).approximateNumEntries()).as("index %s after the retention", name).isZero());
    }

    @Test
    void shouldKeepAnOrderThatHasNotEndedPastTheRetention() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withOrderRetention(RETENTION)
                .withTransitTime(Duration.ofHours(1)));
        chain.place(chain.order("o1", "insulin", 2));

        chain.advance(RETENTION.multipliedBy(2));

        assertThat(store(StoreNames.ORDER_LEDGER).get("o1")).as("ledger: deleted after acceptance + retention")
                .isNull();
        assertThat(new ManufacturerStock(store(StoreNames.MANUFACTURER_STOCK)).order("o1").state())
                .isEqualTo(ManufacturerOrder.State.RESERVED);
        assertThat(store(StoreNames.SHIPMENTS).get("o1")).as("shipment in transit").isNotNull();
        assertThat(store(StoreNames.ORDER_TIMELINE).get("o1")).as("timeline not final").isNotNull();
    }

    @Test
    void shouldStillDropARepeatedOrderWithinTheRetention() {
        chain = ChainDriver.start(ChainDriver.smallSettings().withOrderRetention(RETENTION));
        chain.place(chain.order("o1", "insulin", 2));
        chain.confirmations.readValuesToList();
        chain.notifications.readValuesToList();

        chain.advance(RETENTION.minusSeconds(1));
        chain.place(chain.order("o1", "insulin", 2));

        assertThat(chain.confirmations.isEmpty()).as("no second confirmation").isTrue();
        assertThat(chain.notifications.isEmpty()).as("no second notification").isTrue();
    }

    /** The order keys of manufacturer-stock (its stock keys stay: a drug's stock does not expire). */
    private List<String> manufacturerOrders() {
        List<String> keys = new java.util.ArrayList<>();
        try (var all = store(StoreNames.MANUFACTURER_STOCK).all()) {
            all.forEachRemaining(entry -> {
                if (entry.key.startsWith("order|")) {
                    keys.add(entry.key);
                }
            });
        }
        return keys;
    }

    private <V> KeyValueStore<String, V> store(String name) {
        return chain.driver.getKeyValueStore(name);
    }
}
