package io.supplychaos.domain;

/** Where a shipment is; shipments only ever move forward through these, in this order. */
public enum ShipmentState {
    DISPATCHED,
    IN_TRANSIT,
    DELIVERED;

    public OrderStatus asOrderStatus() {
        return OrderStatus.valueOf(name());
    }

    /** The state after this one, or null after DELIVERED. */
    public ShipmentState next() {
        return this == DELIVERED ? null : values()[ordinal() + 1];
    }
}
