package io.supplychaos.metrics;

import io.supplychaos.env.KafkaAccess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Leadership of one topic's partitions (order-placed) through a run: asks Admin each second, on its
 * own thread and with a short timeout so that an unavailable cluster never holds anything up, and
 * records a {@link HistoryEvent.PartitionState} for each partition at the start and whenever its
 * leader or ISR changed. A sample the cluster does not answer records nothing: an unreachable
 * cluster (a slow or cut client link) is not evidence that a partition lost its in-sync replicas,
 * which would excuse loss there; it only makes {@link #allHaveLeader()} false.
 */
public final class PartitionWatch implements AutoCloseable {

    /** One Admin call's deadline: short, the sampler must never block on a dead cluster. */
    static final Duration CALL = Timeouts.PARTITION_SAMPLE;

    private record State(Integer leader, List<Integer> isr) {
    }

    private final String topic;
    private final HistoryLog history;
    private final Admin admin;
    private final Map<Integer, State> known = new TreeMap<>();
    /** Each partition's replicas as the last answered sample gave them. */
    private final Map<Integer, List<Integer>> replicas = new TreeMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "partition-watch");
        thread.setDaemon(true);
        return thread;
    });
    private volatile boolean fresh;

    public PartitionWatch(KafkaAccess cluster, String topic, HistoryLog history) {
        this.topic = topic;
        this.history = history;
        Properties config = cluster.properties();
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) CALL.toMillis());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) CALL.toMillis());
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "supply-chaos-partition-watch");
        this.admin = Admin.create(config);
    }

    /**
     * The topic's effective {@code unclean.leader.election.enable} (its own setting, else the
     * brokers'), as the cluster reports it; null when it does not answer within {@code timeout}.
     * With it on, a replica that missed acknowledged records may become leader and lose them.
     */
    public Boolean uncleanLeaderElection(Duration timeout) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        try {
            Config config = admin.describeConfigs(List.of(resource),
                            new DescribeConfigsOptions().timeoutMs((int) timeout.toMillis())).all()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS).get(resource);
            ConfigEntry entry = config == null ? null : config.get(TopicConfig.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG);
            return entry == null || entry.value() == null ? null : Boolean.valueOf(entry.value().trim());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            return null;
        }
    }

    /** Records the state now (waiting at most {@code timeout} for an answer), then samples every second. */
    public void start(Duration timeout) {
        Poll.until(timeout, Duration.ofMillis(200), this::sample);
        timer.scheduleWithFixedDelay(this::sample, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * True when the last sample succeeded and every partition had a leader.
     */
    public synchronized boolean allHaveLeader() {
        return fresh && !known.isEmpty() && known.values().stream().allMatch(state -> state.leader() != null);
    }

    /** Waits, at most {@code timeout}, until every partition has a leader. */
    public boolean awaitLeaders(Duration timeout) {
        return awaitLeaders(timeout, Set.of());
    }

    /**
     * Waits, at most {@code timeout}, until every partition has a leader; false at once when a
     * partition has all its replicas on brokers in {@code heldDown} (brokers a run killed for good):
     * no leader can be elected there until one of them is back, so the wait could only run out.
     */
    public boolean awaitLeaders(Duration timeout, Set<Integer> heldDown) {
        if (leaderlessWhile(heldDown)) {
            return false;
        }
        return Poll.until(timeout, Duration.ofMillis(250), this::allHaveLeader);
    }

    /** True when some partition's replicas are all among {@code down}, as the last answered sample placed them. */
    synchronized boolean leaderlessWhile(Set<Integer> down) {
        return !down.isEmpty() && replicas.values().stream().anyMatch(on -> !on.isEmpty() && down.containsAll(on));
    }

    /** One look at the topic; true when the cluster answered. */
    synchronized boolean sample() {
        try {
            TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(CALL.toMillis(), TimeUnit.MILLISECONDS).get(topic);
            record(description);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            fresh = false;
            return false;
        }
    }

    /** An answered sample: each partition's leader and ISR (recorded when changed) and replicas. */
    synchronized void record(TopicDescription description) {
        fresh = true;
        for (TopicPartitionInfo partition : description.partitions()) {
            Node leader = partition.leader();
            List<Integer> isr = partition.isr().stream().map(Node::id).sorted().toList();
            update(partition.partition(), new State(leader == null || leader.isEmpty() ? null : leader.id(), isr));
            replicas.put(partition.partition(), partition.replicas().stream().map(Node::id).sorted().toList());
        }
    }

    private void update(int partition, State state) {
        if (!Objects.equals(known.put(partition, state), state)) {
            history.append(new HistoryEvent.PartitionState(topic, partition, state.leader(), state.isr(),
                    System.currentTimeMillis()));
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(CALL.toMillis() + 500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Timeouts.CLIENT_CLOSE);
    }
}
