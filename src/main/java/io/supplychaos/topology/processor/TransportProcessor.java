package io.supplychaos.topology.processor;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.Shipment;

/**
 * Transport, on {@code drug-manufactured} keyed by orderId: ships each order's goods through
 * DISPATCHED, IN_TRANSIT and DELIVERED, publishing each state on shipment-status. The shipment
 * lives in {@value StoreNames#SHIPMENTS}; with a transit time, the next step waits in the
 * {@value StoreNames#SHIPMENT_SCHEDULE} deadline index (half the transit time per step) until a
 * wall-clock punctuator advances it. With transit time zero all three states go out at once, in
 * order. Goods for an order that already has a shipment (a repeated or late record) are ignored
 * and counted in {@code repeated-shipments-total}: a shipment never moves backwards.
 *
 * <p>The step after DELIVERED is forgetting the shipment: it waits in the same schedule for
 * {@code orderRetention}, then the punctuator deletes it, so the store holds recent and
 * undelivered shipments only. Goods arriving after that would ship again (the manufacturer's
 * release ignores the second DELIVERED; see {@code supply.order-retention} for how long to keep).
 */
public final class TransportProcessor extends ContextualProcessor<String, Batch, String, ShipmentStatus> {

    public static final String REPEATED_METRIC = "repeated-shipments-total";

    private final SupplyChainSettings settings;
    private KeyValueStore<String, Shipment> shipments;
    private DeadlineIndex schedule;
    private Counter repeated;

    public TransportProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, ShipmentStatus> context) {
        super.init(context);
        shipments = context.getStateStore(StoreNames.SHIPMENTS);
        schedule = new DeadlineIndex(context.getStateStore(StoreNames.SHIPMENT_SCHEDULE));
        repeated = Counter.register(context, REPEATED_METRIC, "drug-manufactured records for an order already shipped",
                "transport");
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::advanceDue);
    }

    @Override
    public void process(Record<String, Batch> record) {
        Batch goods = record.value();
        if (shipments.get(goods.orderId()) != null) {
            repeated.increment();
            return;
        }
        long now = context().currentSystemTimeMs();
        long step = stepMillis();
        Shipment shipment = Shipment.dispatch(goods, step == 0 ? 0 : now + step);
        emit(shipment, now);
        if (step == 0) {
            while (shipment.state() != ShipmentState.DELIVERED) {
                shipment = shipment.advance(0);
                emit(shipment, now);
            }
            forgetAfterRetention(shipment, now);
        } else {
            schedule.add(shipment.nextDueAt(), shipment.orderId());
        }
        shipments.put(shipment.orderId(), shipment);
    }

    private void advanceDue(long now) {
        for (String orderId : schedule.takeDue(now)) {
            Shipment shipment = shipments.get(orderId);
            if (shipment == null) {
                continue;
            }
            if (shipment.state() == ShipmentState.DELIVERED) {
                shipments.delete(orderId);
                continue;
            }
            shipment = shipment.advance(now + stepMillis());
            emit(shipment, now);
            if (shipment.state() != ShipmentState.DELIVERED) {
                schedule.add(shipment.nextDueAt(), orderId);
            } else {
                forgetAfterRetention(shipment, now);
            }
            shipments.put(orderId, shipment);
        }
    }

    private void forgetAfterRetention(Shipment delivered, long now) {
        schedule.add(now + settings.orderRetention().toMillis(), delivered.orderId());
    }

    private long stepMillis() {
        return settings.transitTime().isZero() ? 0 : Math.max(1, settings.transitTime().toMillis() / 2);
    }

    private void emit(Shipment shipment, long now) {
        ShipmentStatus status = shipment.status(now);
        context().forward(new Record<>(status.orderId(), status, now));
    }
}
