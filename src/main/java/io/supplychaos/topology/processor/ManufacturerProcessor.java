package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.SupplyEvent;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.SupplyMetrics;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerEntry;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.StockCommand;

/**
 * The manufacturer, on {@value StoreNames#STOCK_COMMANDS_BY_DRUG} keyed by drugId. Keeps each drug's
 * stock, its waiting orders in arrival order, and what it did with each order's stock, all in
 * {@value StoreNames#MANUFACTURER_STOCK} ({@link ManufacturerStock}).
 * <ul>
 * <li>RESERVE: rejects a non-positive quantity, one above {@code maxQuantity} or a drug not in the
 * catalogue; reserves stock when enough is available and nobody waits before this order
 * (CONFIRMED plus the goods on drug-manufactured), otherwise queues the order (BACKORDERED) and
 * schedules a production batch.
 * <li>A wall-clock punctuator completes due batches, then confirms waiting orders first come,
 * first served while stock lasts, scheduling another batch if some still wait.
 * <li>RELEASE (a delivered shipment): moves the order's reserved units to shipped.
 * </ul>
 * Each drug's stock is published on inventory-updated (keyed by drugId) at the punctuation after it
 * changed: one record per changed drug per {@code punctuationInterval}, its figures as they stand
 * then and the last order whose command changed them ({@code causeOrderId}; null when a production
 * run did), not one per order (which was 2 of an order's records, and what a consumer of a drug's
 * stock needs is its latest state). A new instance of the task (a restart, a crash, a move) publishes
 * every drug's stock at its first punctuation, so a change whose record a crash lost is published
 * again. Stock never goes negative and {@code initial + produced == available + reserved + shipped}
 * always holds.
 * Confirmations and goods are keyed by orderId. Every order queued for production is counted in
 * {@value SupplyMetrics#BACKORDERS}.
 *
 * <p><b>Each order moves stock once.</b> The input is partitioned by drugId, so every copy of an
 * order's stock commands meets this task, whichever order-placed partition or intake task it came
 * from (a round-robin producer, a REST retry, reprocessing after a crash). A RESERVE for an order
 * already answered is dropped and counted in {@code repeated-reservations-total}; a RELEASE for an
 * order that is not reserved (unknown, backordered, rejected, or already released: a repeated
 * DELIVERED) is dropped and counted in {@code unmatched-releases-total}. Remaining gaps: a copy
 * carrying the same orderId with another drug is partitioned to another task and is not recognised,
 * and neither is a copy arriving more than {@code orderRetention} after the order was released or
 * rejected, when its entry has been deleted (deadlines in memory, rebuilt from the store at init: {@link Expiry}).
 *
 * <p><b>Under at_least_once too.</b> Without transactions a crash can keep any prefix of what a
 * task wrote to a changelog, and the input since the last commit is processed again. The stock and
 * the guard therefore live in one store, written in one order (order entry, backlog entry, then the
 * stock, which names the command's offset); its cache flushes in the order of each key's last write,
 * so what survives is every command whose stock write survived, whole, and the entries of later
 * commands do not count until their stock write is there ({@link ManufacturerStock}). A command processed again is recognised by its offset: one the
 * stock has applied moves nothing; its answer (confirmation, goods, stock) is sent again, since the
 * first answer may not have reached its topic: duplicates on the output topics, never a second
 * reservation. The production punctuator's answers (confirmations of waiting orders) are not tied to
 * an input record, so they are tracked in the stock until a commit has flushed them and sent again by
 * the next instance otherwise (see {@link #completeDueBatches}). Remaining gap: a commit Streams skips
 * because a rebalance is in progress is taken for done by the next punctuation.
 */
public final class ManufacturerProcessor extends ContextualProcessor<String, StockCommand, String, SupplyEvent> {

    public static final String REPEATED_RESERVATIONS_METRIC = "repeated-reservations-total";
    public static final String UNMATCHED_RELEASES_METRIC = "unmatched-releases-total";

    private final SupplyChainSettings settings;
    private final boolean transactional;
    private ManufacturerStock state;
    /** Drugs whose stock changed since their last inventory-updated record, with the last order that changed it. */
    private final Map<String, String> changedStock = new LinkedHashMap<>();
    private boolean punctuatedBefore;
    private Expiry expiry;
    private Counter repeatedReservations;
    private Counter unmatchedReleases;
    private Counter backordered;

    /** At-least-once: the production punctuator's answers are tracked until a commit flushed them. */
    public ManufacturerProcessor(SupplyChainSettings settings) {
        this(settings, false);
    }

