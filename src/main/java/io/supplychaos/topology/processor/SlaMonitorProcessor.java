package io.supplychaos.topology.processor;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.AlertKind;
import io.supplychaos.domain.Notification;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.OpenOrder;

/**
 * The monitor's SLA watch, on {@code notifications} keyed by orderId. Tracks every order that is
 * not final in {@value StoreNames#OPEN_ORDERS}, with its deadline (placedAt + SLA) in the
 * {@value StoreNames#SLA_DEADLINES} index; a wall-clock punctuator raises one STUCK_ORDER alert
 * on monitor-alerts for each order past its deadline. A final state (DELIVERED, REJECTED) closes
 * the order. Orders are tracked from their first notification.
 */
public final class SlaMonitorProcessor extends ContextualProcessor<String, Notification, String, Alert> {

    private final SupplyChainSettings settings;
    private KeyValueStore<String, OpenOrder> openOrders;
    private DeadlineIndex deadlines;

    public SlaMonitorProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        super.init(context);
        openOrders = context.getStateStore(StoreNames.OPEN_ORDERS);
        deadlines = new DeadlineIndex(context.getStateStore(StoreNames.SLA_DEADLINES));
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::alertOverdue);
    }

    @Override
    public void process(Record<String, Notification> record) {
        Notification notification = record.value();
        OpenOrder open = openOrders.get(notification.orderId());
        if (notification.status().isFinal()) {
            if (open != null) {
                if (open.deadlineKey() != null) {
                    deadlines.remove(open.deadlineKey());
                }
                openOrders.delete(notification.orderId());
            }
            return;
        }
        if (open == null) {
            String deadlineKey = deadlines.add(notification.placedAt() + settings.stuckOrderSla().toMillis(),
                    notification.orderId());
            open = new OpenOrder(notification.orderId(), notification.placedAt(), notification.status(), deadlineKey);
        }
        openOrders.put(notification.orderId(), open.reached(notification.status()));
    }

    private void alertOverdue(long now) {
        for (String orderId : deadlines.takeDue(now)) {
            OpenOrder open = openOrders.get(orderId);
            if (open == null) {
                continue;
            }
            openOrders.put(orderId, open.alerted());
            Alert alert = new Alert(AlertKind.STUCK_ORDER, orderId, open.lastStatus().name(),
                    "not delivered " + (now - open.placedAt()) + " ms after it was placed (SLA "
                            + settings.stuckOrderSla().toMillis() + " ms); last state " + open.lastStatus(), now);
            context().forward(new Record<>(orderId, alert, now));
        }
    }
}
