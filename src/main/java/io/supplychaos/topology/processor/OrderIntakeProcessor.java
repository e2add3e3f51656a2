package io.supplychaos.topology.processor;

import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Order;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.state.LedgerEntry;

/**
 * The manufacturer's intake, on {@code order-placed} keyed by orderId: fills defaults, records
 * each orderId in the {@value StoreNames#ORDER_LEDGER} store and drops an orderId seen before
 * (counted in {@code duplicate-orders-total}), so that a re-sent order never reserves stock twice.
 * Forwards accepted orders keyed by orderId.
 *
 * <p>Deduplication is per input partition: with key-based partitioning every copy of an orderId
 * meets the same ledger; a round-robin producer that re-sends an order to another partition is
 * not caught here (the run's correctness check reports it as a duplicate).
 */
public final class OrderIntakeProcessor extends ContextualProcessor<String, Order, String, Order> {

    public static final String DUPLICATES_METRIC = "duplicate-orders-total";

    private KeyValueStore<String, LedgerEntry> ledger;
    private Counter duplicates;

    @Override
    public void init(ProcessorContext<String, Order> context) {
        super.init(context);
        ledger = context.getStateStore(StoreNames.ORDER_LEDGER);
        duplicates = Counter.register(context, DUPLICATES_METRIC, "order-placed records with an orderId seen before",
                "order-intake");
    }

    @Override
    public void process(Record<String, Order> record) {
        Order order = record.value().withDefaults(record.timestamp());
        if (ledger.get(order.orderId()) != null) {
            duplicates.increment();
            return;
        }
        ledger.put(order.orderId(), new LedgerEntry(order.orderId(), order.drugId(), order.placedAt(),
                context().currentSystemTimeMs()));
        context().forward(record.withKey(order.orderId()).withValue(order));
    }
}
