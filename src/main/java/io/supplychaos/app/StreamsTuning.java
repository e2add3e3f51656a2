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
 * the caches hold back changelog writes only, never a hop. LATENCY keeps Streams' own commit
 * interval (30 s) and its 10 MB of caches, and sends after 5 ms (linger 0 sent more, smaller
 * requests and gave a higher p50 here, 874-1,308 ms against 206-495 ms on the same env).
 * THROUGHPUT is exactly-once's THROUGHPUT without the transactions: a commit every 500 ms, 10 MB of
 * caches, batches of up to 256 KB that wait up to 100 ms, so that the two guarantees differ in the
 * guarantee alone and their ratio is what exactly-once costs. With 5 ms and the producer's 16 KB
 * batches at_least_once sent many more, smaller produce requests and was the slower of the two
 * (979 orders/s against 1,642, issue 34); with Streams' 30 s commit and 32 MB of caches each
 * cached entry waited out the interval in the heap, and the collector's copies of them cost more
 * than the one changelog record an order they merged (session 23: 5-11 % more orders a second in
 * each of the pairs on fresh envs, docs/PERFORMANCE.md).
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
    /** The commit interval tuned for throughput, under either guarantee. */
    static final String THROUGHPUT_COMMIT_MS = "500";
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
                    KAFKA_BATCH_SIZE) : throughput();
        }
        if (tuning == Tuning.LATENCY) {
            return settings(EXACTLY_ONCE_LATENCY_COMMIT_MS, "0", "100", "262144");
        }
        return throughput();
    }

    /** THROUGHPUT under both guarantees: only the guarantee tells the two apart. */
    private static Map<String, String> throughput() {
        return settings(THROUGHPUT_COMMIT_MS, KAFKA_CACHE_MAX_BYTES, "100", "262144");
    }

    private static Map<String, String> settings(String commitMs, String cacheBytes, String lingerMs, String batchBytes) {
        return Map.of(COMMIT_INTERVAL, commitMs, CACHE_MAX_BYTES, cacheBytes, LINGER, lingerMs, BATCH_SIZE, batchBytes);
    }
}
