package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.KafkaAccess;
import io.supplychaos.history.HistoryLog;

/**
 * The heal phase's wait for leaders: a partition whose every replica sits on a broker the run
 * killed for good cannot get a leader, so the wait says so at once instead of running out its time.
 */
class PartitionWatchTest {

    private static final Node ONE = new Node(1, "127.0.0.1", 1);
    private static final Node TWO = new Node(2, "127.0.0.1", 2);
    private static final Node THREE = new Node(3, "127.0.0.1", 3);

    @Test
    void shouldGiveUpAtOnceWhenAPartitionsOnlyReplicaIsHeldDown() {
        // given one partition on broker 1 alone (RF 1), and broker 1 killed for good
        try (PartitionWatch watch = watch()) {
            watch.record(description(new TopicPartitionInfo(0, null, List.of(ONE), List.of(ONE))));
            long began = System.nanoTime();

            // when the heal waits for leaders
            boolean led = watch.awaitLeaders(Duration.ofSeconds(30), Set.of(1));

            // then it ends at once, without a leader
            assertThat(led).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldWaitWhenAReplicaOfEveryPartitionIsOnABrokerStillUp() {
        // given RF 3 with broker 3 held down: each partition has a replica that can lead
        try (PartitionWatch watch = watch()) {
            watch.record(description(new TopicPartitionInfo(0, null, List.of(THREE, ONE, TWO), List.of(ONE, TWO)),
                    new TopicPartitionInfo(1, ONE, List.of(ONE, TWO, THREE), List.of(ONE, TWO))));

            // then a leader may still come: the wait is not cut short
            assertThat(watch.leaderlessWhile(Set.of(3))).isFalse();
            assertThat(watch.leaderlessWhile(Set.of(1, 2, 3))).isTrue();
            assertThat(watch.leaderlessWhile(Set.of())).isFalse();
        }
    }

    @Test
    void shouldSeeEveryPartitionLedOnceTheyHaveLeaders() {
        try (PartitionWatch watch = watch()) {
            watch.record(description(new TopicPartitionInfo(0, TWO, List.of(TWO, ONE), List.of(TWO, ONE))));

            assertThat(watch.awaitLeaders(Duration.ofSeconds(5), Set.of(1))).isTrue();
        }
    }

    private static PartitionWatch watch() {
        // never started: the tests feed it samples, nothing asks the (absent) cluster
        return new PartitionWatch(KafkaAccess.plaintext("127.0.0.1:1"), "order-placed", new HistoryLog());
    }

    private static TopicDescription description(TopicPartitionInfo... partitions) {
        return new TopicDescription("order-placed", false, List.of(partitions));
    }
}
