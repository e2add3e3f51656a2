package io.supplychaos.topology.processor;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

import io.supplychaos.domain.Order;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.state.LedgerEntry;

/**
 * The manufacturer's intake, on {@code order-placed} keyed by orderId: fills defaults, records
 * each orderId in the {@value StoreNames#ORDER_LEDGER} store and drops an orderId seen before
 * (counted in {@code duplicate-orders-total}). Forwards accepted orders keyed by orderId.
 *
 * <p>The ledger sees one order-placed partition: it catches the copies a key-partitioning
 * producer re-sends (they land on the same partition) before they cost a record on the
 * repartition topic. A copy on another partition (a round-robin producer, a REST retry under
 * another partitioner) passes here and is dropped by the manufacturer, which sees every copy of an
 * order for its drug ({@link ManufacturerProcessor}).
 *
 * <p>Each entry is deleted {@code orderRetention} after the order was accepted (deadlines kept in
 * memory and rebuilt from the ledger at init, {@link Expiry}; checked by a wall-clock punctuator),
 * so the ledger holds the recent orders only.
 */
public final class OrderIntakeProcessor extends ContextualProcessor<String, Order, String, Order> {

    public static final String DUPLICATES_METRIC = "duplicate-orders-total";

    private final SupplyChainSettings settings;
    private KnownKeyStore<LedgerEntry> ledger;
    private Expiry expiry;
    private Counter duplicates;

    public OrderIntakeProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Order> context) {
        super.init(context);
        expiry = new Expiry(orderId -> ledger.delete(orderId), settings.orderRetention());
        ledger = KnownKeyStore.open(context.getStateStore(StoreNames.ORDER_LEDGER),
                (orderId, entry) -> expiry.expireAfterRetention(orderId, entry.acceptedAt()));
        duplicates = Counter.register(context, DUPLICATES_METRIC, "order-placed records with an orderId seen before",
                "order-intake");
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, expiry::deleteDue);
    }

    @Override
    public void process(Record<String, Order> record) {
        Order order = record.value().withDefaults(record.timestamp());
        long offset = context().recordMetadata().map(RecordMetadata::offset).orElse(-1L);
        LedgerEntry seen = ledger.get(order.orderId());
        if (seen != null) {
            if (offset >= 0 && seen.offset() == offset) {
                // this very record again (at_least_once, after a crash): its stock command may not have
                // reached the repartition topic although the entry reached the changelog (the ledger has
                // no cache: each put is sent before the next commit); the manufacturer drops a second copy
                context().forward(record.withKey(order.orderId()).withValue(order).withTimestamp(seen.acceptedAt()));
            }
            duplicates.increment();
            return;
        }
        long now = context().currentSystemTimeMs();
        ledger.put(order.orderId(), new LedgerEntry(order.orderId(), order.drugId(), order.placedAt(), now, offset));
        expiry.expireAfterRetention(order.orderId(), now);
        // stamped with the intake's time, which the stock command on the repartition topic keeps: the
        // run reads it there as the moment the order was accepted (its first hop, docs/PERFORMANCE.md)
        context().forward(record.withKey(order.orderId()).withValue(order).withTimestamp(now));
    }
}
