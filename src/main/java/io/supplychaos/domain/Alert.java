package io.supplychaos.domain;

/**
 * Value of {@code monitor-alerts}: keyed by orderId for STUCK_ORDER, by stage for SLOW_STAGE.
 *
 * @param orderId the stuck order, or null
 * @param stage   the slow stage (the order state it leads to), or the stuck order's last state
 */
public record Alert(AlertKind kind, String orderId, String stage, String detail, long at)
        implements SupplyEvent {
}
