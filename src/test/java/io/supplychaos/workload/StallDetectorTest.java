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
}
