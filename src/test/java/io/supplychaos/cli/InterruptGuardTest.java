package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class InterruptGuardTest {

    @Test
    void shouldStopWhatTheWorkStartedItselfWhenTheWorkOverrunsItsTeardown() {
        // given: work that never notices the interrupt
        AtomicInteger stoppedByGuard = new AtomicInteger();
        try (InterruptGuard guard = new InterruptGuard("test", Duration.ofMillis(50), stoppedByGuard::incrementAndGet)) {
            // when: the signal arrives
            guard.interruptForTest();

            // then
            assertThat(guard.stop()).isTrue();
            assertThat(stoppedByGuard).hasValue(1);
        }
    }

    @Test
    void shouldLeaveTheTeardownToTheWorkWhenItFinishesWithinTheBudget() throws Exception {
        // given: work that tears down as soon as it sees the stop flag
        AtomicInteger stoppedByGuard = new AtomicInteger();
        InterruptGuard guard = new InterruptGuard("test", Duration.ofSeconds(30), stoppedByGuard::incrementAndGet);
        CompletableFuture<Void> work = CompletableFuture.runAsync(() -> {
            while (!guard.stop().get()) {
                Thread.onSpinWait();
            }
            guard.close();
        });

        // when
        guard.interruptForTest();

        // then
        work.get(10, TimeUnit.SECONDS);
        assertThat(stoppedByGuard).hasValue(0);
    }
}
