package io.supplychaos.bench;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;

import io.supplychaos.topology.Topics;

/**
 * What a pipeline run wrote per order, by class of topic. A partition's end offset counts every
 * offset written to it, and under exactly-once that includes one transaction marker (a control
 * record, never delivered to consumers) per transaction that wrote to the partition. The data
 * records of a range are counted by reading it (read_uncommitted, which still skips control
 * records); the rest of the range is markers.
 * <ul>
 * <li>business: the chain's own topics ({@link Topics#ALL}), order-placed included;
 * <li>repartition: {@code *-repartition}; changelog: {@code *-changelog};
 * <li>other: anything else the run wrote (Kafka's own {@code __} topics are left out);
 * <li>markers: offsets minus data records, over all of the above.
 * </ul>
 */
public final class RecordsPerOrder {

    /** The classes, in the order printed. */
    public enum TopicClass { BUSINESS, REPARTITION, CHANGELOG, OTHER, MARKERS }

    private RecordsPerOrder() {
    }

    public static TopicClass classOf(String topic) {
        if (Topics.SUPPLY_CHAIN_TOPIC_NAMES.contains(topic)) {
            return TopicClass.BUSINESS;
        }
        if (topic.endsWith("-repartition")) {
            return TopicClass.REPARTITION;
        }
        if (topic.endsWith("-changelog")) {
            return TopicClass.CHANGELOG;
        }
        return TopicClass.OTHER;
    }

    /**
     * @param before  each partition's end offset before the measured orders
     * @param after   each partition's end offset after them
     * @param records data records read in each partition's range; a partition missing here was not
     *                read, and its whole range counts as data (no markers assumed)
     * @param orders  orders the range belongs to
     * @return records per order by class, and "total" (every offset, markers included)
     */
    public static Map<String, Double> of(Map<TopicPartition, Long> before, Map<TopicPartition, Long> after,
                                         Map<TopicPartition, Long> records, long orders) {
        if (orders <= 0) {
            throw new IllegalArgumentException("orders: > 0 expected, was " + orders);
        }
        Map<TopicClass, Long> counts = new LinkedHashMap<>();
        for (TopicClass c : TopicClass.values()) {
            counts.put(c, 0L);
        }
        for (Map.Entry<TopicPartition, Long> end : after.entrySet()) {
            String topic = end.getKey().topic();
            if (topic.startsWith("__")) {
                continue;
            }
            long offsets = end.getValue() - before.getOrDefault(end.getKey(), 0L);
            long data = Math.min(offsets, records.getOrDefault(end.getKey(), offsets));
            counts.merge(classOf(topic), data, Long::sum);
            counts.merge(TopicClass.MARKERS, offsets - data, Long::sum);
        }
        Map<String, Double> perOrder = new LinkedHashMap<>();
        long total = 0;
        for (Map.Entry<TopicClass, Long> count : counts.entrySet()) {
            perOrder.put(count.getKey().name().toLowerCase(Locale.ROOT), count.getValue() / (double) orders);
            total += count.getValue();
        }
        perOrder.put("total", total / (double) orders);
        return perOrder;
    }

    /**
     * Data records per order in each topic (markers left out, Kafka's own topics too), the most
     * written first: where the records of {@link #of} go, down to the store or topic a change must cut.
     * Topics with no record in the range are left out. Arguments as for {@link #of}.
     */
    public static Map<String, Double> byTopic(Map<TopicPartition, Long> before, Map<TopicPartition, Long> after,
                                              Map<TopicPartition, Long> records, long orders) {
        if (orders <= 0) {
            throw new IllegalArgumentException("orders: > 0 expected, was " + orders);
        }
        Map<String, Long> counts = new HashMap<>();
        for (Map.Entry<TopicPartition, Long> end : after.entrySet()) {
            String topic = end.getKey().topic();
            if (topic.startsWith("__")) {
                continue;
            }
            long offsets = end.getValue() - before.getOrDefault(end.getKey(), 0L);
            counts.merge(topic, Math.min(offsets, records.getOrDefault(end.getKey(), offsets)), Long::sum);
        }
        Map<String, Double> perOrder = new LinkedHashMap<>();
        counts.entrySet().stream().filter(count -> count.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(count -> perOrder.put(count.getKey(), count.getValue() / (double) orders));
        return perOrder;
    }
}
