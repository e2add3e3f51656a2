package io.supplychaos.scenario;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.workload.OutcomeConsumer;
import io.supplychaos.workload.RunRecorder;

/**
 * The drain phase: waits until every acknowledged order is final and the outcome topics were quiet
 * for {@link #SETTLE}, or until no order completed for the drain timeout. The timeout counts from
 * the later of the drain's start and the last completion; when sending stalled it counts from the
 * last completion alone, since the stall already waited that long for a cluster that answers nothing.
 */
final class Drain {

    /** Quiet time on the outcome topics after the last order completed before the run is checked. */
    static final Duration SETTLE = Timeouts.DRAIN_SETTLE;

    enum End { SETTLED, TIMED_OUT, STOPPED }

    private Drain() {
    }

    /** The drain's decision at one moment; pure, for tests. */
    static End decide(long now, long drainStart, long lastCompletionAt, long lastRecordAt, long inFlight,
                      boolean sendingStalled, Duration timeout) {
        // the releases that move delivered units to shipped come one commit and one hop after DELIVERED
        if (inFlight == 0 && now - lastRecordAt > SETTLE.toMillis()) {
            return End.SETTLED;
        }
        long progress = sendingStalled ? lastCompletionAt : Math.max(drainStart, lastCompletionAt);
        return now - progress > timeout.toMillis() ? End.TIMED_OUT : null;
    }

    static End await(RunRecorder recorder, OutcomeConsumer outcomes, Duration timeout, boolean sendingStalled,
                     BooleanSupplier stop, LongSupplier clock) {
        long start = clock.getAsLong();
        End[] end = new End[1];
        // the decision bounds this wait: no completion for the timeout ends it
        Poll.until(Duration.ofDays(365), () -> {
            if (stop.getAsBoolean()) {
                end[0] = End.STOPPED;
            } else {
                end[0] = decide(clock.getAsLong(), start, recorder.lastCompletionAt(), outcomes.lastRecordAt(),
                        recorder.inFlight(), sendingStalled, timeout);
            }
            return end[0] != null;
        });
        return end[0] == null ? End.STOPPED : end[0];
    }
}
