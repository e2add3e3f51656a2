package io.supplychaos.check;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.OrderStatus;

/**
 * Decides what happened to every order of a run from what was acknowledged and what came out:
 * lost, duplicated, out of order, never acknowledged; and whether each drug's stock stayed
 * conserved. Pure: works on a {@link History}, touches no topic.
 */
public final class CorrectnessChecker {

    private CorrectnessChecker() {
    }

    public static CheckResult check(History history) {
        Map<String, List<OrderStatus>> statesByOrder = new HashMap<>();
        for (ObservedState state : history.observed()) {
            statesByOrder.computeIfAbsent(state.orderId(), id -> new ArrayList<>()).add(state.status());
        }
        long completed = 0;
        long rejected = 0;
        List<String> lost = new ArrayList<>();
        List<String> duplicateStates = new ArrayList<>();
        long duplicates = 0;
        List<String> outOfOrder = new ArrayList<>();
        Map<String, Long> deliveredUnits = new TreeMap<>();
        for (AckedOrder order : history.acked()) {
            List<OrderStatus> states = statesByOrder.getOrDefault(order.orderId(), List.of());
            Map<OrderStatus, Integer> seen = new EnumMap<>(OrderStatus.class);
            states.forEach(status -> seen.merge(status, 1, Integer::sum));
            for (Map.Entry<OrderStatus, Integer> entry : seen.entrySet()) {
                if (entry.getValue() > 1) {
                    duplicateStates.add(order.orderId() + " " + entry.getKey() + " x" + entry.getValue());
                    duplicates += entry.getValue() - 1;
                }
            }
            if (!inLifecycleOrder(states)) {
                outOfOrder.add(order.orderId());
            }
            if (seen.containsKey(OrderStatus.DELIVERED)) {
                completed++;
                deliveredUnits.merge(order.drugId(), (long) order.quantity(), Long::sum);
            } else if (seen.containsKey(OrderStatus.REJECTED)) {
                completed++;
                rejected++;
            } else {
                lost.add(order.orderId());
            }
        }
        List<String> neverAcked = new ArrayList<>(history.neverAcked().keySet());
        List<String> completedUnacked = neverAcked.stream()
                .filter(orderId -> statesByOrder.getOrDefault(orderId, List.of()).stream().anyMatch(OrderStatus::isFinal))
                .toList();
        return new CheckResult(completed, rejected, lost, duplicateStates, duplicates, outOfOrder,
                inventoryViolations(history, deliveredUnits, completedUnacked.isEmpty()), neverAcked, completedUnacked);
    }

    /** True when no state comes after a later one, and nothing follows a final state. */
    static boolean inLifecycleOrder(List<OrderStatus> states) {
        OrderStatus previous = null;
        for (OrderStatus status : states) {
            if (previous != null && (previous.isFinal() || status.ordinal() < previous.ordinal())) {
                return false;
            }
            previous = status;
        }
        return true;
    }

    /**
     * Conservation in every update; and, when every delivered order is known (no unacknowledged
     * send completed) and so is the stock before the run, shipped stock grew by exactly the units
     * of the run's delivered orders.
     */
    private static List<String> inventoryViolations(History history, Map<String, Long> deliveredUnits,
                                                    boolean deliveriesKnown) {
        List<String> violations = new ArrayList<>();
        Map<String, InventoryUpdate> last = new LinkedHashMap<>();
        for (InventoryUpdate update : history.inventory()) {
            if (update.initial() + update.produced() != update.available() + update.reserved() + update.shipped()) {
                violations.add(update.drugId() + ": initial " + update.initial() + " + produced " + update.produced()
                        + " != available " + update.available() + " + reserved " + update.reserved() + " + shipped "
                        + update.shipped() + " (after order " + update.causeOrderId() + ")");
            }
            if (update.available() < 0 || update.reserved() < 0) {
                violations.add(update.drugId() + ": negative stock (available " + update.available() + ", reserved "
                        + update.reserved() + ")");
            }
            last.put(update.drugId(), update);
        }
        if (deliveriesKnown && history.baseline() != null) {
            for (Map.Entry<String, InventoryUpdate> entry : last.entrySet()) {
                InventoryUpdate before = history.baseline().get(entry.getKey());
                long shippedInRun = entry.getValue().shipped() - (before == null ? 0 : before.shipped());
                long delivered = deliveredUnits.getOrDefault(entry.getKey(), 0L);
                if (shippedInRun != delivered) {
                    violations.add(entry.getKey() + ": shipped grew by " + shippedInRun + " but delivered orders hold "
                            + delivered + " units");
                }
            }
        }
        return violations;
    }
}
