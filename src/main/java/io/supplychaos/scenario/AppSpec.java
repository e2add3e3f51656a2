package io.supplychaos.scenario;

import java.util.Map;

import io.supplychaos.app.Tuning;

/**
 * The supply-chain service instances a run starts.
 *
 * @param instances           how many app JVMs run (1 to 8); faults name them app:1 .. app:N
 * @param processingGuarantee exactly_once_v2 or at_least_once
 * @param config              further app properties, passed as system properties and checked at load
 *                            ({@link KafkaProperties}): {@code kafka-streams.*} (a Streams config, or a
 *                            client or topic config behind Streams' prefixes, e.g.
 *                            {@code kafka-streams.consumer.max.poll.records}), {@code supply.*} (the
 *                            chain's settings, e.g. {@code supply.transit-time}) or {@code quarkus.*}
 * @param tuning              what the Streams defaults favour; null (the file says {@code auto} or
 *                            nothing) lets the offered rate choose ({@link Tuning#forRate})
 */
public record AppSpec(int instances, String processingGuarantee, Map<String, String> config, Tuning tuning) {

    public AppSpec {
        config = Map.copyOf(config);
    }

    /** A spec whose tuning the offered rate chooses. */
    public AppSpec(int instances, String processingGuarantee, Map<String, String> config) {
        this(instances, processingGuarantee, config, null);
    }

    /**
     * How many records past its group's committed offset a partition the app consumed to its end can
     * still hold: under exactly-once the transaction marker that ends what the upstream task wrote
     * (a commit can land before it), under at_least_once nothing, since nothing writes markers.
     */
    public long recordsPastCommitWhenCaughtUp() {
        return "at_least_once".equals(processingGuarantee) ? 0 : 1;
    }

    /** The tuning the app runs with at this offered rate (orders/s, 0 = as fast as it goes). */
    public Tuning tuningAt(double ratePerSecond) {
        return tuning != null ? tuning : Tuning.forRate(ratePerSecond);
    }
}
