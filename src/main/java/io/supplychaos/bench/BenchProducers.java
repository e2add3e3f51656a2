package io.supplychaos.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The producer settings of a bench: the ones every throughput figure uses (Kafka's benchmark, the
 * load generator, the pipeline runs) and the load generator's at the light load.
 *
 * <p>By default the light load's producer sends at once ({@code linger.ms} 0). At 100 orders/s over
 * six partitions on three leaders, orders reach one leader about 30 ms apart, so Kafka's 5 ms linger
 * groups almost nothing there: it added its 5 ms to every order's first hop (the order-placed hop
 * 10-11 ms with it, 5 ms without, C3 at at-least-once, session 22) for about the same requests. A
 * user's {@code --producer} serves both, as given.
 *
 * @param bench     the throughput figures' producer
 * @param lightLoad the load generator's producer at the light load
 */
public record BenchProducers(Map<String, String> bench, Map<String, String> lightLoad) {

    public static final String LINGER_MS = "linger.ms";

    public BenchProducers {
        // in the order given, as the JSON's settings show them
        bench = Collections.unmodifiableMap(new LinkedHashMap<>(bench));
        lightLoad = Collections.unmodifiableMap(new LinkedHashMap<>(lightLoad));
    }

    /** acks=all, 256 KB batches and Kafka's 5 ms linger for throughput; no linger at the light load. */
    public static BenchProducers defaults() {
        Map<String, String> bench = new LinkedHashMap<>();
        bench.put("acks", "all");
        bench.put("batch.size", "262144");
        bench.put(LINGER_MS, "5");
        Map<String, String> light = new LinkedHashMap<>(bench);
        light.put(LINGER_MS, "0");
        return new BenchProducers(bench, light);
    }

    /** The user's settings, for every producer of the bench. */
    public static BenchProducers given(Map<String, String> settings) {
        return new BenchProducers(settings, settings);
    }
}
