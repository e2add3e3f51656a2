package io.supplychaos.scenario;

import io.supplychaos.env.KafkaAccess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;

/**
 * End offsets from the cluster through Admin, each look bounded by its timeout: order-placed's
 * before the first send (where the read-back starts), and every topic's before and after the
 * measured phase (records written per second).
 */
public final class ClusterOffsets {

    private ClusterOffsets() {
    }

    /** Each order-placed partition's end offset, by partition number. */
    static List<Long> orderPlacedEnds(KafkaAccess cluster, Duration timeout) {
        Map<TopicPartition, Long> ends = ends(cluster, List.of(Topics.ORDER_PLACED.name()), timeout);
        List<Long> offsets = new ArrayList<>();
        for (int partition = 0; ends.containsKey(new TopicPartition(Topics.ORDER_PLACED.name(), partition)); partition++) {
            offsets.add(ends.get(new TopicPartition(Topics.ORDER_PLACED.name(), partition)));
        }
        if (offsets.isEmpty()) {
            throw new IllegalStateException("cannot read the end offsets of " + Topics.ORDER_PLACED.name());
        }
        return List.copyOf(offsets);
    }

    /** Every topic's partitions and end offsets; empty when the cluster did not answer in time. */
    public static Map<TopicPartition, Long> allEnds(KafkaAccess cluster, Duration timeout) {
        return ends(cluster, null, timeout);
    }

    /**
     * Records written on all topics since {@code before} (internal ones included, Kafka's own
     * excluded), per second of the span that orders/s is counted over: the two figures share a
     * denominator, so their ratio is records per order.
     */
    static double recordsPerSecond(Map<TopicPartition, Long> before, Map<TopicPartition, Long> after,
                                   long spanMillis) {
        long records = 0;
        for (Map.Entry<TopicPartition, Long> end : after.entrySet()) {
            if (!end.getKey().topic().startsWith("__")) {
                records += end.getValue() - before.getOrDefault(end.getKey(), 0L);
            }
        }
        return spanMillis == 0 ? 0 : records * 1000.0 / spanMillis;
    }

    private static Map<TopicPartition, Long> ends(KafkaAccess cluster, List<String> topics, Duration timeout) {
        Properties config = cluster.properties();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        Admin admin = Admin.create(config);
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            List<String> names = topics != null ? topics
                    : List.copyOf(admin.listTopics().names().get(left(deadline), TimeUnit.NANOSECONDS));
            Map<TopicPartition, OffsetSpec> request = new HashMap<>();
            admin.describeTopics(names).allTopicNames().get(left(deadline), TimeUnit.NANOSECONDS)
                    .forEach((topic, description) -> description.partitions().forEach(partition ->
                            request.put(new TopicPartition(topic, partition.partition()), OffsetSpec.latest())));
            Map<TopicPartition, Long> offsets = new HashMap<>();
            admin.listOffsets(request).all().get(left(deadline), TimeUnit.NANOSECONDS)
                    .forEach((partition, info) -> offsets.put(partition, info.offset()));
            return offsets;
        } catch (ExecutionException | TimeoutException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        } finally {
            admin.close(Timeouts.CLIENT_CLOSE);
        }
    }

    private static long left(long deadline) {
        return Math.max(1, deadline - System.nanoTime());
    }
}
