package io.supplychaos.check;

import java.util.List;
import java.util.Map;

import io.supplychaos.domain.InventoryUpdate;

/**
 * What a run sent and what came out, the checker's whole input.
 *
 * @param acked        orders Kafka acknowledged
 * @param neverAcked   orderId -> why the send failed; listed apart from lost orders
 * @param observed     notifications read, in reading order (per order this is partition order)
 * @param inventory    inventory-updated records read during the run, in reading order
 * @param baseline     each drug's last inventory update from before the run (empty on a fresh env),
 *                     to check the run's deliveries against the change in shipped stock; null
 *                     when it is unknown, which skips that check
 */
public record History(List<AckedOrder> acked, Map<String, String> neverAcked, List<ObservedState> observed,
                      List<InventoryUpdate> inventory, Map<String, InventoryUpdate> baseline) {
}
