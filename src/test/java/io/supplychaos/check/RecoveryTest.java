package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;

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

        assertThat(Recovery.millis(completed, 0, 5_000, java.util.List.of(1_000L, 4_999L))).isNull();
    }

    @Test
    void shouldNotRecoverWhenNothingCompletedInTheWholePhase() {
        assertThat(Recovery.seconds(new long[] {0, 0, 0}, 0)).isEmpty();
    }

    @Test
    void shouldMeasureAFaultAtTheVeryStartAgainstThePhaseMean() {
        long[] completed = {0, 0, 300, 300, 300};

        assertThat(Recovery.millis(completed, 0, 0, java.util.List.of(2_100L))).isEqualTo(2_000L);
    }

    @Test
    void shouldMeasureAFaultAfterSendingToTheNextCompletion() {
        long[] completed = {100, 100};

        assertThat(Recovery.millis(completed, 0, 5_000, java.util.List.of(7_500L))).isEqualTo(2_500L);
    }
}
