package io.supplychaos.domain;

import java.util.List;

/**
 * Value of {@code notifications}, keyed by orderId: a hospital is told its order reached a state.
 * Exactly one per order and state. placedAt lets a consumer measure end-to-end latency from this
 * record alone; previousAt (the previous notification's {@code at}, or placedAt) gives the time
 * spent in the stage that led here.
 */
public record Notification(String orderId, String hospitalId, String drugId, OrderStatus status,
                           String detail, long placedAt, long previousAt, long at)
        implements SupplyEvent, Validated {

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "status", status);
    }

    public long stageLatencyMs() {
        return at - previousAt;
    }
}
