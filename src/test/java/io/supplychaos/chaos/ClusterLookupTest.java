package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.supplychaos.time.Poll;

/**
 * A fault's target is looked up while the cluster may be electing (a broker just restarted): a
 * look-up without an answer is asked again within its bound, one naming a target that does not
 * exist fails at once, and one that never answers fails naming what it looked for.
 */
class ClusterLookupTest {

    @Test
    void givenAClusterThatDoesNotAnswerTwiceWhenTheLeaderIsLookedUpThenTheThirdAnswerIsTaken() {
        // given a cluster whose only broker is restarting: two calls time out, then it answers
        AtomicInteger calls = new AtomicInteger();

        // when
        int leader = ClusterLookup.lookUp("the leader of data:0", Duration.ofSeconds(10), () -> {
            if (calls.incrementAndGet() < 3) {
                throw new IllegalStateException("the cluster at 127.0.0.1:20041 did not answer within 5 s");
            }
            return 1;
        });

        // then
        assertThat(leader).isEqualTo(1);
        assertThat(calls).hasValue(3);
    }

    @Test
    void givenATopicThatDoesNotExistWhenLookedUpThenItFailsAtOnceWithoutRetrying() {
        AtomicInteger calls = new AtomicInteger();

        assertThatThrownBy(() -> ClusterLookup.lookUp("the leader of nope:0", Duration.ofSeconds(10), () -> {
            calls.incrementAndGet();
            throw new IllegalArgumentException("no topic 'nope' in the cluster");
        })).isInstanceOf(IllegalArgumentException.class).hasMessage("no topic 'nope' in the cluster");
        assertThat(calls).hasValue(1);
    }

    @Test
    void givenAPartitionThatNeverGetsALeaderWhenLookedUpThenItFailsAtTheBoundNamingWhatAndWhy() {
        assertThatThrownBy(() -> ClusterLookup.lookUp("the leader of data:0", Duration.ofMillis(600), () -> {
            throw new IllegalStateException("data:0 has no leader now");
        })).isInstanceOf(Poll.PollTimeoutException.class)
                .hasMessageContaining("waiting for the leader of data:0")
                .hasMessageContaining("(last: data:0 has no leader now)");
    }
}
