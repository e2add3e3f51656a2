package io.supplychaos.topology.state;

import io.supplychaos.domain.Order;
import io.supplychaos.domain.ShipmentStatus;

/**
 * What the manufacturer is asked to do to a drug's stock: reserve it for a new order, or move a
 * delivered order's units from reserved to shipped. Both kinds travel through one repartition
 * topic keyed by drugId, so that a drug's stock changes in one task, in order.
 */
public record StockCommand(Kind kind, String orderId, String hospitalId, String drugId, int quantity,
                           long placedAt) {

    public enum Kind { RESERVE, RELEASE }

    public static StockCommand reserve(Order order) {
        return new StockCommand(Kind.RESERVE, order.orderId(), order.hospitalId(), order.drugId(),
                order.quantity(), order.placedAt());
    }

    public static StockCommand release(ShipmentStatus delivered) {
        return new StockCommand(Kind.RELEASE, delivered.orderId(), delivered.hospitalId(), delivered.drugId(),
                delivered.quantity(), delivered.placedAt());
    }
}
