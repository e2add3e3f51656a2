package io.supplychaos.topology.state;

import io.supplychaos.domain.OrderStatus;

/**
 * Value of the monitor-open-orders store: an order that is not final yet.
 *
 * @param deadlineKey its entry in the SLA deadline index, or null once STUCK_ORDER was raised
 */
public record OpenOrder(String orderId, long placedAt, OrderStatus lastStatus, String deadlineKey) {

    public OpenOrder reached(OrderStatus status) {
        return new OpenOrder(orderId, placedAt, status, deadlineKey);
    }

    public OpenOrder alerted() {
        return new OpenOrder(orderId, placedAt, lastStatus, null);
    }
}
