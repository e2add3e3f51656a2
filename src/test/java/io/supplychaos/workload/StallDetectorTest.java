package io.supplychaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class StallDetectorTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final StallDetector stall = new StallDetector(Duration.ofSeconds(60), now::get);

    @Test
    void shouldStallWhenSendsAreOutstandingAndNothingIsAcknowledgedForTheTimeout() {
        stall.sent();
        now.addAndGet(59_999);
        assertThat(stall.stalled()).isFalse();

        now.addAndGet(1);

        assertThat(stall.stalled()).isTrue();
    }

    @Test
    void shouldNotStallWhileAcknowledgementsKeepComing() {
        stall.sent();
        stall.sent();
        now.addAndGet(50_000);
        stall.acked();
        now.addAndGet(50_000);

        assertThat(stall.stalled()).isFalse();
    }

    @Test
    void shouldNotStallWhenNothingIsOutstanding() {
        stall.sent();
        stall.acked();

        now.addAndGet(120_000);

        assertThat(stall.stalled()).isFalse();
    }

    @Test
    void shouldRestartTheClockWhenASendGoesOutAfterAnIdleSpell() {
        now.addAndGet(120_000);

        stall.sent();
        now.addAndGet(30_000);

        assertThat(stall.stalled()).isFalse();
    }

    @Test
    void shouldCountFailedSendsAsNoProgress() {
        stall.sent();
        stall.sent();
        now.addAndGet(30_000);
        stall.failed();
        now.addAndGet(30_000);

        assertThat(stall.outstanding()).isEqualTo(1);
        assertThat(stall.stalled()).isTrue();
    }

    @Test
    void shouldStallWhenEverySendBlocksAndFailsOneAfterTheOther() {
        // given a producer with no metadata: each send blocks, fails, and the next goes out with nothing outstanding
        for (int send = 0; send < 6; send++) {
            stall.sent();
            now.addAndGet(10_000);
            stall.failed();
        }

        assertThat(stall.outstanding()).isZero();
        assertThat(stall.stalled()).isTrue();
    }

    @Test
    void shouldForgetFailuresOnceAnAcknowledgementComes() {
        stall.sent();
        stall.failed();
        stall.sent();
        stall.acked();

        now.addAndGet(120_000);

        assertThat(stall.stalled()).isFalse();
    }

    @Test
    void shouldNotStallWhileAFaultTheRunEndsItselfIsInPlaceOrBeingHealed() {
        // given every broker powered off by a scheduled fault whose heal (a restart) is slow
        AtomicLong faultEnded = new AtomicLong(StallDetector.FAULT_IN_PLACE);
        StallDetector excused = new StallDetector(Duration.ofSeconds(60), now::get, faultEnded::get);
        excused.sent();

        // when no acknowledgement comes for longer than the timeout while the fault holds
        now.addAndGet(90_000);

        // then that silence was expected
        assertThat(excused.stalled()).isFalse();
    }

    @Test
    void shouldCountFromTheEndOfTheLastFaultWhenItEndedAfterTheLastAcknowledgement() {
        // given the last acknowledgement 45 s before the fault's heal completed
        AtomicLong faultEnded = new AtomicLong(StallDetector.FAULT_IN_PLACE);
        StallDetector excused = new StallDetector(Duration.ofSeconds(60), now::get, faultEnded::get);
        excused.sent();
        excused.sent();
        excused.acked();
        now.addAndGet(45_000);
        faultEnded.set(now.get());

        // when the brokers stay silent for 59.999 s after the heal, then for the whole timeout
        now.addAndGet(59_999);
        boolean justBefore = excused.stalled();
        now.addAndGet(1);

        // then the brokers had the whole stall timeout after the heal, and no more
        assertThat(justBefore).isFalse();
        assertThat(excused.stalled()).isTrue();
    }

    @Test
    void shouldCountFromTheLastAcknowledgementWhenTheFaultEndedBeforeIt() {
        // given a fault that ended long ago, and an acknowledgement after it
        AtomicLong faultEnded = new AtomicLong(now.get());
        StallDetector excused = new StallDetector(Duration.ofSeconds(60), now::get, faultEnded::get);
        now.addAndGet(10_000);
        excused.sent();
        excused.sent();
        excused.acked();

        // when nothing more is acknowledged for the timeout
        now.addAndGet(60_000);

        // then it stalled: an old fault excuses nothing
        assertThat(excused.stalled()).isTrue();
    }
}
