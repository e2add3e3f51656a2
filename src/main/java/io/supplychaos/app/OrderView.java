package io.supplychaos.app;

import java.util.List;

import io.supplychaos.topology.state.LedgerEntry;
import io.supplychaos.topology.state.OrderTimeline;

/**
 * Body of {@code GET /orders/{id}}: an order's current state and the states notified so far.
 * Status PLACED means accepted by the intake with nothing notified yet.
 */
public record OrderView(String orderId, String status, String hospitalId, String drugId, long placedAt,
                        List<OrderTimeline.Step> history, List<String> waiting) {

    static OrderView of(OrderTimeline timeline) {
        String status = timeline.last().map(step -> step.status().name()).orElse("PLACED");
        return new OrderView(timeline.orderId(), status, timeline.hospitalId(), timeline.drugId(),
                timeline.placedAt(), timeline.notified(),
                timeline.pending().stream().map(event -> event.status().name()).toList());
    }

    static OrderView placed(LedgerEntry entry) {
        return new OrderView(entry.orderId(), "PLACED", null, entry.drugId(), entry.placedAt(), List.of(), List.of());
    }
}
