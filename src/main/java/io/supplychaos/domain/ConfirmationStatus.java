package io.supplychaos.domain;

/** The manufacturer's answer to an order. */
public enum ConfirmationStatus {
    CONFIRMED,
    BACKORDERED,
    REJECTED;

    public OrderStatus asOrderStatus() {
        return OrderStatus.valueOf(name());
    }
}
