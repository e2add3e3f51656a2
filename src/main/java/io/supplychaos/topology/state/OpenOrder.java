package io.supplychaos.topology.state;

import io.supplychaos.domain.OrderStatus;

/**
 * Value of the monitor-sla-deadlines store: an order that is not final yet, under its deadline.
 *
 * @param alerted true once STUCK_ORDER was raised for it, so that it is raised once
 */
public record OpenOrder(String orderId, long placedAt, OrderStatus lastStatus, boolean alerted) {

    public static OpenOrder first(String orderId, long placedAt, OrderStatus status) {
        return new OpenOrder(orderId, placedAt, status, false);
    }

    public OpenOrder reached(OrderStatus status) {
        return new OpenOrder(orderId, placedAt, status, alerted);
    }

    public OpenOrder markAlerted() {
        return new OpenOrder(orderId, placedAt, lastStatus, true);
    }
}
