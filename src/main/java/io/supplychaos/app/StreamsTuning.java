package io.supplychaos.app;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.config.spi.ConfigSource;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;

/**
 * Kafka Streams settings that depend on the processing guarantee, supplied as defaults below
 * application.properties (so that file, {@code -D} and a scenario's {@code app.config} still win).
 *
 * <p>Under exactly_once_v2 nothing a task writes is readable downstream before its transaction
 * commits, so each commit is the unit of work: two commits a second instead of ten, and producer
 * batches that wait up to 100 ms to fill, give the brokers a fifth of the transaction markers and
 * far fewer, larger produce requests (docs/PERFORMANCE.md has the measurements). Under
 * at_least_once records are readable as soon as they are written, so batching would only add
 * latency to each of the pipeline's hops: batches leave after 5 ms.
 */
public final class StreamsTuning implements ConfigSourceFactory {

    static final String GUARANTEE = "kafka-streams.processing.guarantee";
    private static final int ORDINAL = 200; // below application.properties (250)

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        ConfigValue guarantee = context.getValue(GUARANTEE);
        return List.of(new PropertiesConfigSource(forGuarantee(guarantee == null ? null : guarantee.getValue()),
                "supply-chaos streams tuning", ORDINAL));
    }

    /** The defaults for a guarantee; none set means exactly_once_v2, the app's default. */
    static Map<String, String> forGuarantee(String guarantee) {
        if ("at_least_once".equals(guarantee)) {
            return Map.of("kafka-streams.producer.linger.ms", "5");
        }
        return Map.of(
                "kafka-streams.commit.interval.ms", "500",
                "kafka-streams.producer.linger.ms", "100",
                "kafka-streams.producer.batch.size", "262144");
    }
}
