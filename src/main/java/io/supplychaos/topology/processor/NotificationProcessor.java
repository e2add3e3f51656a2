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
 * transport's states of those goods, handed over in process. Each input is the list of states one
 * record told, in order: a confirmed order's goods bring CONFIRMED and transport's three states as one
 * input, and one input costs the timeline at most one write, whether or not the store's cache would
 * have merged them (see the topology's README, "One write per input").
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
public final class NotificationProcessor extends ContextualProcessor<String, List<StatusEvent>, String, Notification> {

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
    public void process(Record<String, List<StatusEvent>> record) {
        List<StatusEvent> events = record.value();
        if (events.isEmpty()) {
            return;
        }
        String orderId = events.get(0).orderId();
        OrderTimeline stored = timelines.get(orderId);
        OrderTimeline timeline = stored != null ? stored : OrderTimeline.start(events.get(0));
        long now = context().currentSystemTimeMs();
        for (StatusEvent event : events) {
            timeline = take(timeline, event, now);
        }
        if (timeline == stored) {
            return; // every state repeated or late: nothing to write
        }
        timelines.put(orderId, timeline);
        if (timeline.last().map(step -> step.status().isFinal()).orElse(false)) {
            expiry.expireAfterRetention(orderId, now);
        }
    }

    /**
     * One state of the input: notified with the states it released, held until its predecessor was
     * notified, or dropped as repeated or late. Returns the timeline as it is now.
     */
    private OrderTimeline take(OrderTimeline timeline, StatusEvent event, long now) {
        // the input record and the state it carried: goods bring CONFIRMED and transport's three states
        // in one input, and each answers for its own when that record is processed again
        String source = context().recordMetadata().map(meta -> meta.topic() + "@" + meta.offset() + "#" + event.status())
                .orElse(null);
        if (timeline.hasNotified(event.status()) || timeline.isPending(event.status())
                || timeline.isBehind(event.status())) {
            notifyAgain(timeline, timeline.notifiedBy(source), now);
            suppressed.increment();
            return timeline;
        }
        if (!timeline.canNotify(event)) {
            return timeline.withPending(event);
        }
        timeline = notify(timeline, event, now, source);
        Optional<StatusEvent> next = nextReady(timeline);
        while (next.isPresent()) {
            timeline = notify(timeline, next.get(), now, source);
            next = nextReady(timeline);
        }
        return timeline;
    }

    private OrderTimeline notify(OrderTimeline timeline, StatusEvent event, long now, String source) {
        Notification notification = new Notification(timeline.orderId(), timeline.hospitalId(), timeline.drugId(),
                event.status(), event.detail(), timeline.placedAt(), timeline.lastAt(), now);
        context().forward(new Record<>(timeline.orderId(), notification, now));
        return timeline.withNotified(event.status(), now, source);
    }

    /**
     * The states one input record notified, sent again: that record was processed again after an
     * at_least_once crash, and the timeline may have reached its changelog (the store has no cache:
     * each put is sent before the commit) while the notifications sent with it did not. Duplicates on notifications.
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
