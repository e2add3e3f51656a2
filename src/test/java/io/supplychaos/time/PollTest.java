package io.supplychaos.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PollTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void shouldGiveUpAtTheDeadlineAndNotLongAfter() {
        long t0 = System.nanoTime();

        boolean held = Poll.until(Duration.ofMillis(300), Duration.ofMillis(50), () -> false);

        long tookMillis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(held).isFalse();
        assertThat(tookMillis).isBetween(300L, 1_000L);
    }

    @Test
    void shouldNotSleepPastTheDeadlineWhenTheIntervalIsLonger() {
        long t0 = System.nanoTime();

        Poll.until(Duration.ofMillis(200), Duration.ofSeconds(10), () -> false);

        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(2_000L);
    }

    @Test
    void shouldReturnAsSoonAsTheConditionHolds() {
        AtomicInteger calls = new AtomicInteger();

        boolean held = Poll.until(Duration.ofSeconds(10), Duration.ofMillis(10), () -> calls.incrementAndGet() == 3);

        assertThat(held).isTrue();
        assertThat(calls).hasValue(3);
    }

    @Test
    void shouldEndTheWaitAtOnceWhenInterruptedAndKeepTheFlag() throws Exception {
        AtomicLong tookMillis = new AtomicLong();
        AtomicInteger flagKept = new AtomicInteger();
        Thread waiter = new Thread(() -> {
            long t0 = System.nanoTime();
            boolean held = Poll.until(Duration.ofSeconds(30), Duration.ofMillis(50), () -> false);
            tookMillis.set((System.nanoTime() - t0) / 1_000_000);
            flagKept.set(!held && Thread.currentThread().isInterrupted() ? 1 : 0);
        });
        waiter.start();
        Thread.sleep(200); // let it enter the wait: the interrupt must end a wait, not prevent one
        waiter.interrupt();
        waiter.join(5_000);

        assertThat(waiter.isAlive()).isFalse();
        assertThat(tookMillis.get()).isLessThan(5_000L);
        assertThat(flagKept).hasValue(1);
    }

    @Test
    void shouldSayInterruptedWhenARequiredWaitIsInterrupted() {
        Thread.currentThread().interrupt();

        assertThatThrownBy(() -> Poll.require("broker 2 to register", Duration.ofSeconds(30), () -> false))
                .isInstanceOf(Poll.PollTimeoutException.class)
                .hasMessage("interrupted while waiting for broker 2 to register");
    }

    @Test
    void shouldTreatAThrowingConditionAsNotYet() {
        AtomicInteger calls = new AtomicInteger();

        boolean held = Poll.until(Duration.ofSeconds(10), Duration.ofMillis(10), () -> {
            if (calls.incrementAndGet() < 3) {
                throw new IllegalStateException("cluster not answering yet");
            }
            return true;
        });

        assertThat(held).isTrue();
        assertThat(calls).hasValue(3);
    }

    @Test
    void shouldNameWhatAndTheTimeoutAndKeepTheLastFailureAsCause() {
        assertThatThrownBy(() -> Poll.require("broker 2 to register", Duration.ofMillis(100), () -> {
            throw new IllegalStateException("connection refused");
        }))
                .isInstanceOf(Poll.PollTimeoutException.class)
                .hasMessageStartingWith("timed out after 100 ms waiting for broker 2 to register")
                .hasMessageContaining("connection refused")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldEndTheWaitAtOnceOnAbort() {
        long t0 = System.nanoTime();

        assertThatThrownBy(() -> Poll.require("app 1 to be ready", Duration.ofSeconds(30), () -> {
            throw new Poll.Abort("app 1 exited");
        })).isInstanceOf(Poll.Abort.class).hasMessage("app 1 exited");
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5_000L);
    }

    @Test
    void shouldGiveAValueOnceTheSupplierHasOne() {
        AtomicInteger calls = new AtomicInteger();

        assertThat(Poll.value(Duration.ofSeconds(10), Duration.ofMillis(10), () -> calls.incrementAndGet() < 2 ? null : "leader 3"))
                .contains("leader 3");
        assertThat(Poll.value(Duration.ofMillis(50), Duration.ofMillis(10), () -> null)).isEmpty();
    }

    @Test
    void shouldWaitThroughInterruptsInTeardownWaitsAndSetTheFlagAgain() {
        Thread.currentThread().interrupt();
        long t0 = System.nanoTime();

        boolean held = Poll.untilIgnoringInterrupts(Duration.ofMillis(300), Duration.ofMillis(20), () -> false);

        assertThat(held).isFalse();
        assertThat((System.nanoTime() - t0) / 1_000_000).as("the whole grace, not cut short").isGreaterThanOrEqualTo(290L);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
