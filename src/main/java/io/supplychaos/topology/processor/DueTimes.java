package io.supplychaos.topology.processor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Ids by a wall-clock time at which something falls due (an entry's deletion, a shipment's next
 * step), kept in memory by the processor that owns them. They are derived state: each time follows
 * from an entry of the processor's store, so the processor adds them again from its store in
 * {@code init}, which Streams calls after restoring it. A store of deadlines instead cost a
 * changelog record per order, and a tombstone later. Not thread-safe: a processor's own.
 */
final class DueTimes {

    private record Due(long at, String id) {
    }

    private final PriorityQueue<Due> queue = new PriorityQueue<>(Comparator.comparingLong(Due::at));

    void add(long at, String id) {
        queue.add(new Due(at, id));
    }

    /** Removes and returns the ids due at or before {@code now}, earliest first. */
    List<String> takeDue(long now) {
        List<String> due = new ArrayList<>();
        while (!queue.isEmpty() && queue.peek().at() <= now) {
            due.add(queue.poll().id());
        }
        return due;
    }

    int size() {
        return queue.size();
    }
}
