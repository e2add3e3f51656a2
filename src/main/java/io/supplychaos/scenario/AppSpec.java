package io.supplychaos.scenario;

import java.util.Map;

/**
 * The supply-chain service instances a run starts.
 *
 * @param processingGuarantee exactly_once_v2 or at_least_once
 * @param config              any further app property, passed as a system property
 *                            (e.g. {@code supply.transit-time}, {@code kafka-streams.num.stream.threads},
 *                            {@code kafka-streams.consumer.max.poll.records})
 */
public record AppSpec(int instances, String processingGuarantee, Map<String, String> config) {

    public AppSpec {
        config = Map.copyOf(config);
    }
}
