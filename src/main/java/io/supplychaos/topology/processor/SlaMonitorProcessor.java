package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.AlertKind;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.SupplyMetrics;
import io.supplychaos.topology.state.OpenOrder;

/**
 * The monitor's SLA watch, on {@code notifications} keyed by orderId. Every order that is not
 * final lives in {@value StoreNames#SLA_DEADLINES} under its deadline (placedAt + SLA) and
 * orderId; every notification carries placedAt, so the key is known without a second index. A
 * wall-clock punctuator scans the keys due by now and raises one STUCK_ORDER alert on
 * monitor-alerts for each order past its deadline, with the last state it reached. A final state
 * (DELIVERED, REJECTED) removes the order. Orders are tracked from their first notification.
 *
 * <p>An open order is written twice: put at its first notification, deleted at its final one (and
 * rewritten once if it is alerted). The states in between are kept in memory only, for the alert's
 * "last state": an instance that took the task over after a restart or a rebalance knows the state
 * stored with the order (its first) until the order moves again. One write per notification cost
 * 4 changelog records per order where this costs 2 (docs/PERFORMANCE.md).
 *
 * <p>One store instead of an open-order set plus a deadline index: one changelog written where
 * two took 3.8 records per order (docs/PERFORMANCE.md). Alerted orders stay in the store, flagged, until they are final:
 * a punctuation skips them, so a stuck order is alerted once, and counted once in
 * {@value SupplyMetrics#STUCK_ORDERS}. A punctuation scans from where the previous one ended
 * ({@link DeadlineIndex.ScanMark}), not over the tombstones every final order leaves behind.
 */
public final class SlaMonitorProcessor extends ContextualProcessor<String, Notification, String, Alert> {

    private final SupplyChainSettings settings;
    private KeyValueStore<String, OpenOrder> openOrders;
    private Counter stuck;
    private DeadlineIndex.ScanMark scanned;
    /** The latest state of open orders whose state moved after their first notification; not changelogged. */
    private final Map<String, OrderStatus> lastStatus = new HashMap<>();

    public SlaMonitorProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        super.init(context);
        openOrders = context.getStateStore(StoreNames.SLA_DEADLINES);
        scanned = new DeadlineIndex.ScanMark();
        lastStatus.clear();
        stuck = Counter.register(context, SupplyMetrics.STUCK_ORDERS, "orders not final within the SLA (STUCK_ORDER alerts)",
                SupplyMetrics.SLA_MONITOR);
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::alertOverdue);
    }

    @Override
    public void process(Record<String, Notification> record) {
        Notification notification = record.value();
        long deadline = notification.placedAt() + settings.stuckOrderSla().toMillis();
        String key = DeadlineIndex.key(deadline, notification.orderId());
        OpenOrder open = openOrders.get(key);
        if (notification.status().isFinal()) {
            lastStatus.remove(notification.orderId());
            if (open != null) {
                openOrders.delete(key);
            }
            return;
        }
        if (open == null) {
            // a first notification already past its deadline must still be seen by the next scan
            scanned.added(deadline);
            openOrders.put(key, OpenOrder.first(notification.orderId(), notification.placedAt(), notification.status()));
        } else {
            lastStatus.put(notification.orderId(), notification.status());
        }
    }

    private void alertOverdue(long now) {
        List<KeyValue<String, OpenOrder>> due = new ArrayList<>();
        try (KeyValueIterator<String, OpenOrder> entries = openOrders.range(scanned.firstKey(),
                DeadlineIndex.lastKeyDueAt(now))) {
            entries.forEachRemaining(entry -> {
                if (!entry.value.alerted()) {
                    due.add(entry);
                }
            });
        }
        for (KeyValue<String, OpenOrder> entry : due) {
            OpenOrder open = entry.value.reached(lastStatus.getOrDefault(entry.value.orderId(), entry.value.lastStatus()));
            openOrders.put(entry.key, open.markAlerted());
            stuck.increment();
            Alert alert = new Alert(AlertKind.STUCK_ORDER, open.orderId(), open.lastStatus().name(),
                    "not delivered " + (now - open.placedAt()) + " ms after it was placed (SLA "
                            + settings.stuckOrderSla().toMillis() + " ms); last state " + open.lastStatus(), now);
            context().forward(new Record<>(open.orderId(), alert, now));
        }
        scanned.scannedTo(now);
    }
}
