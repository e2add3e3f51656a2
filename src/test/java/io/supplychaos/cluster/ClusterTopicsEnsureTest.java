package io.supplychaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.time.Poll;

/** Topics made ready on a cluster whose brokers learn of creations and deletions each on its own time. */
class ClusterTopicsEnsureTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void givenATopicDeletedButStillListedByALaggingBrokerItIsCreatedAgainOnceTheListAgrees() {
        // given "orders" was just deleted: the broker asked first still lists it, and no broker describes it
        LaggingCluster cluster = new LaggingCluster();
        cluster.staleListings.put("orders", 2);
        // when the topics are ensured
        List<String> created = ClusterTopics.ensure(cluster, C3, List.of("orders", "payments"), TIMEOUT);
        // then both are created (neither existed) and both describe with the env's layout
        assertThat(created).containsExactlyInAnyOrder("orders", "payments");
        assertThat(cluster.topics).containsOnlyKeys("orders", "payments");
        assertThat(cluster.describes).isGreaterThanOrEqualTo(1);
    }

    @Test
    void givenTopicsJustCreatedThatTheBrokerAskedDoesNotKnowYetItWaitsUntilTheyDescribe() {
        // given a cluster whose broker answers "unknown topic" for the first three describes after a creation
        LaggingCluster cluster = new LaggingCluster();
        cluster.unknownAfterCreate = 3;
        // when the topics are ensured
        List<String> created = ClusterTopics.ensure(cluster, C3, List.of("orders"), TIMEOUT);
        // then it returned only once a describe succeeded, and created the topic once
        assertThat(created).containsExactly("orders");
        assertThat(cluster.creates).isEqualTo(1);
        assertThat(cluster.describes).isEqualTo(4);
    }

    @Test
    void givenAnExistingTopicWithAnotherLayoutTheErrorNamesItAndNothingIsCreated() {
        // given the user's own "orders" with 3 partitions on a shared cluster
        LaggingCluster cluster = new LaggingCluster();
        cluster.topics.put("orders", 3);
        // when the env (6 partitions) ensures it
        // then the layout is refused, naming the topic and both layouts
        assertThatThrownBy(() -> ClusterTopics.ensure(cluster, C3, List.of("orders"), TIMEOUT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("topic orders exists with 3 partitions").hasMessageContaining("says 6 partitions");
        assertThat(cluster.creates).isZero();
    }

    @Test
    void givenAnErrorThatIsNotALagItFailsAtOnceWithTheClustersReason() {
        // given a cluster that refuses to create topics
        LaggingCluster cluster = new LaggingCluster();
        cluster.refuseCreate = "Authorization failed.";
        long start = System.nanoTime();
        // when the topics are ensured
        // then the reason comes back at once, not after the timeout
        assertThatThrownBy(() -> ClusterTopics.ensure(cluster, C3, List.of("orders"), TIMEOUT))
                .isInstanceOf(Poll.Abort.class).hasMessageContaining("Authorization failed.");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(TIMEOUT);
    }

    @Test
    void givenABrokerThatNeverLearnsOfTheTopicTheWaitEndsNamingTheTopics() {
        // given a broker that never describes what was created
        LaggingCluster cluster = new LaggingCluster();
        cluster.unknownAfterCreate = Integer.MAX_VALUE;
        // when the topics are ensured with a short bound
        // then the wait ends with the topics named
        assertThatThrownBy(() -> ClusterTopics.ensure(cluster, C3, List.of("orders"), Duration.ofMillis(300)))
                .isInstanceOf(Poll.PollTimeoutException.class).hasMessageContaining("[orders]");
    }

    /** Topics by partition count, min ISR 2, RF 3; listings and describes that lag as told. */
    private static final class LaggingCluster implements ClusterTopics.LayoutAdmin {
        final Map<String, Integer> topics = new LinkedHashMap<>();
        /** Deleted topics still listed, and how many more listings will show them. */
        final Map<String, Integer> staleListings = new HashMap<>();
        int unknownAfterCreate;
        String refuseCreate;
        int creates;
        int describes;

        @Override
        public Set<String> topics() {
            Set<String> listed = new LinkedHashSet<>(topics.keySet());
            staleListings.replaceAll((name, left) -> {
                if (left > 0) {
                    listed.add(name);
                }
                return left - 1;
            });
            return listed;
        }

        @Override
        public List<String> create(List<NewTopic> newTopics) {
            if (refuseCreate != null) {
                throw new IllegalStateException("cannot create topic " + newTopics.get(0).name() + ": " + refuseCreate);
            }
            List<String> created = new ArrayList<>();
            for (NewTopic topic : newTopics) {
                if (topics.putIfAbsent(topic.name(), topic.numPartitions()) == null) {
                    created.add(topic.name());
                    creates++;
                }
            }
            return created;
        }

        @Override
        public Optional<Map<String, TopicDescription>> describe(Collection<String> names) {
            describes++;
            if (creates > 0 && unknownAfterCreate-- > 0) {
                return Optional.empty();
            }
            Map<String, TopicDescription> described = new LinkedHashMap<>();
            for (String name : names) {
                Integer partitions = topics.get(name);
                if (partitions == null) {
                    return Optional.empty();
                }
                List<Node> replicas = List.of(new Node(1, "h", 1), new Node(2, "h", 2), new Node(3, "h", 3));
                described.put(name, new TopicDescription(name, false, IntStream.range(0, partitions)
                        .mapToObj(p -> new TopicPartitionInfo(p, replicas.get(0), replicas, replicas)).toList()));
            }
            return Optional.of(described);
        }

        @Override
        public Map<String, String> minInsyncReplicas(Collection<String> names) {
            Map<String, String> minIsrs = new LinkedHashMap<>();
            names.forEach(name -> minIsrs.put(name, "2"));
            return minIsrs;
        }
    }
}
