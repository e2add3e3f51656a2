package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.SupplyEvent;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.SupplyMetrics;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.StockCommand;

/**
 * The manufacturer, on {@value StoreNames#STOCK_COMMANDS_BY_DRUG} keyed by drugId. Keeps each
 * drug's stock in {@value StoreNames#INVENTORY}, its waiting orders, in arrival order, in
 * {@value StoreNames#BACKORDERS}, and what it did with each order's stock in
 * {@value StoreNames#MANUFACTURER_ORDERS}.
 * <ul>
 * <li>RESERVE: rejects a non-positive quantity, one above {@code maxQuantity} or a drug not in the
 * catalogue; reserves stock when enough is available and nobody waits before this order
 * (CONFIRMED plus the goods on drug-manufactured), otherwise queues the order (BACKORDERED) and
 * schedules a production batch.
 * <li>A wall-clock punctuator completes due batches, then confirms waiting orders first come,
 * first served while stock lasts, scheduling another batch if some still wait.
 * <li>RELEASE (a delivered shipment): moves the order's reserved units to shipped.
 * </ul>
 * Every stock change is published on inventory-updated (keyed by drugId); stock never goes
 * negative and {@code initial + produced == available + reserved + shipped} always holds.
 * Confirmations and goods are keyed by orderId. Every order queued for production is counted in
 * {@value SupplyMetrics#BACKORDERS}.
 *
 * <p><b>Each order moves stock once.</b> The input is partitioned by drugId, so every copy of an
 * order's stock commands meets this task, whichever order-placed partition or intake task it came
 * from (a round-robin producer, a REST retry, reprocessing after a crash). A RESERVE for an orderId
 * already in {@value StoreNames#MANUFACTURER_ORDERS} is dropped and counted in
 * {@code repeated-reservations-total}; a RELEASE for an order that is not reserved (unknown,
 * backordered, rejected, or already released: a repeated DELIVERED) is dropped and counted in
 * {@code unmatched-releases-total}. Remaining gaps: a copy carrying the same orderId with another
 * drug is partitioned to another task and is not recognised, and neither is a copy arriving more
 * than {@code orderRetention} after the order was released or rejected, when its entry has been
 * deleted (deadlines in {@value StoreNames#MANUFACTURER_ORDER_EXPIRY}).
 *
 * <p><b>Under at_least_once the guard can outlive the stock change it guards.</b> The stock lives
 * in {@value StoreNames#INVENTORY} and the guard in {@value StoreNames#MANUFACTURER_ORDERS}; without
 * transactions their changelogs are written independently, so an instance killed between the two
 * writes comes back with the guard ("RELEASED") and without the move of stock. The command,
 * reprocessed, is then dropped as repeated and the units never ship: the run's stock check reports
 * it. exactly_once_v2 commits both changelogs with the input offsets and has no such gap.
 */
public final class ManufacturerProcessor extends ContextualProcessor<String, StockCommand, String, SupplyEvent> {

    public static final String REPEATED_RESERVATIONS_METRIC = "repeated-reservations-total";
    public static final String UNMATCHED_RELEASES_METRIC = "unmatched-releases-total";

    private final SupplyChainSettings settings;
    private KeyValueStore<String, Inventory> inventory;
    private KeyValueStore<String, StockCommand> backorders;
    private KeyValueStore<String, ManufacturerOrder> orders;
    private Expiry<ManufacturerOrder> expiry;
    private Counter repeatedReservations;
    private Counter unmatchedReleases;
    private Counter backordered;

