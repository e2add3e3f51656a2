package io.supplychaos.check;

import io.supplychaos.history.Expectations;

import static io.supplychaos.domain.OrderStatus.BACKORDERED;
import static io.supplychaos.domain.OrderStatus.CONFIRMED;
import static io.supplychaos.domain.OrderStatus.DELIVERED;
import static io.supplychaos.domain.OrderStatus.DISPATCHED;
import static io.supplychaos.domain.OrderStatus.IN_TRANSIT;
import static io.supplychaos.domain.OrderStatus.REJECTED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.OrderStatus;

/** The checker on synthetic histories: a clean one passes, each planted fault is caught. */
class CorrectnessCheckerTest {

    private final List<AckedOrder> acked = new ArrayList<>();
    private final List<ObservedState> observed = new ArrayList<>();
    private final List<InventoryUpdate> inventory = new ArrayList<>();
    private final Map<String, String> neverAcked = new HashMap<>();
    private long clock = 1_000;

    @Test
    void shouldPassACleanHistory() {
        deliver("o1", 3);
        deliver("o2", 2);
        order("o3", 1);
        see("o3", REJECTED);
        stock(10, 0, 5, 0, 5);

        CheckResult result = check();

        assertThat(result.completed()).isEqualTo(3);
        assertThat(result.rejected()).isEqualTo(1);
        assertThat(result.lost()).isEmpty();
        assertThat(result.duplicates()).isZero();
        assertThat(result.outOfOrder()).isEmpty();
        assertThat(result.inventoryViolations()).isEmpty();
        assertThat(LegacyVerdict.judge(result, Expectations.strict(), 10, 100, null, List.of()).pass()).isTrue();
    }

    @Test
    void shouldCatchAPlantedLoss() {
        deliver("o1", 3);
        order("o2", 2);
        see("o2", CONFIRMED, DISPATCHED);
        stock(10, 0, 7, 0, 3);

        CheckResult result = check();

        assertThat(result.lost()).containsExactly("o2");
        LegacyVerdict verdict = LegacyVerdict.judge(result, Expectations.strict(), 10, 100, null, List.of());
        assertThat(verdict.pass()).isFalse();
        assertThat(verdict.violations()).singleElement().asString().startsWith("lost 1 acknowledged orders").contains("o2");
    }

    @Test
    void shouldReportAnExpectedLossAsExpectedNotAsAViolation() {
        order("o1", 1);

        CheckResult result = check();
        LegacyVerdict verdict = LegacyVerdict.judge(result, new Expectations(null, true, 0L, 0L, false, null, null, null, 1L),
                10, 100, null, List.of());

        assertThat(verdict.pass()).isTrue();
        assertThat(verdict.expectedLost()).isEqualTo(1);
    }

    @Test
    void shouldCatchAPlantedDuplicate() {
        deliver("o1", 1);
        see("o1", DELIVERED);
        stock(10, 0, 9, 0, 1);

        CheckResult result = check();

        assertThat(result.duplicates()).isEqualTo(1);
        assertThat(result.duplicateStates()).containsExactly("o1 DELIVERED x2");
        assertThat(result.outOfOrder()).as("a repeat after the final state is also out of order").containsExactly("o1");
    }

    @Test
    void shouldCatchAPlantedReorder() {
        order("o1", 1);
        see("o1", CONFIRMED, IN_TRANSIT, DISPATCHED, DELIVERED);
        stock(10, 0, 9, 0, 1);

        CheckResult result = check();

        assertThat(result.outOfOrder()).containsExactly("o1");
        assertThat(result.duplicates()).isZero();
        assertThat(result.lost()).isEmpty();
    }

    @Test
    void shouldAcceptABackorderBeforeTheConfirmation() {
        order("o1", 1);
        see("o1", BACKORDERED, CONFIRMED, DISPATCHED, IN_TRANSIT, DELIVERED);
        stock(10, 0, 9, 0, 1);

        assertThat(check().outOfOrder()).isEmpty();
    }

    @Test
    void shouldCatchBrokenInventory() {
        deliver("o1", 3);
        stock(10, 0, 7, 1, 3);

        CheckResult result = check();

        assertThat(result.inventoryViolations()).singleElement().asString()
                .contains("initial 10 + produced 0 != available 7 + reserved 1 + shipped 3");
    }

    @Test
    void shouldCatchShippedStockThatDoesNotMatchDeliveries() {
        deliver("o1", 3);
        stock(10, 0, 6, 0, 4);

        assertThat(check().inventoryViolations()).singleElement().asString()
                .isEqualTo("insulin: shipped grew by 4 but delivered orders hold 3 units");
    }

    @Test
    void shouldListFailedSendsApartAndNoticeTheOnesThatCompletedAnyway() {
        neverAcked.put("timed-out", "TimeoutException");
        neverAcked.put("written-anyway", "TimeoutException");
        see("written-anyway", CONFIRMED, DISPATCHED, IN_TRANSIT, DELIVERED);

        CheckResult result = check();

        assertThat(result.neverAcked()).containsExactlyInAnyOrder("timed-out", "written-anyway");
        assertThat(result.completedUnacked()).containsExactly("written-anyway");
        assertThat(result.lost()).isEmpty();
    }

    private CheckResult check() {
        return CorrectnessChecker.check(new History(acked, neverAcked, observed, inventory, Map.of()));
    }

    private void order(String orderId, int quantity) {
        acked.add(new AckedOrder(orderId, "insulin", quantity, clock, clock + 2, 0, acked.size(), false));
    }

    private void deliver(String orderId, int quantity) {
        order(orderId, quantity);
        see(orderId, CONFIRMED, DISPATCHED, IN_TRANSIT, DELIVERED);
    }

    private void see(String orderId, OrderStatus... states) {
        for (OrderStatus state : states) {
            clock += 5;
            observed.add(new ObservedState(orderId, state, clock, clock + 1));
        }
    }

    private void stock(long initial, long produced, long available, long reserved, long shipped) {
        inventory.add(new InventoryUpdate("insulin", initial, produced, available, reserved, shipped, null, clock));
    }
}
