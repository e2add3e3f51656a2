package io.supplychaos.topology.state;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;

/**
 * Value of the transport-shipments store: one order's shipment and the state it last reached.
 *
 * @param nextDueAt wall-clock ms at which the next state falls due; once delivered, when the shipment
 *                  is forgotten (deleted from the store)
 */
public record Shipment(String orderId, String shipmentId, String hospitalId, String drugId, int quantity,
                       long placedAt, ShipmentState state, long nextDueAt) {

    public static Shipment dispatch(Batch goods, long nextDueAt) {
        return new Shipment(goods.orderId(), "shp-" + goods.orderId(), goods.hospitalId(), goods.drugId(),
                goods.quantity(), goods.placedAt(), ShipmentState.DISPATCHED, nextDueAt);
    }

    /**
     * This shipment one state further on; it never moves backwards.
     * @param followingDueAt when the step after the new state falls due (for DELIVERED: forgetting it)
     */
    public Shipment advance(long followingDueAt) {
        ShipmentState next = state.next();
        if (next == null) {
            throw new IllegalStateException("shipment " + shipmentId + " is already " + state);
        }
        return new Shipment(orderId, shipmentId, hospitalId, drugId, quantity, placedAt, next, followingDueAt);
    }

    public ShipmentStatus status(long at) {
        return new ShipmentStatus(orderId, shipmentId, hospitalId, drugId, quantity, state, placedAt, at);
    }
}