    public ManufacturerProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SupplyEvent> context) {
        super.init(context);
        inventory = context.getStateStore(StoreNames.INVENTORY);
        backorders = context.getStateStore(StoreNames.BACKORDERS);
        orders = context.getStateStore(StoreNames.MANUFACTURER_ORDERS);
        expiry = new Expiry<>(orders, context.getStateStore(StoreNames.MANUFACTURER_ORDER_EXPIRY),
                settings.orderRetention());
        repeatedReservations = Counter.register(context, REPEATED_RESERVATIONS_METRIC,
                "RESERVE commands for an order the manufacturer already answered", "manufacturer");
        unmatchedReleases = Counter.register(context, UNMATCHED_RELEASES_METRIC,
                "RELEASE commands for an order not reserved, or already released", "manufacturer");
        backordered = Counter.register(context, SupplyMetrics.BACKORDERS,
                "orders queued for production (BACKORDERED)", SupplyMetrics.MANUFACTURER);
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::completeDueBatches);
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, expiry::deleteDue);
    }

    @Override
    public void process(Record<String, StockCommand> record) {
        StockCommand command = record.value();
        long now = context().currentSystemTimeMs();
        ManufacturerOrder known = orders.get(command.orderId());
        if (command.kind() == StockCommand.Kind.RELEASE) {
            release(known, now);
            return;
        }
        if (known != null) {
            repeatedReservations.increment();
            return;
        }
        String rejection = rejectionReason(command);
        if (rejection != null) {
            orders.put(command.orderId(), ManufacturerOrder.of(command, ManufacturerOrder.State.REJECTED, now));
            expiry.expireAfterRetention(command.orderId(), now);
            emit(command.orderId(), confirmation(command, ConfirmationStatus.REJECTED, rejection, now), now);
            return;
        }
        Inventory stock = stockOf(command.drugId());
        if (!stock.hasBacklog() && stock.available() >= command.quantity()) {
            stock = reserve(stock, command, now);
        } else {
            long ahead = stock.backlogTail() - stock.backlogHead();
            backorders.put(backorderKey(command.drugId(), stock.backlogTail()), command);
            orders.put(command.orderId(), ManufacturerOrder.of(command, ManufacturerOrder.State.BACKORDERED, now));
            stock = stock.enqueue();
            backordered.increment();
            if (!stock.isProducing()) {
                stock = stock.scheduleProduction(now + settings.productionLeadTime().toMillis());
            }
            emit(command.orderId(), confirmation(command, ConfirmationStatus.BACKORDERED,
                    "waiting for production: " + stock.available() + " available, " + ahead + " orders ahead", now), now);
        }
        inventory.put(stock.drugId(), stock);
    }

    /** Ships the units of a reserved order; anything else (a repeated DELIVERED, a stray RELEASE) moves nothing. */
    private void release(ManufacturerOrder known, long now) {
        Inventory stock = known == null ? null : inventory.get(known.drugId());
        if (known == null || known.state() != ManufacturerOrder.State.RESERVED || stock == null) {
            unmatchedReleases.increment();
            return;
        }
        stock = stock.ship(known.quantity());
        inventory.put(stock.drugId(), stock);
        orders.put(known.orderId(), known.moveTo(ManufacturerOrder.State.RELEASED, now));
        expiry.expireAfterRetention(known.orderId(), now);
        emitInventory(stock, known.orderId(), now);
    }

    private void completeDueBatches(long now) {
        List<Inventory> due = new ArrayList<>();
        try (KeyValueIterator<String, Inventory> all = inventory.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.isProducing() && entry.value.productionDueAt() <= now) {
                    due.add(entry.value);
                }
            });
        }
        for (Inventory stock : due) {
            stock = stock.completeBatch(settings.batchSize());
            emitInventory(stock, null, now);
            while (stock.hasBacklog()) {
                String key = backorderKey(stock.drugId(), stock.backlogHead());
                StockCommand waiting = backorders.get(key);
                if (waiting.quantity() > stock.available()) {
                    break;
                }
                backorders.delete(key);
                stock = reserve(stock.dequeue(), waiting, now);
            }
            if (stock.hasBacklog()) {
                stock = stock.scheduleProduction(now + settings.productionLeadTime().toMillis());
            }
            inventory.put(stock.drugId(), stock);
        }
    }

    private Inventory reserve(Inventory stock, StockCommand command, long now) {
        Inventory reserved = stock.reserve(command.quantity());
        orders.put(command.orderId(), ManufacturerOrder.of(command, ManufacturerOrder.State.RESERVED, now));
        emit(command.orderId(), confirmation(command, ConfirmationStatus.CONFIRMED, null, now), now);
        emit(command.orderId(), new Batch(command.orderId(), command.hospitalId(), command.drugId(),
                reserved.currentBatchId(), command.quantity(), command.placedAt(), now), now);
        emitInventory(reserved, command.orderId(), now);
        return reserved;
    }

    private String rejectionReason(StockCommand command) {
        if (command.quantity() <= 0) {
            return "quantity must be positive, was " + command.quantity();
        }
        if (command.quantity() > settings.maxQuantity()) {
            return "quantity must be at most " + settings.maxQuantity() + ", was " + command.quantity();
        }
        if (!settings.catalogue().containsKey(command.drugId())) {
            return "unknown drug '" + command.drugId() + "'";
        }
        return null;
    }

    private Inventory stockOf(String drugId) {
        Inventory stock = inventory.get(drugId);
        return stock != null ? stock : Inventory.initial(drugId, settings.catalogue().get(drugId));
    }

    private static Confirmation confirmation(StockCommand command, ConfirmationStatus status, String reason, long now) {
        return new Confirmation(command.orderId(), command.hospitalId(), command.drugId(), command.quantity(),
                status, reason, command.placedAt(), now);
    }

    private void emitInventory(Inventory stock, String causeOrderId, long now) {
        emit(stock.drugId(), new InventoryUpdate(stock.drugId(), stock.initial(), stock.produced(), stock.available(),
                stock.reserved(), stock.shipped(), causeOrderId, now), now);
    }

    private void emit(String key, SupplyEvent event, long now) {
        context().forward(new Record<>(key, event, now));
    }

    static String backorderKey(String drugId, long sequence) {
        return drugId + "|" + StoreKeys.padded(sequence);
    }

}
