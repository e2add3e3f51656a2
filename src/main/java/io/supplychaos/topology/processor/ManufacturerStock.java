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
 * command changes reaches one changelog partition: the order's entry and a backlog entry first, the
 * drug's stock last. The stock names the last command it applied ({@link Inventory#appliedOffset()});
 * an order entry written by a later command than that does not hold yet (its command's stock write
 * did not survive a crash), and its previous value is read instead, or nothing when that one does
 * not hold either. Reads here always see the entries as the stock says they are.
 *
 * <p>The store has a cache under both guarantees. Kafka Streams' cache flushes its dirty keys in the
 * order of their last write ({@code NamedCache} moves a key to the end of its dirty set on every put),
 * so a drug's stock, written last by every command of the drug, reaches the changelog after every
 * order and backlog entry of its commands in that flush; a crash mid-flush keeps a prefix, in which a
 * surviving stock write means its commands' entries survived too. One flush may carry two
 * transitions of an order as one value (RESERVED then RELEASED within a commit): its previous value is
 * then the first transition, and when the stock write was cut off neither holds.
 * <p>Keys: {@code stock|drugId}, {@code order|orderId}, {@code wait|drugId|sequence}.
 */
public final class ManufacturerStock {

    private static final String STOCK = "stock|";
    private static final String ORDER = "order|";
    private static final String WAIT = "wait|";

    private final KeyValueStore<String, ManufacturerEntry> store;
    /** The processor's own view: the store's keys in memory ({@link KnownKeyStore}); null for a reader. */
    private final KnownKeyStore<ManufacturerEntry> known;

    /** A reader of the store (a test, a query): every look-up reaches the store. */
    public ManufacturerStock(KeyValueStore<String, ManufacturerEntry> store) {
        this(store, null);
    }

    private ManufacturerStock(KeyValueStore<String, ManufacturerEntry> store, KnownKeyStore<ManufacturerEntry> known) {
        this.store = store;
        this.known = known;
    }

    /**
     * The manufacturer's own view, which writes the store: its keys are read once here and kept in
     * memory, so the look-up of a new order's entry skips the store.
     */
    static ManufacturerStock owned(KeyValueStore<String, ManufacturerEntry> store) {
        return new ManufacturerStock(store, KnownKeyStore.open(store));
    }

    private ManufacturerEntry get(String key) {
        return known == null ? store.get(key) : known.get(key);
    }

    private void put(String key, ManufacturerEntry entry) {
        if (known == null) {
            store.put(key, entry);
        } else {
            known.put(key, entry);
        }
    }

    private void delete(String key) {
        if (known == null) {
            store.delete(key);
        } else {
            known.delete(key);
        }
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
        ManufacturerEntry entry = get(stockKey(drugId));
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
        ManufacturerEntry entry = get(orderKey(orderId));
        ManufacturerOrder order = entry == null ? null : entry.order();
        if (order == null) {
            return null;
        }
        Inventory stock = stock(order.drugId());
        if (!holds(order, stock)) {
            // written by a command whose stock write did not survive: the value before it, if that holds
            order = order.previous();
            if (order != null && !holds(order, stock)) {
                // both transitions came in one cache flush (RESERVE and RELEASE within a commit): neither holds
                order = null;
            }
        }
        if (order != null && order.state() == ManufacturerOrder.State.BACKORDERED && stock != null
                && order.waitSeq() >= 0 && order.waitSeq() < stock.backlogHead()) {
            return order.reservedFromBacklog();
        }
        return order;
    }

    /** True when the entry's command has been applied by its drug's stock (a rejection always holds). */
    private static boolean holds(ManufacturerOrder order, Inventory stock) {
        return order.version() < 0 || (stock != null && stock.hasApplied(order.version()));
    }

    /** Every order entry, each as its drug's stock says it is (entries that do not hold yet left out). */
    public List<ManufacturerOrder> orders() {
        List<String> orderIds = new ArrayList<>();
        try (KeyValueIterator<String, ManufacturerEntry> range = store.range(ORDER, ORDER + Character.MAX_VALUE)) {
            range.forEachRemaining(entry -> orderIds.add(entry.key.substring(ORDER.length())));
        }
        List<ManufacturerOrder> all = new ArrayList<>();
        for (String orderId : orderIds) {
            ManufacturerOrder order = order(orderId);
            if (order != null) {
                all.add(order);
            }
        }
        return all;
    }

    /** The command waiting at {@code sequence} in the drug's backlog, or null. */
    public StockCommand waiting(String drugId, long sequence) {
        ManufacturerEntry entry = get(waitingKey(drugId, sequence));
        return entry == null ? null : entry.waiting();
    }

    void putOrder(ManufacturerOrder order) {
        put(orderKey(order.orderId()), ManufacturerEntry.of(order));
    }

    void putWaiting(String drugId, long sequence, StockCommand command) {
        put(waitingKey(drugId, sequence), ManufacturerEntry.of(command));
    }

    /** Written last for each command: what it changed holds from here on. */
    void putStock(Inventory stock) {
        put(stockKey(stock.drugId()), ManufacturerEntry.of(stock));
    }

    /** Only after the stock put that moved the backlog head past it. */
    void deleteWaiting(String drugId, long sequence) {
        delete(waitingKey(drugId, sequence));
    }

    void deleteOrder(String orderId) {
        delete(orderKey(orderId));
    }
}
