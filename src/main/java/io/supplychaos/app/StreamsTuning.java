package io.supplychaos.app;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.config.spi.ConfigSource;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;

/**
 * Kafka Streams settings that depend on the processing guarantee and on the {@link Tuning}
 * ({@code supply.tuning}), supplied as defaults below application.properties (so that file,
 * {@code -D} and a scenario's {@code app.config} still win).
 *
 * <p>Under exactly_once_v2 nothing a task writes is readable downstream before its transaction
 * commits, so each hop costs a commit interval plus a commit. LATENCY commits every 50 ms with the
 * state-store caches off (see {@link Tuning} for why the caches cost latency): against 100 ms it
 * took each hop from about 185 to 120-150 ms and kept up from 100 to 300 orders/s, the rates
 * LATENCY serves (docs/PERFORMANCE.md, session 9); THROUGHPUT commits twice a second with the caches on. Producer batches may wait up to 100 ms under both: the commit
 * flushes them anyway, and a shorter linger sent more, smaller requests and was slower here
 * (docs/PERFORMANCE.md). Under at_least_once records are readable as soon as they are written and
 * the caches hold back changelog writes only, never a hop: both tunings keep Streams' own commit
 * interval (30 s); LATENCY its 10 MB of caches, THROUGHPUT 32 MB. LATENCY
 * sends after 5 ms (linger 0 sent more, smaller requests and gave a higher p50 here, 874-1,308 ms
 * against 206-495 ms on the same env). THROUGHPUT batches as exactly-once does (50 ms, 256 KB):
 * with no commit to flush them, 5 ms and the producer's 16 KB batches made at_least_once send many
 * more, smaller produce requests than exactly_once_v2, and on a machine whose brokers pay per
 * request it was the slower of the two (979 orders/s against 1,642, issue 34).
 */
public final class StreamsTuning implements ConfigSourceFactory {

    static final String GUARANTEE = "kafka-streams.processing.guarantee";
    static final String TUNING = "supply.tuning";
    private static final int ORDINAL = 200; // below application.properties (250)
    static final String COMMIT_INTERVAL = "kafka-streams.commit.interval.ms";
    static final String CACHE_MAX_BYTES = "kafka-streams.statestore.cache.max.bytes";
    static final String LINGER = "kafka-streams.producer.linger.ms";
    static final String BATCH_SIZE = "kafka-streams.producer.batch.size";
    /** Kafka's defaults, written out: Streams' commit interval under at_least_once, its cache, the producer's batch. */
    static final String KAFKA_AT_LEAST_ONCE_COMMIT_MS = "30000";
    static final String KAFKA_CACHE_MAX_BYTES = "10485760";
    static final String KAFKA_BATCH_SIZE = "16384";
    /**
     * The caches under at_least_once tuned for throughput. Since session 14 only manufacturer-stock
     * and the stage windows have a cache (the timeline, ledger, shipments and SLA alerts are written
     * once per input); what it merges is an order's RESERVED and RELEASED stock entry within the 30 s
     * commit interval, about one changelog record per order of 16-17. It costs heap: a cached entry
     * is several objects beside its bytes, and entries that wait out the interval reach the old
     * generation. In the bench (session 15) 64 MB held the instance's live set at 250-265 MB, and
     * in a 384 MB heap the collector ran full collections back to back (74 in one run, 6.8 s of
     * pauses in the last 20 s; 1,589 orders/s); 32 MB held it near 210 MB with a full collection
     * every 4-7 s (2,254 orders/s), at 17.1 records per order against 16.1-16.3.
     */
    static final String AT_LEAST_ONCE_THROUGHPUT_CACHE_BYTES = "33554432";
    /**
     * The exactly-once commit interval tuned for latency. Each commit flushes the thread's producer
     * and waits for acks=all (most of a commit's time at 100 orders/s), so an interval shorter than
     * the commit spends the thread on commits: 30 ms fell behind at 100 orders/s.
     */
    static final String EXACTLY_ONCE_LATENCY_COMMIT_MS = "50";

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        ConfigValue guarantee = context.getValue(GUARANTEE);
        ConfigValue tuning = context.getValue(TUNING);
        return List.of(new PropertiesConfigSource(defaults(guarantee == null ? null : guarantee.getValue(),
                Tuning.parse(tuning == null ? null : tuning.getValue())), "supply-chaos streams tuning", ORDINAL));
    }

    /** The settings this source manages: each combination of guarantee and tuning sets every one of them. */
    static final List<String> MANAGED = List.of(COMMIT_INTERVAL, CACHE_MAX_BYTES, LINGER, BATCH_SIZE);

    /**
     * The settings for a guarantee (none set means exactly_once_v2, the app's default) and a tuning:
     * always all of {@link #MANAGED}, Kafka's own default written out where it is meant. Quarkus
     * evaluates this source at build time too, with application.properties' values, and keeps what
     * it returned as the runtime default of each key; a key one combination left unset therefore
     * took the build-time combination's value at runtime (the caches stayed off under THROUGHPUT,
     * and at_least_once committed every 100 ms).
     */
    static Map<String, String> defaults(String guarantee, Tuning tuning) {
        if ("at_least_once".equals(guarantee)) {
            return tuning == Tuning.LATENCY ? settings(KAFKA_AT_LEAST_ONCE_COMMIT_MS, KAFKA_CACHE_MAX_BYTES, "5",
                    KAFKA_BATCH_SIZE) : settings(KAFKA_AT_LEAST_ONCE_COMMIT_MS, AT_LEAST_ONCE_THROUGHPUT_CACHE_BYTES, "50",
                    "262144");
        }
        if (tuning == Tuning.LATENCY) {
            return settings(EXACTLY_ONCE_LATENCY_COMMIT_MS, "0", "100", "262144");
        }
        return settings("500", KAFKA_CACHE_MAX_BYTES, "100", "262144");
    }

    private static Map<String, String> settings(String commitMs, String cacheBytes, String lingerMs, String batchBytes) {
        return Map.of(COMMIT_INTERVAL, commitMs, CACHE_MAX_BYTES, cacheBytes, LINGER, lingerMs, BATCH_SIZE, batchBytes);
    }
}
