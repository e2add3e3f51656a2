package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Ids indexed by a wall-clock deadline in a key-value store (the transport's shipments by the time
 * their next step falls due, per-order entries by the time they expire: {@link Expiry}), so that a
 * punctuator finds the due ones with one range scan instead of scanning them all. Keys are the
 * zero-padded deadline and the id, which sort by time in both the in-memory and RocksDB stores;
 * the SLA monitor keys its open orders the same way.
 *
 * <p>A scan starts where the previous one ended, not at the first possible key: every entry it
 * takes is deleted, and in RocksDB a deleted key stays as a tombstone that an iterator must step
 * over until compaction drops it. Scanning from the start would step over every entry taken since
 * the last compaction, at every punctuation, so the cost would grow with the orders a running app
 * has seen (measured: a C2 app fell from about 1,700 to under 450 orders/s after 350,000 orders).
 * An entry added below the mark (a deadline already past) moves the mark back, so none is missed;
 * the mark lives in memory and starts at zero after a restart or a rebalance.
 */
final class DeadlineIndex {

    private final KeyValueStore<String, String> store;
    private final ScanMark mark = new ScanMark();

    DeadlineIndex(KeyValueStore<String, String> store) {
        this.store = store;
    }

    void add(long deadline, String orderId) {
        store.put(key(deadline, orderId), orderId);
        mark.added(deadline);
    }

    /** Removes and returns the orderIds whose deadline is at or before {@code now}, earliest first. */
    List<String> takeDue(long now) {
        List<KeyValue<String, String>> due = new ArrayList<>();
        try (KeyValueIterator<String, String> entries = store.range(mark.firstKey(), lastKeyDueAt(now))) {
            entries.forEachRemaining(due::add);
        }
        for (KeyValue<String, String> entry : due) {
            store.delete(entry.key);
        }
        mark.scannedTo(now);
        return due.stream().map(entry -> entry.value).toList();
    }

    static String key(long deadline, String orderId) {
        return StoreKeys.padded(Math.max(0, deadline)) + "|" + orderId;
    }

    /** The upper bound of a range scan over everything due at or before {@code now}. */
    static String lastKeyDueAt(long now) {
        return key(now, "\uffff");
    }

    /**
     * Where the next scan of a deadline-keyed store may start: every deadline below it was visited
     * by an earlier scan (and, in an index, deleted). Not thread-safe: a processor's own.
     */
    static final class ScanMark {
        private long from;

        /** An entry with this deadline was put: a past deadline moves the mark back to it. */
        void added(long deadline) {
            from = Math.min(from, Math.max(0, deadline));
        }

        /** A scan took everything due at or before {@code now}. */
        void scannedTo(long now) {
            from = Math.max(from, now);
        }

        String firstKey() {
            return key(from, "");
        }
    }
}
