package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class DrainTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final long START = 1_000_000;

    @Test
    void shouldSettleWhenNothingIsInFlightAndTheTopicsWereQuiet() {
        assertThat(Drain.decide(START + 6_000, START, START, START, 0, false, TIMEOUT)).isEqualTo(Drain.End.SETTLED);
    }

    @Test
    void shouldKeepWaitingWhileOrdersAreInFlightAndCompletionsAreRecent() {
        assertThat(Drain.decide(START + 30_000, START, START + 20_000, START + 29_000, 10, false, TIMEOUT)).isNull();
    }

    @Test
    void shouldGiveTheFullTimeoutFromTheDrainStartWhenSendingDidNotStall() {
        long lastCompletion = START - 100_000;

        assertThat(Drain.decide(START + 59_000, START, lastCompletion, lastCompletion, 10, false, TIMEOUT)).isNull();
        assertThat(Drain.decide(START + 61_000, START, lastCompletion, lastCompletion, 10, false, TIMEOUT))
                .isEqualTo(Drain.End.TIMED_OUT);
    }

    @Test
    void shouldEndAtOnceWhenSendingStalledAndNothingCompletedForTheTimeout() {
        long lastCompletion = START - 65_000;

        assertThat(Drain.decide(START + 100, START, lastCompletion, lastCompletion, 3181, true, TIMEOUT))
                .isEqualTo(Drain.End.TIMED_OUT);
    }

    @Test
    void shouldEndAtOnceWhenSendingStalledAndNoOrderEverCompleted() {
        assertThat(Drain.decide(START + 100, START, 0, START - 60_000, 500, true, TIMEOUT))
                .isEqualTo(Drain.End.TIMED_OUT);
    }

    @Test
    void shouldWaitForTheAppToCatchUpBeforeTheQuietCounts() {
        // given every order final and the outcome topics quiet for 10 s, but the app seen caught up only 2 s ago
        // (the manufacturer was behind on the releases of delivered orders: the stock would be read before them)
        long now = START + 10_000;

        // then the drain waits until the topics were quiet for the settle time since it caught up
        assertThat(Drain.decide(now, START, START, START, now - 2_000, 0, false, TIMEOUT)).isNull();
        assertThat(Drain.decide(now + 3_100, START, START, START, now - 2_000, 0, false, TIMEOUT))
                .isEqualTo(Drain.End.SETTLED);
    }

    @Test
    void shouldKeepWaitingWhileTheAppIsBehindAndEndAfterTheCatchUpBound() {
        // given every order final, the topics quiet, and the app behind (or its lag unknown)
        assertThat(Drain.decide(START + 29_000, START, START, START, Drain.BEHIND, 0, false, TIMEOUT)).isNull();

        // then the drain ends once the topics were quiet for the catch-up bound: a stopped app does not hold the run
        assertThat(Drain.decide(START + 30_001, START, START, START, Drain.BEHIND, 0, false, TIMEOUT))
                .isEqualTo(Drain.End.SETTLED);
    }

    @Test
    void shouldSettleAsBeforeWhenTheDrainDoesNotAsk() {
        assertThat(Drain.decide(START + 6_000, START, START, START, Drain.NOT_ASKED, 0, false, TIMEOUT))
                .isEqualTo(Drain.End.SETTLED);
    }
}
