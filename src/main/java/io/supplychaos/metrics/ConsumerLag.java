package io.supplychaos.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.TopologyDescription;

import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topics;
import io.supplychaos.topology.chain.SupplyChainTopology;

/**
 * The supply-chain app's consumer lag per sub-topology, once a second: for each sub-topology of
 * the topology, the records between its consumer group's committed offsets (the Streams
 * application.id) and the end offsets of its source topics, summed over their partitions. A
 * partition with no commit yet counts from 0. Under exactly-once a committed transaction's marker
 * sits past its last record, so an idle sub-topology may show a lag of 1 per partition written.
 * Reads through one Admin client that lives as long as the run, on a thread of its own once
 * {@link #start}ed, so that a slow cluster (a broker down) never delays the run's sampler: it takes
 * the {@link #latest} sample, which is empty when the last one did not answer within
 * {@link Timeouts#CONSUMER_LAG_SAMPLE} or is older than two seconds.
 */
public final class ConsumerLag implements AutoCloseable {

    /** A sample older than this is not shown as the current second's. */
    private static final long STALE_MS = 2_000;

    /**
     * @param mostBehind the most records any one source partition was behind its end; -1 when not
     *                   sampled (the cluster did not answer in time)
     */
    private record Sample(long at, Map<Integer, Long> lag, long mostBehind) {
    }

    private final String groupId;
    private final Map<Integer, List<String>> sources;
    private final Admin admin;
    private final java.util.concurrent.ScheduledExecutorService timer =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "consumer-lag");
                thread.setDaemon(true);
                return thread;
            });
    private volatile Sample latest = new Sample(0, Map.of(), -1);
    /** The source topics' partitions, asked once they all exist: they do not change during a run. */
    private Map<TopicPartition, OffsetSpec> partitions;

    /**
     * @param sources sub-topology id to the topics it reads, with internal topics under their full
     *                name ({@link #subtopologies})
     */
    public ConsumerLag(KafkaAccess cluster, String groupId, Map<Integer, List<String>> sources) {
        this.groupId = groupId;
        this.sources = Map.copyOf(sources);
        Properties config = cluster.properties();
        int timeout = (int) Timeouts.CONSUMER_LAG_SAMPLE.toMillis();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Math.max(timeout, 1000));
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.max(timeout, 1000));
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "supply-chaos-lag");
        admin = Admin.create(config);
    }

    /**
     * Each sub-topology of the supply chain and the topics it reads, by id, in the app's naming:
     * internal (repartition) topics get the application id as prefix as Streams gives them.
     */
    public static Map<Integer, List<String>> subtopologies(String applicationId) {
        Set<String> external = Set.copyOf(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        Map<Integer, List<String>> sources = new TreeMap<>();
        for (TopologyDescription.Subtopology sub : SupplyChainTopology.build(SupplyChainSettings.defaults()).describe()
                .subtopologies()) {
            List<String> topics = new ArrayList<>();
            for (TopologyDescription.Node node : sub.nodes()) {
                if (node instanceof TopologyDescription.Source source && source.topicSet() != null) {
                    source.topicSet().stream().sorted()
                            .map(topic -> external.contains(topic) ? topic : applicationId + "-" + topic)
                            .forEach(topics::add);
                }
            }
            sources.put(sub.id(), topics.stream().sorted().toList());
        }
        return sources;
    }

    /** Samples once a second on the lag's own thread from now on. */
    public void start() {
        timer.scheduleAtFixedRate(() -> latest = measure(), 0, 1, TimeUnit.SECONDS);
    }

    /** The last sample when it is fresh (under two seconds old), else empty: not sampled. */
    public Map<Integer, Long> latest() {
        Sample sample = latest;
        return System.currentTimeMillis() - sample.at() <= STALE_MS ? sample.lag() : Map.of();
    }

    /**
     * True when the last sample is fresh and no source partition of the app was more than
     * {@code perPartition} records behind its end: the app has processed and committed what was
     * written to it (under exactly-once a partition Streams writes ends with a transaction marker
     * its commit does not pass, so 1 there is caught up). False when behind or not sampled.
     */
    public boolean caughtUp(long perPartition) {
        Sample sample = latest;
        return System.currentTimeMillis() - sample.at() <= STALE_MS && sample.mostBehind() >= 0
                && sample.mostBehind() <= perPartition;
    }

    /** Sub-topology id to the records it is behind; empty when the cluster did not answer in time. */
    public Map<Integer, Long> sample() {
        return measure().lag();
    }

    private Sample measure() {
        long at = System.currentTimeMillis();
        long deadline = System.nanoTime() + Timeouts.CONSUMER_LAG_SAMPLE.toNanos();
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(groupId)
                    .partitionsToOffsetAndMetadata().get(left(deadline), TimeUnit.NANOSECONDS);
            Map<TopicPartition, OffsetSpec> request = partitions(deadline);
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(request).all()
                    .get(left(deadline), TimeUnit.NANOSECONDS);
            Map<Integer, Long> lag = new LinkedHashMap<>();
            long[] mostBehind = {partitions == null ? -1 : 0};
            sources.forEach((id, sourceTopics) -> {
                long behind = 0;
                for (Map.Entry<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> end : ends.entrySet()) {
                    if (sourceTopics.contains(end.getKey().topic())) {
                        OffsetAndMetadata committedAt = committed.get(end.getKey());
                        long partitionBehind = Math.max(0, end.getValue().offset() - (committedAt == null ? 0 : committedAt.offset()));
                        behind += partitionBehind;
                        mostBehind[0] = mostBehind[0] < 0 ? -1 : Math.max(mostBehind[0], partitionBehind);
                    }
                }
                lag.put(id, behind);
            });
            return new Sample(at, lag, mostBehind[0]);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return new Sample(at, Map.of(), -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Sample(at, Map.of(), -1);
        }
    }

    /** Every source partition, asked until all the source topics exist, then kept. */
    private Map<TopicPartition, OffsetSpec> partitions(long deadline) {
        if (partitions != null) {
            return partitions;
        }
        Set<String> topics = new java.util.HashSet<>();
        sources.values().forEach(topics::addAll);
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        boolean all = true;
        for (Map.Entry<String, org.apache.kafka.common.KafkaFuture<org.apache.kafka.clients.admin.TopicDescription>> topic
                : admin.describeTopics(topics).topicNameValues().entrySet()) {
            try {
                topic.getValue().get(left(deadline), TimeUnit.NANOSECONDS).partitions().forEach(p ->
                        request.put(new TopicPartition(topic.getKey(), p.partition()), OffsetSpec.latest()));
            } catch (ExecutionException | TimeoutException e) {
                // a source topic that does not exist yet (the repartition topic before the app started) has no lag
                all = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                all = false;
            }
        }
        if (all) {
            partitions = request;
        }
        return request;
    }

    private static long left(long deadline) {
        return Math.max(1, deadline - System.nanoTime());
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(Timeouts.CLIENT_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Duration.ofMillis(Timeouts.CLIENT_CLOSE.toMillis()));
    }
}
