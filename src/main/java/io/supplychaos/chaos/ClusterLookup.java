package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Short Admin-client look-ups against a running cluster (through its client addresses): the leader
 * of a partition, the active KRaft controller, whether a broker has registered. Each call opens and
 * closes its own client with short timeouts, so a paused broker costs seconds, not minutes.
 */
public final class ClusterLookup {
    private static final Duration CALL_TIMEOUT = Timeouts.CLUSTER_LOOKUP;
    private static final Duration REGISTER_POLL = Duration.ofMillis(300);
    private static final Duration LOOKUP_RETRY = Duration.ofMillis(500);

    private ClusterLookup() {
    }

    /**
     * The current leader's id of {@code topic:partition}. A cluster that does not answer, or a
     * partition without a leader (an election after a broker restart), is asked again until
     * {@link Timeouts#TARGET_LOOKUP}; a topic or partition that does not exist fails at once.
     */
    public static int leaderOf(KafkaAccess cluster, String topic, int partition) {
        return lookUp("the leader of " + topic + ":" + partition + " at " + cluster.bootstrapServers(), Timeouts.TARGET_LOOKUP,
                () -> leaderNow(cluster, topic, partition));
    }

    private static int leaderNow(KafkaAccess cluster, String topic, int partition) {
        TopicDescription description;
        try {
            description = withAdmin(cluster, admin -> admin.describeTopics(List.of(topic)).topicNameValues().get(topic));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new IllegalArgumentException("no topic '" + topic + "' in the cluster");
            }
            throw e;
        }
        TopicPartitionInfo info = description.partitions().stream().filter(p -> p.partition() == partition).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("topic " + topic + " has no partition " + partition
                        + " (it has " + description.partitions().size() + ")"));
        if (info.leader() == null || info.leader().isEmpty()) {
            throw new IllegalStateException(topic + ":" + partition + " has no leader now");
        }
        return info.leader().id();
    }

    /**
     * The id of the active KRaft controller (the metadata quorum's leader), asked again like
     * {@link #leaderOf} while the cluster does not answer.
     */
    public static int controller(KafkaAccess cluster) {
        return lookUp("the active controller at " + cluster.bootstrapServers(), Timeouts.TARGET_LOOKUP,
                () -> withAdmin(cluster, admin -> admin.describeMetadataQuorum().quorumInfo()).leaderId());
    }

    /**
     * {@code once} until it answers within {@code bound}: an {@link IllegalStateException} (no answer,
     * no leader yet) is "not yet"; an {@link IllegalArgumentException} (the target does not exist) is
     * the answer and fails at once.
     *
     * @throws Poll.PollTimeoutException naming {@code what} and the last failure when the bound passes
     */
    static <T> T lookUp(String what, Duration bound, Supplier<T> once) {
        IllegalArgumentException[] hopeless = new IllegalArgumentException[1];
        try {
            return Poll.requireValue(what, bound, LOOKUP_RETRY, () -> {
                try {
                    return once.get();
                } catch (IllegalArgumentException e) {
                    hopeless[0] = e;
                    throw new Poll.Abort(e.getMessage());
                }
            });
        } catch (Poll.Abort abort) {
            throw hopeless[0];
        }
    }

    /** The ids of the cluster's registered (unfenced) brokers. */
    public static Set<Integer> registered(KafkaAccess cluster) {
        Collection<Node> nodes = withAdmin(cluster, admin -> admin.describeCluster().nodes());
        return nodes.stream().map(Node::id).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Each registered broker's advertised host by id. */
    public static Map<Integer, String> hosts(KafkaAccess cluster) {
        Collection<Node> nodes = withAdmin(cluster, admin -> admin.describeCluster().nodes());
        return nodes.stream().collect(Collectors.toMap(Node::id, Node::host, (a, b) -> a));
    }

    /** Waits until broker {@code id} is among the cluster's registered (unfenced) brokers. */
    public static void awaitRegistered(KafkaAccess cluster, int id, Duration timeout) {
        // a call that fails is "not yet": the cluster may not answer while the broker rejoins
        Poll.require("broker " + id + " to register with the cluster", timeout, REGISTER_POLL, () -> {
            Collection<Node> nodes = withAdmin(cluster, admin -> admin.describeCluster().nodes());
            return nodes.stream().anyMatch(n -> n.id() == id);
        });
    }

    private interface Call<T> {
        KafkaFuture<T> on(Admin admin);
    }

    private static <T> T withAdmin(KafkaAccess cluster, Call<T> call) {
        Properties props = cluster.properties();
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(CALL_TIMEOUT.toMillis()));
        Admin admin = Admin.create(props);
        try {
            return call.on(admin).get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the cluster at " + cluster.bootstrapServers() + " answered: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the cluster at " + cluster.bootstrapServers() + " did not answer within " + CALL_TIMEOUT.toSeconds() + " s", e);
        } finally {
            admin.close(Duration.ZERO);
        }
    }
}
