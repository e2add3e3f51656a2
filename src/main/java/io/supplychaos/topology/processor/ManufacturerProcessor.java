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
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.StockCommand;

/**
 * The manufacturer, on {@value StoreNames#STOCK_COMMANDS_BY_DRUG} keyed by drugId. Keeps each
 * drug's stock in {@value StoreNames#INVENTORY} and its waiting orders, in arrival order, in
 * {@value StoreNames#BACKORDERS}.
 * <ul>
 * <li>RESERVE: rejects a non-positive quantity or a drug not in the catalogue; reserves stock when
 * enough is available and nobody waits before this order (CONFIRMED plus the goods on
 * drug-manufactured), otherwise queues the order (BACKORDERED) and schedules a production batch.
 * <li>A wall-clock punctuator completes due batches, then confirms waiting orders first come,
 * first served while stock lasts, scheduling another batch if some still wait.
 * <li>RELEASE (a delivered shipment): moves the units from reserved to shipped.
 * </ul>
 * Every stock change is published on inventory-updated (keyed by drugId); stock never goes
 * negative and {@code initial + produced == available + reserved + shipped} always holds.
 * Confirmations and goods are keyed by orderId.
 */
public final class ManufacturerProcessor extends ContextualProcessor<String, StockCommand, String, SupplyEvent> {

    private final SupplyChainSettings settings;
    private KeyValueStore<String, Inventory> inventory;
    private KeyValueStore<String, StockCommand> backorders;

    public ManufacturerProcessor(SupplyChainSettings settings) {
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SupplyEvent> context) {
        super.init(context);
        inventory = context.getStateStore(StoreNames.INVENTORY);
        backorders = context.getStateStore(StoreNames.BACKORDERS);
        context.schedule(settings.punctuationInterval(), PunctuationType.WALL_CLOCK_TIME, this::completeDueBatches);
    }

    @Override
    public void process(Record<String, StockCommand> record) {
        StockCommand command = record.value();
        long now = context().currentSystemTimeMs();
        if (command.kind() == StockCommand.Kind.RELEASE) {
            release(command, now);
            return;
        }
        String rejection = rejectionReason(command);
        if (rejection != null) {
            emit(command.orderId(), confirmation(command, ConfirmationStatus.REJECTED, rejection, now), now);
            return;
        }
        Inventory stock = stockOf(command.drugId());
        if (!stock.hasBacklog() && stock.available() >= command.quantity()) {
            stock = reserve(stock, command, now);
        } else {
            long ahead = stock.backlogTail() - stock.backlogHead();
            backorders.put(backorderKey(command.drugId(), stock.backlogTail()), command);
            stock = stock.enqueue();
            if (!stock.isProducing()) {
                stock = stock.scheduleProduction(now + settings.productionLeadTime().toMillis());
            }
            emit(command.orderId(), confirmation(command, ConfirmationStatus.BACKORDERED,
                    "waiting for production: " + stock.available() + " available, " + ahead + " orders ahead", now), now);
        }
        inventory.put(stock.drugId(), stock);
    }

    private void release(StockCommand delivered, long now) {
        Inventory stock = inventory.get(delivered.drugId());
        if (stock == null) {
            return;
        }
        stock = stock.ship(delivered.quantity());
        inventory.put(stock.drugId(), stock);
        emitInventory(stock, delivered.orderId(), now);
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
