package io.supplychaos.topology.processor;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Deletes a store's per-order entries a retention time after a processor marks them done (the
 * order accepted, released or notified final), so that stores and their changelogs do not grow
 * with every order ever seen. Until then a repeated record for the order still finds its entry and
 * is recognised.
 *
 * <p>The deletion times are kept in memory ({@link DueTimes}), not in a store: they follow from
 * the entries themselves (each holds the time it was done), so a processor rebuilds them in
 * {@code init} by reading its store once ({@link #expireAfterRetention} for each done entry).
 * A deadline index store cost one changelog record per order and per store, and a tombstone later
 * (three per order in all, docs/PERFORMANCE.md); memory is about 16 bytes and the id's bytes per
 * order within the retention ({@link DueTimes}).
 */
final class Expiry {

    private final Consumer<String> delete;
    private final long retentionMs;
    private final DueTimes due = new DueTimes();

    /**
     * @param delete deletes an order's entry by orderId
     */
    Expiry(Consumer<String> delete, Duration retention) {
        this.delete = delete;
        this.retentionMs = retention.toMillis();
    }

    /** The order's entry is deleted once the retention has passed after {@code doneAt}. */
    void expireAfterRetention(String orderId, long doneAt) {
        due.add(doneAt + retentionMs, orderId);
    }

    /** Deletes (tombstones) the entries whose retention ended at or before {@code now}, earliest first. */
    void deleteDue(long now) {
        due.takeDue(now).forEach(delete);
    }
}
