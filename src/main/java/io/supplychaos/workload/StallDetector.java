package io.supplychaos.workload;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Tells when sending has stalled: sends were outstanding or failed, and none was acknowledged for
 * the stall timeout (a cluster that stopped accepting writes). The clock starts again when a send
 * goes out with nothing outstanding and nothing failed since the last acknowledgement, so a slow
 * schedule never counts as a stall, while sends that each block and fail (no metadata: every
 * client link cut) do. Failed sends are no progress: only acknowledgements are. Thread-safe; the
 * clock is injectable for tests.
 */
public final class StallDetector {

    private final long timeoutMillis;
    private final LongSupplier clock;
    private long outstanding;
    private long lastProgress;
    private boolean failedSinceProgress;

    public StallDetector(Duration timeout, LongSupplier clock) {
        this.timeoutMillis = timeout.toMillis();
        this.clock = clock;
        this.lastProgress = clock.getAsLong();
    }

    public StallDetector(Duration timeout) {
        this(timeout, System::currentTimeMillis);
    }

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

    /** True when sends are outstanding or failed and nothing was acknowledged for the timeout. */
    public synchronized boolean stalled() {
        return (outstanding > 0 || failedSinceProgress) && clock.getAsLong() - lastProgress >= timeoutMillis;
    }

    /** When the last acknowledgement (or the first send after an idle spell) happened. */
    public synchronized long lastProgressAt() {
        return lastProgress;
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }
}
