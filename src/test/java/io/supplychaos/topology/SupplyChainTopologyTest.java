package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.state.OrderTimeline;

/** The whole chain end to end, on RocksDB stores as in production, and its invariants under random load. */
class SupplyChainTopologyTest {

    @Test
    void shouldDeliverAnOrderThroughEveryStageOnRocksDbStores() {
        try (ChainDriver chain = ChainDriver.start(ChainDriver.smallSettings()
                .withStoreType(SupplyChainSettings.StoreType.ROCKSDB))) {
            chain.place(chain.order("o1", "insulin", 3));

            assertThat(chain.notifications.readValuesToList()).extracting(Notification::status).containsExactly(
                    OrderStatus.CONFIRMED, OrderStatus.DISPATCHED, OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);
            KeyValueStore<String, OrderTimeline> timelines = chain.driver.getKeyValueStore(StoreNames.ORDER_TIMELINE);
            assertThat(timelines.get("o1").last()).hasValueSatisfying(step ->
                    assertThat(step.status()).isEqualTo(OrderStatus.DELIVERED));
        }
    }

    /**
     * A few thousand random orders (fixed seed) — some for unknown drugs, some with bad quantities,
     * some sent twice, far more demand than stock — with production and transit running on the
     * wall clock. Afterwards every drug's stock is conserved and every order ended exactly once.
     */
    @Test
    void shouldConserveInventoryAndEndEveryOrderExactlyOnceUnderRandomLoad() {
        SupplyChainSettings settings = SupplyChainSettings.defaults()
                .withStoreType(SupplyChainSettings.StoreType.IN_MEMORY)
                .withCatalogue(Map.of("insulin", 40, "heparin", 0, "morphine", 200, "paracetamol", 15))
                .withProduction(60, Duration.ofMillis(400))
                .withTransitTime(Duration.ofMillis(600));
        List<String> drugs = List.of("insulin", "heparin", "morphine", "paracetamol");
        Random random = new Random(20260105L);
        Map<String, Order> valid = new LinkedHashMap<>();
        Set<String> invalid = new HashSet<>();

        try (ChainDriver chain = ChainDriver.start(settings)) {
            List<Order> sent = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                Order order;
                int dice = random.nextInt(100);
                if (dice < 3 && !sent.isEmpty()) {
                    order = sent.get(random.nextInt(sent.size()));
                } else if (dice < 5) {
                    order = chain.order("o" + i, "unobtainium", 1 + random.nextInt(5));
                    invalid.add(order.orderId());
                } else if (dice < 7) {
                    order = chain.order("o" + i, drugs.get(random.nextInt(drugs.size())), -random.nextInt(3));
                    invalid.add(order.orderId());
                } else {
                    order = chain.order("o" + i, drugs.get(random.nextInt(drugs.size())), 1 + random.nextInt(12));
                    valid.put(order.orderId(), order);
                }
                chain.place(order);
                sent.add(order);
                if (i % 25 == 0) {
                    chain.advance(Duration.ofMillis(100));
                }
            }
            Map<String, List<OrderStatus>> states = new HashMap<>();
            List<KeyValue<String, InventoryUpdate>> inventory = new ArrayList<>();
            for (int tick = 0; tick < 2000 && finished(states) < valid.size() + invalid.size(); tick++) {
                collect(chain, states, inventory);
                chain.advance(Duration.ofMillis(200));
            }
            // the stock after the last deliveries is published at the next punctuation
            chain.advance(ChainDriver.smallSettings().punctuationInterval());
            collect(chain, states, inventory);

            assertThat(states.keySet()).containsExactlyInAnyOrderElementsOf(
                    union(valid.keySet(), invalid));
            states.forEach((orderId, history) -> {
                assertThat(history).as("states of %s", orderId).doesNotHaveDuplicates();
                assertThat(history.stream().filter(OrderStatus::isFinal)).as("final states of %s", orderId)
                        .containsExactly(invalid.contains(orderId) ? OrderStatus.REJECTED : OrderStatus.DELIVERED);
                assertThat(history).as("states of %s in lifecycle order", orderId).isSortedAccordingTo(
                        java.util.Comparator.comparing(Enum::ordinal));
            });
            assertThat(inventory).allSatisfy(update -> assertThat(update.value.initial() + update.value.produced())
                    .as("conservation of %s", update.key)
                    .isEqualTo(update.value.available() + update.value.reserved() + update.value.shipped()));
            Map<String, InventoryUpdate> last = new HashMap<>();
            inventory.forEach(update -> last.put(update.key, update.value));
            for (String drug : drugs) {
                long ordered = valid.values().stream().filter(order -> order.drugId().equals(drug))
                        .mapToLong(Order::quantity).sum();
                InventoryUpdate stock = last.get(drug);
                assertThat(stock.shipped()).as("shipped %s", drug).isEqualTo(ordered);
                assertThat(stock.reserved()).as("reserved %s after every delivery", drug).isZero();
                assertThat(stock.available()).as("available %s", drug).isNotNegative();
                assertThat(stock.produced() % 60).as("%s produced in whole batches", drug).isZero();
            }
        }
    }

    private static void collect(ChainDriver chain, Map<String, List<OrderStatus>> states,
                                List<KeyValue<String, InventoryUpdate>> inventory) {
        chain.notifications.readValuesToList().forEach(notification ->
                states.computeIfAbsent(notification.orderId(), id -> new ArrayList<>()).add(notification.status()));
        inventory.addAll(chain.inventory.readKeyValuesToList());
    }

    private static long finished(Map<String, List<OrderStatus>> states) {
        return states.values().stream().filter(history -> history.stream().anyMatch(OrderStatus::isFinal)).count();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
