package io.supplychaos.cluster;

import java.util.Set;

import io.supplychaos.chaos.ClusterLookup;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Timeouts;

/**
 * The Admin calls the tool makes on an attached cluster besides a run's: its topics and groups for
 * {@code --delete-topics}, and which brokers are registered (a broker command's effect). The
 * tool's own is {@link #KAFKA}; tests give fakes, so that what is deleted or waited for is checked
 * without a broker.
 */
public interface ClusterAdmin {

    /** The topics and groups of the cluster, through a client the caller closes. */
    ClusterTopics.TopicAdmin topics(KafkaAccess cluster);

    /** The broker ids the cluster lists as registered now. */
    Set<Integer> registered(KafkaAccess cluster);

    /** Returns once broker {@code id} registered, or throws after {@link Timeouts#BROKER_REGISTER}. */
    void awaitRegistered(KafkaAccess cluster, int id);

    /** Kafka's Admin client. */
    ClusterAdmin KAFKA = new ClusterAdmin() {
        @Override
        public ClusterTopics.TopicAdmin topics(KafkaAccess cluster) {
            return ClusterTopics.admin(cluster);
        }

        @Override
        public Set<Integer> registered(KafkaAccess cluster) {
            return ClusterLookup.registered(cluster);
        }

        @Override
        public void awaitRegistered(KafkaAccess cluster, int id) {
            ClusterLookup.awaitRegistered(cluster, id, Timeouts.BROKER_REGISTER);
        }
    };
}
