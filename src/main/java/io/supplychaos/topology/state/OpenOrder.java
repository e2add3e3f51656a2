package io.supplychaos.topology.state;

import io.supplychaos.domain.OrderStatus;

/**
 * An order that is not final yet, as the SLA watch knows it: in memory for every open order, and the
 * value of the monitor-sla-alerted store (keyed by orderId) for those it alerted on.
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
