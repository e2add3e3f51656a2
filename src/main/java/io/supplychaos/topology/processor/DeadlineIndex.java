package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Ids indexed by a wall-clock deadline in a key-value store (the transport's shipments by the time
 * their next step falls due, per-order entries by the time they expire: {@link Expiry}), so that a
 * punctuator finds the due ones with one range scan instead of scanning them all. Keys are the zero-padded deadline and the id, which sort by time in both
 * the in-memory and RocksDB stores; the SLA monitor keys its open orders the same way.
 */
final class DeadlineIndex {

    private final KeyValueStore<String, String> store;

    DeadlineIndex(KeyValueStore<String, String> store) {
        this.store = store;
    }

    void add(long deadline, String orderId) {
        store.put(key(deadline, orderId), orderId);
    }

    /** Removes and returns the orderIds whose deadline is at or before {@code now}, earliest first. */
    List<String> takeDue(long now) {
        List<KeyValue<String, String>> due = new ArrayList<>();
        try (KeyValueIterator<String, String> entries = store.range(firstKey(), lastKeyDueAt(now))) {
            entries.forEachRemaining(due::add);
        }
        List<String> orderIds = new ArrayList<>(due.size());
        for (KeyValue<String, String> entry : due) {
            store.delete(entry.key);
            orderIds.add(entry.value);
        }
        return orderIds;
    }

    static String key(long deadline, String orderId) {
        return StoreKeys.padded(Math.max(0, deadline)) + "|" + orderId;
    }

    /** Bounds of a range scan over everything due at or before {@code now}. */
    static String firstKey() {
        return key(0, "");
    }

    static String lastKeyDueAt(long now) {
        return key(now, "\uffff");
    }
}
