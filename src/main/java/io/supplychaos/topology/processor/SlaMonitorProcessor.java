package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.AlertKind;
import io.supplychaos.domain.Notification;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.SupplyMetrics;
import io.supplychaos.topology.state.OpenOrder;
import io.supplychaos.topology.state.OrderTimeline;

/**
 * The monitor's SLA watch, beside the notification stage: it receives each notification as the
 * notification processor forwards it (in the same task, keyed by orderId) and raises one
 * STUCK_ORDER alert on monitor-alerts for each order not final {@code stuckOrderSla} after it was
 * placed, with the last state it reached. Orders are tracked from their first notification; a
 * final state (DELIVERED, REJECTED) ends the watch.
 *
 * <p>The open orders and their deadlines are kept in memory only: the notification stage's
 * {@value StoreNames#ORDER_TIMELINE} store already holds every order that was notified and not
 * final, with its placedAt and last state, so an instance that takes the task over rebuilds them
 * from it at init (which Streams calls after restoring the store). A wall-clock punctuator takes
 * the deadlines due by now. Only an alert is written, to {@value StoreNames#SLA_ALERTED} (deleted
 * when the order is final), so that a stuck order is alerted once, also across a take-over, and
 * counted once in {@value SupplyMetrics#STUCK_ORDERS}. A store of its own for every open order,
 * written at its first notification and deleted at its final one, cost 2 changelog records per
 * order where this costs none for an order that is not stuck (docs/PERFORMANCE.md).
 */
public final class SlaMonitorProcessor extends ContextualProcessor<String, Notification, String, Alert> {

    private final SupplyChainSettings settings;
    private KnownKeyStore<OpenOrder> alerted;
    private Counter stuck;
    /** orderId -> the open order and its last state; not changelogged, rebuilt from the timelines. */
    private final Map<String, OpenOrder> open = new HashMap<>();
    /** deadline|orderId -> orderId of open orders not alerted yet. */
    private final TreeMap<String, String> deadlines = new TreeMap<>();

    public SlaMonitorProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        super.init(context);
        alerted = KnownKeyStore.open(context.getStateStore(StoreNames.SLA_ALERTED));
        KeyValueStore<String, OrderTimeline> timelines = context.getStateStore(StoreNames.ORDER_TIMELINE);
        open.clear();
        deadlines.clear();
        try (KeyValueIterator<String, OrderTimeline> entries = timelines.all()) {
            entries.forEachRemaining(entry -> entry.value.last()
                    .filter(step -> !step.status().isFinal())
                    .ifPresent(step -> track(OpenOrder.first(entry.key, entry.value.placedAt(), step.status()))));
        }
        stuck = Counter.register(context, SupplyMetrics.STUCK_ORDERS, "orders not final within the SLA (STUCK_ORDER alerts)",
                SupplyMetrics.SLA_MONITOR);
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::alertOverdue);
    }

    @Override
    public void process(Record<String, Notification> record) {
        Notification notification = record.value();
        String orderId = notification.orderId();
        if (notification.status().isFinal()) {
            OpenOrder ended = open.remove(orderId);
            if (ended != null) {
                deadlines.remove(DeadlineIndex.key(deadlineOf(ended), orderId));
            }
            alerted.delete(orderId);
            return;
        }
        OpenOrder known = open.get(orderId);
        if (known == null) {
            track(OpenOrder.first(orderId, notification.placedAt(), notification.status()));
        } else {
            open.put(orderId, known.reached(notification.status()));
        }
    }

    private void track(OpenOrder order) {
        open.put(order.orderId(), order);
        deadlines.put(DeadlineIndex.key(deadlineOf(order), order.orderId()), order.orderId());
    }

    private long deadlineOf(OpenOrder order) {
        return order.placedAt() + settings.stuckOrderSla().toMillis();
    }

    private void alertOverdue(long now) {
        Map<String, String> due = deadlines.headMap(DeadlineIndex.lastKeyDueAt(now), true);
        List<String> orderIds = new ArrayList<>(due.values());
        due.clear();
        for (String orderId : orderIds) {
            OpenOrder order = open.get(orderId);
            if (order == null || alerted.contains(orderId)) {
                continue;
            }
            alerted.put(orderId, order.markAlerted());
            stuck.increment();
            Alert alert = new Alert(AlertKind.STUCK_ORDER, orderId, order.lastStatus().name(),
                    "not delivered " + (now - order.placedAt()) + " ms after it was placed (SLA "
                            + settings.stuckOrderSla().toMillis() + " ms); last state " + order.lastStatus(), now);
            context().forward(new Record<>(orderId, alert, now));
        }
    }
}
