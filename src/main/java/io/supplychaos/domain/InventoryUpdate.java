package io.supplychaos.domain;

/**
 * Value of {@code inventory-updated}, keyed by drugId: a drug's stock after a change.
 * {@code initial + produced == available + reserved + shipped} holds in every update.
 *
 * @param causeOrderId the order whose reservation or delivery changed the stock; null when a
 *                     finished production batch did
 */
public record InventoryUpdate(String drugId, long initial, long produced, long available,
                              long reserved, long shipped, String causeOrderId, long at)
        implements SupplyEvent {
}