    /**
     * @param transactional true under exactly_once_v2: a production run's answers and its stock write
     *                      commit or abort together, so nothing is tracked or answered again
     */
    public ManufacturerProcessor(SupplyChainSettings settings, boolean transactional) {
        this.settings = settings;
        this.transactional = transactional;
    }

    @Override
    public void init(ProcessorContext<String, SupplyEvent> context) {
        super.init(context);
        state = ManufacturerStock.owned(context.getStateStore(StoreNames.MANUFACTURER_STOCK));
        expiry = new Expiry(state::deleteOrder, settings.orderRetention());
        // a new instance publishes every stock once: what a crashed one changed may never have been published
        state.stocks().forEach(stock -> changedStock.put(stock.drugId(), null));
        for (ManufacturerOrder order : state.orders()) {
            if (order.state().isFinal()) {
                expiry.expireAfterRetention(order.orderId(), order.at());
            }
        }
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
        long offset = context().recordMetadata().map(RecordMetadata::offset).orElse(-1L);
        ManufacturerOrder known = state.order(command.orderId());
        if (command.kind() == StockCommand.Kind.RELEASE) {
            release(known, offset, now);
            return;
        }
        if (known != null) {
            if (offset >= 0 && known.reserveOffset() == offset) {
                answerAgain(known, command, now);
            }
            repeatedReservations.increment();
            return;
        }
        Inventory current = state.stock(command.drugId());
        if (current != null && current.hasApplied(offset)) {
            repeatedReservations.increment();
            return;
        }
        String rejection = rejectionReason(command);
        if (rejection != null) {
            // one put on its own: holds whatever the stock says
            state.putOrder(ManufacturerOrder.rejected(command, now, offset));
            expiry.expireAfterRetention(command.orderId(), now);
            emit(command.orderId(), confirmation(command, ConfirmationStatus.REJECTED, rejection, now), now);
            return;
        }
        Inventory stock = current != null ? current : Inventory.initial(command.drugId(),
                settings.catalogue().get(command.drugId()));
        if (!stock.hasBacklog() && stock.available() >= command.quantity()) {
            state.putOrder(ManufacturerOrder.of(command, ManufacturerOrder.State.RESERVED, now, offset, -1));
            stock = reserve(stock, command, false, now);
        } else {
            long ahead = stock.backlogTail() - stock.backlogHead();
            state.putWaiting(command.drugId(), stock.backlogTail(), command);
            state.putOrder(ManufacturerOrder.of(command, ManufacturerOrder.State.BACKORDERED, now, offset,
                    stock.backlogTail()));
            stock = stock.enqueue();
            backordered.increment();
            if (!stock.isProducing()) {
                stock = stock.scheduleProduction(now + settings.productionLeadTime().toMillis());
            }
            emit(command.orderId(), confirmation(command, ConfirmationStatus.BACKORDERED,
                    "waiting for production: " + stock.available() + " available, " + ahead + " orders ahead", now), now);
        }
        state.putStock(stock.applied(offset));
    }

    /** Ships the units of a reserved order; anything else (a repeated DELIVERED, a stray RELEASE) moves nothing. */
    private void release(ManufacturerOrder known, long offset, long now) {
        Inventory stock = known == null ? null : state.stock(known.drugId());
        if (known != null && stock != null && known.state() == ManufacturerOrder.State.RELEASED
                && offset >= 0 && known.version() == offset) {
            stockChanged(stock, known.orderId()); // this RELEASE again: its stock update may not have been sent
            unmatchedReleases.increment();
            return;
        }
        if (known == null || known.state() != ManufacturerOrder.State.RESERVED || stock == null
                || stock.hasApplied(offset)) {
            unmatchedReleases.increment();
            return;
        }
        state.putOrder(known.moveTo(ManufacturerOrder.State.RELEASED, now, offset));
        stock = stock.ship(known.quantity()).applied(offset);
        state.putStock(stock);
        expiry.expireAfterRetention(known.orderId(), now);
        stockChanged(stock, known.orderId());
    }

    /** The answer to a RESERVE processed again after a crash: the first one may not have been sent. */
    private void answerAgain(ManufacturerOrder known, StockCommand command, long now) {
        switch (known.state()) {
            case REJECTED -> emit(command.orderId(),
                    confirmation(command, ConfirmationStatus.REJECTED, rejectionReason(command), now), now);
            case BACKORDERED -> emit(command.orderId(),
                    confirmation(command, ConfirmationStatus.BACKORDERED, "waiting for production", now), now);
            case RESERVED, RELEASED -> {
                Inventory stock = state.stock(known.drugId());
                emit(command.orderId(), confirmation(command, ConfirmationStatus.CONFIRMED, null, now), now);
                emit(command.orderId(), new Batch(command.orderId(), command.hospitalId(), command.drugId(),
                        stock.currentBatchId(), command.quantity(), command.placedAt(), now, known.wasBackordered()), now);
                stockChanged(stock, command.orderId());
            }
        }
    }

