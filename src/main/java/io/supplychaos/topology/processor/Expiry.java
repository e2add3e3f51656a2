package io.supplychaos.topology.processor;

import java.time.Duration;
import java.util.function.Consumer;

import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Deletes a store's per-order entries a retention time after a processor marks them done (the
 * order accepted, released or notified final), so that stores and their changelogs do not grow
 * with every order ever seen. The deletion times live in a {@link DeadlineIndex}: a wall-clock
 * punctuation finds what is due with one range scan instead of scanning the store. Until then a
 * repeated record for the order still finds its entry and is recognised.
 *
 * @param <V> the store's value type
 */
final class Expiry<V> {

    private final Consumer<String> delete;
    private final DeadlineIndex deadlines;
    private final long retentionMs;

    /**
     * @param entries   orderId -> entry, the store whose entries expire
     * @param deadlines the deadline index store (deadline|orderId -> orderId) of that store
     */
    Expiry(KeyValueStore<String, V> entries, KeyValueStore<String, String> deadlines, Duration retention) {
        this(entries::delete, deadlines, retention);
    }

    /**
     * @param delete    deletes an order's entry by orderId
     * @param deadlines the deadline index store (deadline|orderId -> orderId)
     */
    Expiry(Consumer<String> delete, KeyValueStore<String, String> deadlines, Duration retention) {
        this.delete = delete;
        this.deadlines = new DeadlineIndex(deadlines);
        this.retentionMs = retention.toMillis();
    }

    /** The order's entry is deleted once the retention has passed after {@code now}. */
    void expireAfterRetention(String orderId, long now) {
        deadlines.add(now + retentionMs, orderId);
    }

    /** Deletes (tombstones) the entries whose retention ended at or before {@code now}. */
    void deleteDue(long now) {
        for (String orderId : deadlines.takeDue(now)) {
            delete.accept(orderId);
        }
    }
}
