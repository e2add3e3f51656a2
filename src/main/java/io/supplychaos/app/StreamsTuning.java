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
 * commits, so the commit interval is each hop's latency floor. LATENCY commits every 100 ms with
 * the state-store caches off (see {@link Tuning} for why the caches cost latency); THROUGHPUT twice
 * a second with the caches on. Producer batches may wait up to 100 ms under both: the commit
 * flushes them anyway, and a shorter linger sent more, smaller requests and was slower here
 * (docs/PERFORMANCE.md). Under at_least_once records are readable as soon as they are written and
 * the caches hold back changelog writes only, never a hop: both tunings keep the caches. LATENCY
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

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        ConfigValue guarantee = context.getValue(GUARANTEE);
        ConfigValue tuning = context.getValue(TUNING);
        return List.of(new PropertiesConfigSource(defaults(guarantee == null ? null : guarantee.getValue(),
                Tuning.parse(tuning == null ? null : tuning.getValue())), "supply-chaos streams tuning", ORDINAL));
    }

    /** The defaults for a guarantee (none set means exactly_once_v2, the app's default) and a tuning. */
    static Map<String, String> defaults(String guarantee, Tuning tuning) {
        if ("at_least_once".equals(guarantee)) {
            return tuning == Tuning.LATENCY ? Map.of("kafka-streams.producer.linger.ms", "5")
                    : Map.of("kafka-streams.producer.linger.ms", "50",
                            "kafka-streams.producer.batch.size", "262144");
        }
        if (tuning == Tuning.LATENCY) {
            return Map.of(
                    "kafka-streams.commit.interval.ms", "100",
                    "kafka-streams.statestore.cache.max.bytes", "0",
                    "kafka-streams.producer.linger.ms", "100",
                    "kafka-streams.producer.batch.size", "262144");
        }
        return Map.of(
                "kafka-streams.commit.interval.ms", "500",
                "kafka-streams.producer.linger.ms", "100",
                "kafka-streams.producer.batch.size", "262144");
    }
}
