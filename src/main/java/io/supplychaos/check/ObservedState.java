package io.supplychaos.check;

import io.supplychaos.domain.OrderStatus;

/**
 * One notification as the run's consumer read it (read_committed), in the order it was read.
 *
 * @param at     when the notification stage emitted it (its {@code at} field)
 * @param readAt when the run's consumer read it
 */
public record ObservedState(String orderId, OrderStatus status, long at, long readAt) {
}
