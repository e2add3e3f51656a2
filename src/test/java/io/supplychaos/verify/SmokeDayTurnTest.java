package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/**
 * Kafka's smoke app keeps 1-day windows aligned to UTC days: {@code verify smoke} starts its driver
 * only when the input it is about to write fits in one UTC day, and otherwise waits for the day to
 * turn.
 */
class SmokeDayTurnTest {

    private static long at(String instant) {
        return Instant.parse(instant).toEpochMilli();
    }

    @Test
    void shouldNotWaitWhenTheInputFitsInTheDay() {
        // given a 45 s input (67.5 s with its margin) written from 23:58:52
        // then it ends before midnight: no wait
        assertThat(VerifyRunner.waitForTheDayToTurn(at("2026-11-28T23:58:52Z"), Duration.ofSeconds(45))).isZero();
        assertThat(VerifyRunner.waitForTheDayToTurn(at("2026-11-29T00:00:00Z"), Duration.ofHours(1))).isZero();
    }

    @Test
    void shouldWaitUntilJustPastMidnightWhenTheInputWouldCrossIt() {
        // given the CI run's start: a 45 s input from 23:59:30 UTC
        long now = at("2026-11-28T23:59:30Z");

        // when asked how long to wait
        Duration wait = VerifyRunner.waitForTheDayToTurn(now, Duration.ofSeconds(45));

        // then the driver starts 2 s past midnight, and from there the input fits in the new day
        assertThat(wait).isEqualTo(Duration.ofSeconds(32));
        long start = now + wait.toMillis();
        assertThat(Instant.ofEpochMilli(start)).isEqualTo(Instant.parse("2026-11-29T00:00:02Z"));
        assertThat(VerifyRunner.waitForTheDayToTurn(start, Duration.ofSeconds(45))).isZero();
    }

    @Test
    void shouldCountTheMarginForABusyMachine() {
        // given a 90 s input from 23:58:00 UTC: written on time it ends at 23:59:30, but a busy
        // machine may take half again (135 s) and end at 00:00:15
        long now = at("2026-11-28T23:58:00Z");

        // then the driver waits for midnight all the same; from 23:57:44 even 135 s end at 23:59:59
        assertThat(VerifyRunner.waitForTheDayToTurn(now, Duration.ofSeconds(90))).isEqualTo(Duration.ofSeconds(122));
        assertThat(VerifyRunner.waitForTheDayToTurn(at("2026-11-28T23:57:44Z"), Duration.ofSeconds(90))).isZero();
    }

    @Test
    void shouldWaitAtMostTheInputSpanPlusTheMargin() {
        // given the longest input --duration allows (1 h) starting one millisecond after 22:30 UTC
        long now = at("2026-11-28T22:30:00.001Z");

        Duration wait = VerifyRunner.waitForTheDayToTurn(now, Duration.ofHours(1));

        assertThat(wait).isLessThanOrEqualTo(VerifyRunner.inputSpan(Duration.ofHours(1)).plus(VerifyRunner.DAY_TURN_MARGIN));
        assertThat(Instant.ofEpochMilli(now + wait.toMillis())).isEqualTo(Instant.parse("2026-11-29T00:00:02Z"));
    }
}
