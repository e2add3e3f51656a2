package io.supplychaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.supplychaos.env.KafkaAccess;

/**
 * An in-memory cluster's topics, consumer groups and registered brokers, for the tests of what the
 * tool deletes and waits for on a cluster it attached to; no broker runs.
 */
public final class FakeClusterAdmin implements ClusterAdmin, ClusterTopics.TopicAdmin {
    public final Set<String> topics = new TreeSet<>();
    public final Set<String> groups = new TreeSet<>();
    public final Set<Integer> registered = new TreeSet<>(List.of(1, 2, 3));
    /** The brokers waited for, in order. */
    public final List<Integer> awaited = new ArrayList<>();
    public int topicDeletions;

    @Override
    public ClusterTopics.TopicAdmin topics(KafkaAccess cluster) {
        return this;
    }

    @Override
    public Set<Integer> registered(KafkaAccess cluster) {
        return Set.copyOf(registered);
    }

    @Override
    public void awaitRegistered(KafkaAccess cluster, int id) {
        awaited.add(id);
    }

    @Override
    public Set<String> topics() {
        return Set.copyOf(topics);
    }

    @Override
    public void deleteTopics(List<String> names) {
        topicDeletions++;
        assertThat(topics).as("only existing topics are deleted").containsAll(names);
        names.forEach(topics::remove);
    }

    @Override
    public boolean deleteGroup(String group) {
        return groups.remove(group);
    }

    @Override
    public void close() {
        // the fake holds no connection
    }
}
