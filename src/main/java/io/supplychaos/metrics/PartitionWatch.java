package io.supplychaos.metrics;

import io.supplychaos.env.KafkaAccess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

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
        return Poll.until(timeout, Duration.ofMillis(250), this::allHaveLeader);
    }

    /** One look at the topic; true when the cluster answered. */
    synchronized boolean sample() {
        try {
            TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(CALL.toMillis(), TimeUnit.MILLISECONDS).get(topic);
            fresh = true;
            for (TopicPartitionInfo partition : description.partitions()) {
                Node leader = partition.leader();
                List<Integer> isr = partition.isr().stream().map(Node::id).sorted().toList();
                update(partition.partition(), new State(leader == null || leader.isEmpty() ? null : leader.id(), isr));
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            fresh = false;
            return false;
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
