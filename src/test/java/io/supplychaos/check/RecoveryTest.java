package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Recovery time from the per-second completion counts. */
class RecoveryTest {

    @Test
    void shouldMeasureFromTheFaultToTheFirstSecondBackAtHalfTheEarlierRate() {
        long[] completed = {100, 100, 100, 100, 100, 20, 0, 0, 30, 60, 100};

        assertThat(Recovery.seconds(completed, 5)).hasValue(4);
    }

    @Test
    void shouldBeZeroWhenTheFaultNeverHurtTheRate() {
        long[] completed = {100, 100, 100, 100, 100, 90, 95, 100};

        assertThat(Recovery.seconds(completed, 5)).hasValue(0);
    }

    @Test
    void shouldBeEmptyWhenTheRateNeverCameBack() {
        long[] completed = {100, 100, 100, 100, 100, 10, 0, 0};

        assertThat(Recovery.seconds(completed, 5)).isEmpty();
    }

    @Test
    void shouldMeasureAgainstThePhaseMeanWhenTheFaultCameBeforeAnythingCompleted() {
        long[] completed = {0, 0, 0, 0, 0, 0, 0, 300, 300, 300};

        assertThat(Recovery.seconds(completed, 2)).hasValue(5);
    }

    @Test
    void shouldNotRecoverWhenNoOrderCompletedAfterTheFault() {
        long[] completed = {100, 100, 100, 100, 100, 0, 0, 0};

        assertThat(Recovery.millis(completed, 0, 8_000, 5_000, java.util.List.of(1_000L, 4_999L), false)).isNull();
    }

    @Test
    void shouldNotRecoverWhenNothingCompletedInTheWholePhase() {
        assertThat(Recovery.seconds(new long[] {0, 0, 0}, 0)).isEmpty();
    }

    @Test
    void shouldMeasureAFaultAtTheVeryStartAgainstThePhaseMean() {
        long[] completed = {0, 0, 300, 300, 300};

        assertThat(Recovery.millis(completed, 0, 5_000, 0, java.util.List.of(2_100L), true)).isEqualTo(2_000L);
    }

    @Test
    void shouldMeasureAFaultAfterSendingToTheNextCompletion() {
        long[] completed = {100, 100};

        assertThat(Recovery.millis(completed, 0, 2_000, 5_000, java.util.List.of(7_500L), true)).isEqualTo(2_500L);
    }

    @Test
    void shouldCountTheDrainsCompletionsAsTheRateComingBack() {
        // given 1 order/s, a fault at second 5 that stops completions until the drain (second 10) catches up
        long[] completed = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 3};

        assertThat(Recovery.seconds(completed, 5, 10, -1)).hasValue(5);
    }

    @Test
    void shouldRecoverWhenTheLastOrderInFlightCompletedInTheDrainBelowHalfTheRate() {
        // given 4 orders/s, a fault at second 5; the drain (from second 7) completes the one order left
        long[] completed = {4, 4, 4, 4, 4, 0, 0, 1};

        assertThat(Recovery.seconds(completed, 5, 7, 7)).as("nothing left to complete: throughput is back").hasValue(2);
        assertThat(Recovery.seconds(completed, 5, 7, -1)).as("orders still in flight at the end").isEmpty();
    }

    @Test
    void shouldNotTakeTheDrainsQuietTailForAFaultsHarm() {
        // given a fault at second 5 that never lowered the rate while load was offered
        long[] completed = {4, 4, 4, 4, 4, 4, 4, 1};

        assertThat(Recovery.seconds(completed, 5, 7, -1)).hasValue(0);
    }

    @Test
    void shouldMeasureIntoTheDrainFromTheCompletionTimes() {
        // given completions at 1/s for 5 s, a fault at 5.0 s, sending ended at 8 s, the backlog done at 9.5 s
        List<Long> at = List.of(500L, 1_500L, 2_500L, 3_500L, 4_500L, 9_200L, 9_500L);
        long[] perSecond = FaultIntervals.completedPerSecond(at, 0, 8_000);

        assertThat(perSecond).hasSize(10);
        assertThat(Recovery.millis(perSecond, 0, 8_000, 5_000, at, true)).isEqualTo(4_000L);
    }
}
