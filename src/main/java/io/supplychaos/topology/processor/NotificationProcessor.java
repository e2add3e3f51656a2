package io.supplychaos.topology.processor;

import java.util.List;
import java.util.Optional;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

import io.supplychaos.domain.Notification;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.OrderTimeline;
import io.supplychaos.topology.state.StatusEvent;

/**
 * Notification, keyed by orderId: tells the hospital each state of its order exactly once and in
 * lifecycle order, on {@code notifications}. Its input is the REJECTED and BACKORDERED of
 * order-confirmation, the CONFIRMED an order's goods on drug-manufactured stand for, and
 * transport's states of those goods, handed over in process (see the topology's README: a confirmed
 * order's four notifications come from one input record, one timeline write per commit).
 * The per-order {@value StoreNames#ORDER_TIMELINE} store holds what was notified; a state whose
 * predecessor has not been notified yet waits there: the CONFIRMED of goods that waited for
 * production until its BACKORDERED, read from the other topic, has gone out. A repeated state, or one that would go
 * backwards, is dropped and counted in {@code suppressed-notifications-total}.
 *
 * <p>A timeline is deleted {@code orderRetention} after its final state (DELIVERED or REJECTED)
 * was notified (deadlines kept in memory and rebuilt from the timelines at init, {@link Expiry};
 * checked by a wall-clock punctuator): until then repeated states are suppressed, afterwards the store no longer holds
 * the order.
 */
public final class NotificationProcessor extends ContextualProcessor<String, StatusEvent, String, Notification> {

    public static final String SUPPRESSED_METRIC = "suppressed-notifications-total";

    private final SupplyChainSettings settings;
    private KnownKeyStore<OrderTimeline> timelines;
    private Expiry expiry;
    private Counter suppressed;

    public NotificationProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Notification> context) {
        super.init(context);
        expiry = new Expiry(orderId -> timelines.delete(orderId), settings.orderRetention());
        timelines = KnownKeyStore.open(context.getStateStore(StoreNames.ORDER_TIMELINE), (orderId, timeline) ->
                timeline.last().filter(step -> step.status().isFinal())
                        .ifPresent(step -> expiry.expireAfterRetention(orderId, step.at())));
        suppressed = Counter.register(context, SUPPRESSED_METRIC, "repeated or late order states not notified again",
                "notification");
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, expiry::deleteDue);
    }

    @Override
    public void process(Record<String, StatusEvent> record) {
        StatusEvent event = record.value();
        // the input record and the state it carried: transport's three states of one order come in
        // process from one drug-manufactured record, and each answers for its own when that record is processed again
        String source = context().recordMetadata().map(meta -> meta.topic() + "@" + meta.offset() + "#" + event.status())
                .orElse(null);
        OrderTimeline timeline = Optional.ofNullable(timelines.get(event.orderId()))
                .orElseGet(() -> OrderTimeline.start(event));
        if (timeline.hasNotified(event.status()) || timeline.isPending(event.status())
                || timeline.isBehind(event.status())) {
            notifyAgain(timeline, timeline.notifiedBy(source), context().currentSystemTimeMs());
            suppressed.increment();
            return;
        }
        if (!timeline.canNotify(event)) {
            timelines.put(event.orderId(), timeline.withPending(event));
            return;
        }
        long now = context().currentSystemTimeMs();
        timeline = notify(timeline, event, now, source);
        Optional<StatusEvent> next = nextReady(timeline);
        while (next.isPresent()) {
            timeline = notify(timeline, next.get(), now, source);
            next = nextReady(timeline);
        }
        timelines.put(event.orderId(), timeline);
        if (timeline.last().map(step -> step.status().isFinal()).orElse(false)) {
            expiry.expireAfterRetention(event.orderId(), now);
        }
    }

    private OrderTimeline notify(OrderTimeline timeline, StatusEvent event, long now, String source) {
        Notification notification = new Notification(timeline.orderId(), timeline.hospitalId(), timeline.drugId(),
                event.status(), event.detail(), timeline.placedAt(), timeline.lastAt(), now);
        context().forward(new Record<>(timeline.orderId(), notification, now));
        return timeline.withNotified(event.status(), now, source);
    }

    /**
     * The states one input record notified, sent again: that record was processed again after an
     * at_least_once crash, and the timeline may have reached its changelog (a cache eviction writes
     * before the commit) while the notifications sent with it did not. Duplicates on notifications.
     */
    private void notifyAgain(OrderTimeline timeline, List<OrderTimeline.Step> steps, long now) {
        long previousAt = timeline.placedAt();
        for (OrderTimeline.Step step : timeline.notified()) {
            if (steps.contains(step)) {
                context().forward(new Record<>(timeline.orderId(), new Notification(timeline.orderId(),
                        timeline.hospitalId(), timeline.drugId(), step.status(), null, timeline.placedAt(),
                        previousAt, now), now));
            }
            previousAt = step.at();
        }
    }

    private static Optional<StatusEvent> nextReady(OrderTimeline timeline) {
        return timeline.pending().stream()
                .filter(waiting -> timeline.canNotify(waiting) && !timeline.isBehind(waiting.status()))
                .findFirst();
    }
}
