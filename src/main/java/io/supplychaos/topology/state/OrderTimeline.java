package io.supplychaos.topology.state;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.supplychaos.domain.OrderStatus;

/**
 * Value of the notification-timeline store: the states an order's hospital has been notified of,
 * in order, and the states that arrived before their predecessor and wait for it.
 */
public record OrderTimeline(String orderId, String hospitalId, String drugId, long placedAt,
                            List<Step> notified, List<StatusEvent> pending) {

    /**
     * A state the hospital was notified of, and when.
     *
     * @param source the input record whose processing sent it ("topic@offset#STATE": the record and the state it carried; null unknown): that record
     *               processed again after an at_least_once crash sends it again
     */
    public record Step(OrderStatus status, long at, String source) {
    }

    public OrderTimeline {
        notified = List.copyOf(notified);
        pending = List.copyOf(pending);
    }

    public static OrderTimeline start(StatusEvent first) {
        return new OrderTimeline(first.orderId(), first.hospitalId(), first.drugId(), first.placedAt(),
                List.of(), List.of());
    }

    public boolean hasNotified(OrderStatus status) {
        return notified.stream().anyMatch(step -> step.status() == status);
    }

    public boolean isPending(OrderStatus status) {
        return pending.stream().anyMatch(event -> event.status() == status);
    }

    public Optional<Step> last() {
        return notified.isEmpty() ? Optional.empty() : Optional.of(notified.get(notified.size() - 1));
    }

    /** When the previous notification went out, or placedAt before the first. */
    public long lastAt() {
        return last().map(Step::at).orElse(placedAt);
    }

    /**
     * True when notifying this state now would go backwards or come after the order ended: a
     * BACKORDERED arriving after CONFIRMED, anything after DELIVERED or REJECTED.
     */
    public boolean isBehind(OrderStatus status) {
        return notified.stream().anyMatch(step -> step.status().isFinal()
                || step.status().ordinal() > status.ordinal());
    }

    public boolean canNotify(OrderStatus status) {
        return status.requires() == null || hasNotified(status.requires());
    }

    /** Whether the states this event must come after were all notified: its status's, and its own {@code after}. */
    public boolean canNotify(StatusEvent event) {
        return canNotify(event.status()) && (event.after() == null || hasNotified(event.after()));
    }

    /** The steps the processing of {@code source} notified, in order; empty for a null source. */
    public List<Step> notifiedBy(String source) {
        return source == null ? List.of() : notified.stream().filter(step -> source.equals(step.source())).toList();
    }

    public OrderTimeline withNotified(OrderStatus status, long at, String source) {
        List<Step> steps = new ArrayList<>(notified);
        steps.add(new Step(status, at, source));
        List<StatusEvent> waiting = new ArrayList<>(pending);
        waiting.removeIf(event -> event.status() == status);
        return new OrderTimeline(orderId, hospitalId, drugId, placedAt, steps, waiting);
    }

    public OrderTimeline withPending(StatusEvent event) {
        List<StatusEvent> waiting = new ArrayList<>(pending);
        waiting.add(event);
        return new OrderTimeline(orderId, hospitalId, drugId, placedAt, notified, waiting);
    }
}
