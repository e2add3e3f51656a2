package io.supplychaos.workload;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Tells when sending has stalled: sends were outstanding or failed, and none was acknowledged for
 * the stall timeout (a cluster that stopped accepting writes). The clock starts again when a send
 * goes out with nothing outstanding and nothing failed since the last acknowledgement, so a slow
 * schedule never counts as a stall, while sends that each block and fail (no metadata: every
 * client link cut) do. Failed sends are no progress: only acknowledgements are.
 *
 * <p>A fault the run will end itself (a scheduled fault with a duration: the schedule heals it)
 * excuses the silence it causes: while such a fault is in place or being healed nothing stalls,
 * and when it has ended the clock counts from its end, not from the last acknowledgement before
 * it. A power loss of every broker for 10 s whose restart takes 35 s on a loaded machine is an
 * outage of 45 s that the run planned; the brokers then get the whole stall timeout to answer
 * again. A fault whose end the run cannot know (a broker killed for good, a fault from another
 * terminal) excuses nothing while it holds; its end, when it comes, restarts the clock as well.
 * Thread-safe; the clocks are injectable for tests.
 */
public final class StallDetector {

    private final long timeoutMillis;
    private final LongSupplier clock;
    private final LongSupplier faultsEndedAt;
    private long outstanding;
    private long lastProgress;
    private boolean failedSinceProgress;

    /**
     * @param faultsEndedAt when the last fault the run ends itself ended: {@link #FAULT_IN_PLACE} while
     *                      one is in place or being healed, 0 when there was none
     */
    public StallDetector(Duration timeout, LongSupplier clock, LongSupplier faultsEndedAt) {
        this.timeoutMillis = timeout.toMillis();
        this.clock = clock;
        this.faultsEndedAt = faultsEndedAt;
        this.lastProgress = clock.getAsLong();
    }

    public StallDetector(Duration timeout, LongSupplier clock) {
        this(timeout, clock, NO_FAULTS);
    }

    public StallDetector(Duration timeout) {
        this(timeout, System::currentTimeMillis);
    }

    /** What {@code faultsEndedAt} says while a fault the run ends itself is in place or being healed. */
    public static final long FAULT_IN_PLACE = Long.MAX_VALUE;

    /** No fault excuses anything. */
    public static final LongSupplier NO_FAULTS = () -> 0;

    /** A send was handed to the producer. */
    public synchronized void sent() {
        if (outstanding++ == 0 && !failedSinceProgress) {
            lastProgress = clock.getAsLong();
        }
    }

    /** A send was acknowledged: progress. */
    public synchronized void acked() {
        outstanding = Math.max(0, outstanding - 1);
        lastProgress = clock.getAsLong();
        failedSinceProgress = false;
    }

    /** A send failed for good: it is no longer outstanding, but it is no progress either. */
    public synchronized void failed() {
        outstanding = Math.max(0, outstanding - 1);
        failedSinceProgress = true;
    }

    /** Sends handed to the producer and not yet acknowledged or failed. */
    public synchronized long outstanding() {
        return outstanding;
    }

    /**
     * True when sends are outstanding or failed and nothing was acknowledged for the timeout, counted
     * from the later of the last acknowledgement and the end of the last fault the run ended itself.
     */
    public synchronized boolean stalled() {
        if (outstanding == 0 && !failedSinceProgress) {
            return false;
        }
        long faultEnded = faultsEndedAt.getAsLong();
        if (faultEnded == FAULT_IN_PLACE) {
            return false;
        }
        return clock.getAsLong() - Math.max(lastProgress, faultEnded) >= timeoutMillis;
    }

    /** When the last acknowledgement (or the first send after an idle spell) happened. */
    public synchronized long lastProgressAt() {
        return lastProgress;
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }
}
