package io.supplychaos.domain;

/**
 * The states of an order's life as hospitals are notified of them, in lifecycle order.
 * BACKORDERED is optional (only when stock was short); REJECTED ends an order early.
 */
public enum OrderStatus {
    BACKORDERED(null),
    CONFIRMED(null),
    DISPATCHED(CONFIRMED),
    IN_TRANSIT(DISPATCHED),
    DELIVERED(IN_TRANSIT),
    REJECTED(null);

    private final OrderStatus requires;

    OrderStatus(OrderStatus requires) {
        this.requires = requires;
    }

    /** The state that must have been notified before this one, or null. */
    public OrderStatus requires() {
        return requires;
    }

    /** True for the states after which nothing more happens to an order. */
    public boolean isFinal() {
        return this == DELIVERED || this == REJECTED;
    }
}
