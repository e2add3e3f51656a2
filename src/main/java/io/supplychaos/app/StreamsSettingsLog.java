package io.supplychaos.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import io.quarkus.runtime.StartupEvent;

/**
 * Says at start which Kafka Streams settings the app runs with: the guarantee, the tuning and the
 * values {@link StreamsTuning} derives from them (or that were set explicitly), so that a run's
 * app log shows what its figures were measured with.
 */
@ApplicationScoped
public class StreamsSettingsLog {

    private static final Logger LOG = Logger.getLogger(StreamsSettingsLog.class);

    static final List<String> SHOWN = List.of(StreamsTuning.GUARANTEE, StreamsTuning.TUNING,
            "kafka-streams.commit.interval.ms", "kafka-streams.statestore.cache.max.bytes",
            "kafka-streams.producer.linger.ms", "kafka-streams.producer.batch.size");

    void onStart(@Observes StartupEvent event, Config config) {
        LOG.info("kafka streams settings: " + effective(config));
    }

    /** Each shown setting's value, "(Kafka's default)" where nothing sets it. */
    static Map<String, String> effective(Config config) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : SHOWN) {
            values.put(key, config.getOptionalValue(key, String.class).orElse("(Kafka's default)"));
        }
        return values;
    }
}
