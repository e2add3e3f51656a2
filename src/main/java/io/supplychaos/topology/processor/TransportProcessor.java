package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.Shipment;
import io.supplychaos.topology.state.Shipped;

/**
 * Transport, on {@code drug-manufactured} keyed by orderId: ships each order's goods through
 * DISPATCHED, IN_TRANSIT and DELIVERED, publishing each state on shipment-status. The shipment
 * lives in {@value StoreNames#SHIPMENTS}; with a transit time, the next step (half the transit time
 * per step) is due at the shipment's {@code nextDueAt}, and a wall-clock punctuator advances it. With transit time zero all three states go out at once, in
 * order. Goods for an order that already has a shipment (a repeated or late record) are not shipped
 * again and are counted in {@code repeated-shipments-total}: a shipment never moves backwards.
 *
 * <p>Each step is forwarded as one {@link Shipped}: every goods record (shipped, repeated or answered
 * again) with the states it caused, and each move of the punctuator with its one state. The
 * topology sends the states on to shipment-status one by one and hands the whole step to the
 * notification stage.
 *
 * <p>The step after DELIVERED is forgetting the shipment: due {@code orderRetention} after the
 * delivery, then the punctuator deletes it, so the store holds recent and undelivered shipments
 * only. The due times are kept in memory ({@link DueTimes}) and rebuilt from the shipments in
 * {@code init}: a schedule store cost a changelog record per order. Goods arriving after that would ship again (the manufacturer's
 * release ignores the second DELIVERED; see {@code supply.order-retention} for how long to keep).
 */
public final class TransportProcessor extends ContextualProcessor<String, Batch, String, Shipped> {

    public static final String REPEATED_METRIC = "repeated-shipments-total";

    private final SupplyChainSettings settings;
    private KnownKeyStore<Shipment> shipments;
    private final DueTimes schedule = new DueTimes();
    private Counter repeated;

    public TransportProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Shipped> context) {
        super.init(context);
        schedule.takeDue(Long.MAX_VALUE);
        shipments = KnownKeyStore.open(context.getStateStore(StoreNames.SHIPMENTS), (orderId, shipment) -> {
            if (shipment.nextDueAt() > 0) {
                schedule.add(shipment.nextDueAt(), orderId);
            }
        });
        repeated = Counter.register(context, REPEATED_METRIC, "drug-manufactured records for an order already shipped",
                "transport");
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::advanceDue);
    }

    @Override
    public void process(Record<String, Batch> record) {
        Batch goods = record.value();
        long offset = context().recordMetadata().map(RecordMetadata::offset).orElse(-1L);
        long now = context().currentSystemTimeMs();
        List<ShipmentStatus> sent = new ArrayList<>(3);
        Shipment known = shipments.get(goods.orderId());
        if (known != null) {
            if (offset >= 0 && known.sourceOffset() == offset) {
                answerAgain(known, now, sent);
            }
            repeated.increment();
            forward(goods, sent, now);
            return;
        }
        long step = stepMillis();
        Shipment shipment = Shipment.dispatch(goods, step == 0 ? 0 : now + step, offset);
        sent.add(shipment.status(now));
        if (step == 0) {
            while (shipment.state() != ShipmentState.DELIVERED) {
                shipment = shipment.advance(forgetAt(now));
                sent.add(shipment.status(now));
            }
        }
        schedule.add(shipment.nextDueAt(), shipment.orderId());
        shipments.put(shipment.orderId(), shipment);
        forward(goods, sent, now);
    }

    /**
     * The states a shipment reached, sent again: these goods were processed again after an
     * at_least_once crash, and the store's entry may have reached its changelog (the store has
     * no cache: each put is sent before the commit) while the states sent with it did not reach shipment-status.
     * Duplicates on shipment-status; the notification stage drops states it already notified.
     */
    private static void answerAgain(Shipment known, long now, List<ShipmentStatus> sent) {
        ShipmentState state = ShipmentState.DISPATCHED;
        while (true) {
            sent.add(known.in(state).status(now));
            if (state == known.state()) {
                return;
            }
            state = state.next();
        }
    }

    private void advanceDue(long now) {
        for (String orderId : schedule.takeDue(now)) {
            Shipment shipment = shipments.get(orderId);
            if (shipment == null || shipment.nextDueAt() > now) {
                continue; // gone, or due later (an older due time of an entry written again)
            }
            if (shipment.state() == ShipmentState.DELIVERED) {
                shipments.delete(orderId);
                continue;
            }
            ShipmentState next = shipment.state().next();
            shipment = shipment.advance(next == ShipmentState.DELIVERED ? forgetAt(now) : now + stepMillis());
            ShipmentStatus moved = shipment.status(now);
            context().forward(new Record<>(orderId, Shipped.moved(moved), now));
            schedule.add(shipment.nextDueAt(), orderId);
            shipments.put(orderId, shipment);
        }
    }

    /** When a shipment delivered at {@code now} is forgotten. */
    private long forgetAt(long now) {
        return now + settings.orderRetention().toMillis();
    }

    private long stepMillis() {
        return settings.transitTime().isZero() ? 0 : Math.max(1, settings.transitTime().toMillis() / 2);
    }

    private void forward(Batch goods, List<ShipmentStatus> sent, long now) {
        context().forward(new Record<>(goods.orderId(), new Shipped(goods, sent), now));
    }
}