    /**
     * Completes due production runs and reserves waiting orders from them. Under at_least_once the
     * run's answers and its stock write reach different partitions, and a crash before the next commit
     * may keep the stock write and lose the answers; no input is processed again to repeat them. So the
     * stock keeps the orders reserved since the last punctuation ({@link Inventory#sentHead()}) with
     * their backlog entries, and asks for a commit. The next punctuation of this instance comes after
     * that commit (Streams commits requested tasks in the same loop, after punctuating) and forgets
     * them; the first punctuation of a new instance (after a crash, or a task moved) answers them again.
     */
    private void completeDueBatches(long now) {
        boolean resumed = !punctuatedBefore;
        punctuatedBefore = true;
        boolean unsent = false;
        for (Inventory stock : state.stocks()) {
            Inventory next = stock;
            if (stock.hasUnsentAnswers()) {
                if (resumed) {
                    answerReservedAgain(stock, now);
                } else {
                    next = next.answersSent();
                }
            }
            if (next.isProducing() && next.productionDueAt() <= now) {
                next = produce(next, now);
            }
            if (transactional) {
                next = next.answersSent();
            }
            unsent |= next.hasUnsentAnswers();
            if (!next.equals(stock)) {
                state.putStock(next); // the waiting orders it passed are reserved from here on
                for (long sequence = stock.sentHead(); sequence < next.sentHead(); sequence++) {
                    state.deleteWaiting(stock.drugId(), sequence);
                }
            }
        }
        publishChangedStock(now);
        if (unsent) {
            context().commit();
        }
    }

    /** One inventory-updated record per drug whose stock changed since the last punctuation, as it stands now. */
    private void publishChangedStock(long now) {
        changedStock.forEach((drugId, cause) -> {
            Inventory stock = state.stock(drugId);
            if (stock != null) {
                emit(drugId, new InventoryUpdate(drugId, stock.initial(), stock.produced(), stock.available(),
                        stock.reserved(), stock.shipped(), cause, now), now);
            }
        });
        changedStock.clear();
    }

    /** One due production run: its units, then waiting orders first come, first served while they last. */
    private Inventory produce(Inventory stock, long now) {
        stock = stock.completeBatch(settings.batchSize());
        stockChanged(stock, null);
        while (stock.hasBacklog()) {
            StockCommand waiting = state.waiting(stock.drugId(), stock.backlogHead());
            if (waiting.quantity() > stock.available()) {
                break;
            }
            stock = reserve(stock.dequeue(), waiting, true, now);
        }
        if (stock.hasBacklog()) {
            stock = stock.scheduleProduction(now + settings.productionLeadTime().toMillis());
        }
        return stock;
    }

    /** The answers of backlog orders an earlier instance reserved and may not have sent. */
    private void answerReservedAgain(Inventory stock, long now) {
        for (long sequence = stock.sentHead(); sequence < stock.backlogHead(); sequence++) {
            StockCommand waiting = state.waiting(stock.drugId(), sequence);
            if (waiting != null) {
                emit(waiting.orderId(), confirmation(waiting, ConfirmationStatus.CONFIRMED, null, now), now);
                emit(waiting.orderId(), new Batch(waiting.orderId(), waiting.hospitalId(), waiting.drugId(),
                        stock.currentBatchId(), waiting.quantity(), waiting.placedAt(), now, true), now);
            }
        }
        stockChanged(stock, null);
    }

    /** Reserves the order's units: CONFIRMED and its goods, which say whether it waited for production. */
    private Inventory reserve(Inventory stock, StockCommand command, boolean backordered, long now) {
        Inventory reserved = stock.reserve(command.quantity());
        emit(command.orderId(), confirmation(command, ConfirmationStatus.CONFIRMED, null, now), now);
        emit(command.orderId(), new Batch(command.orderId(), command.hospitalId(), command.drugId(),
                reserved.currentBatchId(), command.quantity(), command.placedAt(), now, backordered), now);
        stockChanged(reserved, command.orderId());
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

    private static Confirmation confirmation(StockCommand command, ConfirmationStatus status, String reason, long now) {
        return new Confirmation(command.orderId(), command.hospitalId(), command.drugId(), command.quantity(),
                status, reason, command.placedAt(), now);
    }

    /** The drug's stock is published at the next punctuation ({@link #publishChangedStock}). */
    private void stockChanged(Inventory stock, String causeOrderId) {
        changedStock.put(stock.drugId(), causeOrderId);
    }

    private void emit(String key, SupplyEvent event, long now) {
        context().forward(new Record<>(key, event, now));
    }


}
