package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Collection;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

    private ClusterLookup() {
    }

    /** The current leader's id of {@code topic:partition}. */
    public static int leaderOf(KafkaAccess cluster, String topic, int partition) {
        TopicDescription description;
        try {
            description = withAdmin(cluster, admin -> admin.describeTopics(java.util.List.of(topic)).topicNameValues().get(topic));
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
            throw new IllegalArgumentException(topic + ":" + partition + " has no leader now");
        }
        return info.leader().id();
    }

    /** The id of the active KRaft controller (the metadata quorum's leader). */
    public static int controller(KafkaAccess cluster) {
        return withAdmin(cluster, admin -> admin.describeMetadataQuorum().quorumInfo()).leaderId();
    }

    /** The ids of the cluster's registered (unfenced) brokers. */
    public static java.util.Set<Integer> registered(KafkaAccess cluster) {
        Collection<Node> nodes = withAdmin(cluster, admin -> admin.describeCluster().nodes());
        return nodes.stream().map(Node::id).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }

    /** Each registered broker's advertised host by id. */
    public static java.util.Map<Integer, String> hosts(KafkaAccess cluster) {
        Collection<Node> nodes = withAdmin(cluster, admin -> admin.describeCluster().nodes());
        return nodes.stream().collect(java.util.stream.Collectors.toMap(Node::id, Node::host, (a, b) -> a));
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
