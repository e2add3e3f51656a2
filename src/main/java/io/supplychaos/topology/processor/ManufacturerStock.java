package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.state.Inventory;
import io.supplychaos.topology.state.ManufacturerEntry;
import io.supplychaos.topology.state.ManufacturerOrder;
import io.supplychaos.topology.state.StockCommand;

/**
 * The manufacturer's state in one store, {@value StoreNames#MANUFACTURER_STOCK}, so that what a stock
 * command changes reaches one changelog partition, in the order it was written (the store has no
 * cache): the order's entry and a backlog entry first, the drug's stock last. The stock names the
 * last command it applied ({@link Inventory#appliedOffset()}); an order entry written by a later
 * command than that does not hold yet (its command's stock write did not survive a crash), and its
 * previous value is read instead. Reads here always see the entries as the stock says they are.
 * <p>Keys: {@code stock|drugId}, {@code order|orderId}, {@code wait|drugId|sequence}.
 */
public final class ManufacturerStock {

    private static final String STOCK = "stock|";
    private static final String ORDER = "order|";
    private static final String WAIT = "wait|";

    private final KeyValueStore<String, ManufacturerEntry> store;

    public ManufacturerStock(KeyValueStore<String, ManufacturerEntry> store) {
        this.store = store;
    }

    public static String stockKey(String drugId) {
        return STOCK + drugId;
    }

    public static String orderKey(String orderId) {
        return ORDER + orderId;
    }

    public static String waitingKey(String drugId, long sequence) {
        return WAIT + drugId + "|" + StoreKeys.padded(sequence);
    }

    /** The drug's stock, or null before its first change. */
    public Inventory stock(String drugId) {
        ManufacturerEntry entry = store.get(stockKey(drugId));
        return entry == null ? null : entry.stock();
    }

    /** Every drug's stock. */
    public List<Inventory> stocks() {
        List<Inventory> all = new ArrayList<>();
        try (KeyValueIterator<String, ManufacturerEntry> range = store.range(STOCK, STOCK + Character.MAX_VALUE)) {
            range.forEachRemaining(entry -> all.add(entry.value.stock()));
        }
        return all;
    }

    /** The order's entry as its drug's stock says it is (see the class comment), or null. */
    public ManufacturerOrder order(String orderId) {
        ManufacturerEntry entry = store.get(orderKey(orderId));
        ManufacturerOrder order = entry == null ? null : entry.order();
        if (order == null) {
            return null;
        }
        Inventory stock = stock(order.drugId());
        if (order.version() >= 0 && (stock == null || !stock.hasApplied(order.version()))) {
            order = order.previous();
        }
        if (order != null && order.state() == ManufacturerOrder.State.BACKORDERED && stock != null
                && order.waitSeq() >= 0 && order.waitSeq() < stock.backlogHead()) {
            return order.reservedFromBacklog();
        }
        return order;
    }

    /** The command waiting at {@code sequence} in the drug's backlog, or null. */
    public StockCommand waiting(String drugId, long sequence) {
        ManufacturerEntry entry = store.get(waitingKey(drugId, sequence));
        return entry == null ? null : entry.waiting();
    }

    void putOrder(ManufacturerOrder order) {
        store.put(orderKey(order.orderId()), ManufacturerEntry.of(order));
    }

    void putWaiting(String drugId, long sequence, StockCommand command) {
        store.put(waitingKey(drugId, sequence), ManufacturerEntry.of(command));
    }

    /** Written last for each command: what it changed holds from here on. */
    void putStock(Inventory stock) {
        store.put(stockKey(stock.drugId()), ManufacturerEntry.of(stock));
    }

    /** Only after the stock put that moved the backlog head past it. */
    void deleteWaiting(String drugId, long sequence) {
        store.delete(waitingKey(drugId, sequence));
    }

    void deleteOrder(String orderId) {
        store.delete(orderKey(orderId));
    }
}
