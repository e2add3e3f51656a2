package io.supplychaos.topology.state;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;

/**
 * Value of the transport-shipments store: one order's shipment and the state it last reached.
 *
 * @param nextDueAt wall-clock ms at which the next state falls due; once delivered, when the shipment
 *                  is forgotten (deleted from the store)
 * @param sourceOffset the drug-manufactured offset of the goods that started it (-1 unknown): those
 *                  goods processed again after an at_least_once crash are answered again, a copy is not
 */
public record Shipment(String orderId, String shipmentId, String hospitalId, String drugId, int quantity,
                       long placedAt, ShipmentState state, long nextDueAt, long sourceOffset) {

    public static Shipment dispatch(Batch goods, long nextDueAt, long sourceOffset) {
        return new Shipment(goods.orderId(), "shp-" + goods.orderId(), goods.hospitalId(), goods.drugId(),
                goods.quantity(), goods.placedAt(), ShipmentState.DISPATCHED, nextDueAt, sourceOffset);
    }

    /** This shipment as it was in {@code earlier} (DISPATCHED or later), for sending that state again. */
    public Shipment in(ShipmentState earlier) {
        return new Shipment(orderId, shipmentId, hospitalId, drugId, quantity, placedAt, earlier, nextDueAt,
                sourceOffset);
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
        return new Shipment(orderId, shipmentId, hospitalId, drugId, quantity, placedAt, next, followingDueAt,
                sourceOffset);
    }

    public ShipmentStatus status(long at) {
        return new ShipmentStatus(orderId, shipmentId, hospitalId, drugId, quantity, state, placedAt, at);
    }
}
