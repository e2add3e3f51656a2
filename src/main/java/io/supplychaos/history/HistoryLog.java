package io.supplychaos.history;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's history while it runs: every thread of the run (load generator callbacks, the outcome
 * consumer, the fault timeline, the sampler) appends here, in the order they record. Thread-safe;
 * {@link #events()} is a snapshot. Written to {@code history.jsonl.gz} by {@link HistoryFile}.
 */
public final class HistoryLog {

    private final List<HistoryEvent> events = new ArrayList<>();

    public synchronized void append(HistoryEvent event) {
        events.add(event);
    }

    /** Everything recorded so far, in recording order. */
    public synchronized List<HistoryEvent> events() {
        return List.copyOf(events);
    }

    public synchronized int size() {
        return events.size();
    }
}
