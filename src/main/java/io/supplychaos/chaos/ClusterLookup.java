package io.supplychaos.chaos;

import java.time.Duration;
import java.util.Collection;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Short Admin-client look-ups against a running cluster (through its client addresses): the leader
 * of a partition, the active KRaft controller, whether a broker has registered. Each call opens and
 * closes its own client with short timeouts, so a paused broker costs seconds, not minutes.
 */
final class ClusterLookup {
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private ClusterLookup() {
    }

    /** The current leader's id of {@code topic:partition}. */
    static int leaderOf(String bootstrap, String topic, int partition) {
        TopicDescription description;
        try {
            description = withAdmin(bootstrap, admin -> admin.describeTopics(java.util.List.of(topic)).topicNameValues().get(topic));
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
    static int controller(String bootstrap) {
        return withAdmin(bootstrap, admin -> admin.describeMetadataQuorum().quorumInfo()).leaderId();
    }

    /** Waits until broker {@code id} is among the cluster's registered (unfenced) brokers. */
    static void awaitRegistered(String bootstrap, int id, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                Collection<Node> nodes = withAdmin(bootstrap, admin -> admin.describeCluster().nodes());
                if (nodes.stream().anyMatch(n -> n.id() == id)) {
                    return;
                }
            } catch (IllegalStateException notYet) {
                // the cluster may not answer while the broker rejoins; ask again until the deadline
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("broker " + id + " did not register within " + timeout.toSeconds() + " s");
            }
            LockSupport.parkNanos(Duration.ofMillis(300).toNanos());
        }
    }

    private interface Call<T> {
        KafkaFuture<T> on(Admin admin);
    }

    private static <T> T withAdmin(String bootstrap, Call<T> call) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(CALL_TIMEOUT.toMillis()));
        Admin admin = Admin.create(props);
        try {
            return call.on(admin).get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the cluster at " + bootstrap + " answered: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the cluster at " + bootstrap + " did not answer within " + CALL_TIMEOUT.toSeconds() + " s", e);
        } finally {
            admin.close(Duration.ZERO);
        }
    }
}
