package io.supplychaos.workload;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;

/**
 * Where a run's own components (the outcome consumer, the recorder, the load generator's
 * callbacks, the fault timeline, a phase) report that they failed: each failure becomes a
 * {@link HistoryEvent.ToolError} in the history, and the first one ends the run as ERROR with its
 * cause. Nothing the tool fails at may pass silently as a lost order. Thread-safe.
 */
public final class ToolFailures {

    private final HistoryLog history;
    private final AtomicReference<HistoryEvent.ToolError> first = new AtomicReference<>();

    public ToolFailures(HistoryLog history) {
        this.history = history;
    }

    /** Records the failure of {@code where} ("outcome consumer", "recorder: acked"). */
    public void record(String where, Throwable cause) {
        HistoryEvent.ToolError error = new HistoryEvent.ToolError(where, describe(cause), System.currentTimeMillis());
        history.append(error);
        first.compareAndSet(null, error);
    }

    /** The first failure, if any: the run must end as ERROR with it. */
    public Optional<HistoryEvent.ToolError> first() {
        return Optional.ofNullable(first.get());
    }

    public boolean any() {
        return first.get() != null;
    }

    static String describe(Throwable cause) {
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
