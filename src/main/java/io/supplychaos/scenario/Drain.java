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
 * for {@link #SETTLE} (the run's last drain: quiet since the app was seen caught up with its inputs,
 * or for {@link #CATCH_UP} when it never is), or until no order completed for the drain timeout. The timeout counts from
 * the later of the drain's start and the last completion; when sending stalled it counts from the
 * last completion alone, since the stall already waited that long for a cluster that answers nothing.
 */
final class Drain {

    /** Quiet time on the outcome topics after the last order completed before the run is checked. */
    static final Duration SETTLE = Timeouts.DRAIN_SETTLE;
    /** Quiet time after which the drain ends though the app's lag was never seen at its end. */
    static final Duration CATCH_UP = Timeouts.DRAIN_CATCH_UP;
    /** {@code caughtUpSince} of a drain that does not ask about the app's lag. */
    static final long NOT_ASKED = Long.MIN_VALUE;
    /** {@code caughtUpSince} while the app is behind its inputs, or its lag is unknown. */
    static final long BEHIND = -1;

    enum End { SETTLED, TIMED_OUT, STOPPED }

    private Drain() {
    }

    /** The drain's decision at one moment, not asking about the app's lag; pure, for tests. */
    static End decide(long now, long drainStart, long lastCompletionAt, long lastRecordAt, long inFlight,
                      boolean sendingStalled, Duration timeout) {
        return decide(now, drainStart, lastCompletionAt, lastRecordAt, NOT_ASKED, inFlight, sendingStalled, timeout);
    }

    /**
     * The drain's decision at one moment; pure, for tests.
     *
     * @param caughtUpSince since when the app has been seen caught up with its inputs without a break
     *                      ({@link #BEHIND} while not, {@link #NOT_ASKED} when the drain does not ask).
     *                      Every order can be final while the manufacturer is still behind on the
     *                      releases that move delivered units to shipped (a busy machine put it 16 s
     *                      behind): the quiet then counts from when it caught up, so that the stock
     *                      is read after it
     */
    static End decide(long now, long drainStart, long lastCompletionAt, long lastRecordAt, long caughtUpSince,
                      long inFlight, boolean sendingStalled, Duration timeout) {
        if (inFlight == 0) {
            if (caughtUpSince != BEHIND && now - Math.max(lastRecordAt, caughtUpSince) > SETTLE.toMillis()) {
                return End.SETTLED;
            }
            // an app that never catches up (stopped, or its lag unknown) does not hold the run beyond this
            if (caughtUpSince == BEHIND && now - lastRecordAt > CATCH_UP.toMillis()) {
                return End.SETTLED;
            }
        }
        long progress = sendingStalled ? lastCompletionAt : Math.max(drainStart, lastCompletionAt);
        return now - progress > timeout.toMillis() ? End.TIMED_OUT : null;
    }

    static End await(RunRecorder recorder, OutcomeConsumer outcomes, Duration timeout, boolean sendingStalled,
                     BooleanSupplier stop, LongSupplier clock) {
        return await(recorder, outcomes, timeout, sendingStalled, stop, clock, null);
    }

    /**
     * @param appCaughtUp whether the app has processed and committed every record written to its
     *                    inputs, asked while nothing is in flight; null not to ask
     */
    static End await(RunRecorder recorder, OutcomeConsumer outcomes, Duration timeout, boolean sendingStalled,
                     BooleanSupplier stop, LongSupplier clock, BooleanSupplier appCaughtUp) {
        long start = clock.getAsLong();
        End[] end = new End[1];
        long[] caughtUpSince = {appCaughtUp == null ? NOT_ASKED : BEHIND};
        // the decision bounds this wait: no completion for the timeout ends it
        Poll.until(Duration.ofDays(365), () -> {
            if (stop.getAsBoolean()) {
                end[0] = End.STOPPED;
            } else {
                long now = clock.getAsLong();
                long inFlight = recorder.inFlight();
                if (appCaughtUp != null) {
                    if (inFlight == 0 && appCaughtUp.getAsBoolean()) {
                        caughtUpSince[0] = caughtUpSince[0] == BEHIND ? now : caughtUpSince[0];
                    } else {
                        caughtUpSince[0] = BEHIND;
                    }
                }
                end[0] = decide(now, start, recorder.lastCompletionAt(), outcomes.lastRecordAt(), caughtUpSince[0],
                        inFlight, sendingStalled, timeout);
            }
            return end[0] != null;
        });
        return end[0] == null ? End.STOPPED : end[0];
    }
}
