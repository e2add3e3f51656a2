package io.supplychaos.env;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecNode;

/**
 * Reads an env file's {@code clientConfig}: a mapping of client properties, or the path of a
 * properties file (relative to the env file). Every key must be a config of Kafka's Admin client,
 * producer or consumer, with a value of its type; {@code bootstrap.servers} has its own field.
 * Reads the named file only.
 */
final class ClientConfigReader {

    private static final Map<String, ConfigDef.ConfigKey> CLIENT_KEYS = clientKeys();

    /** A properties file's path, or a mapping of the client configs Kafka knows (bootstrap.servers has its own field). */
    static final Shape SHAPE = Shape.anyOf(Shape.text("the path of a client properties file, relative to the env file"),
            new Shape.MapOf(Shape.namesIn(CLIENT_KEYS.keySet().stream()
                    .filter(key -> !key.equals(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)).sorted().toList()),
                    "Kafka client configs", Shape.scalar("a value of the config's type")));

    private ClientConfigReader() {
    }

    static Map<String, String> read(SpecNode node) {
        if (!node.present()) {
            return Map.of();
        }
        if (node.isScalar()) {
            Path file = besideSource(node, node.text());
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            } catch (IOException e) {
                throw node.refuse("a client properties file that can be read (" + file + ": " + e.getMessage() + ")");
            }
            Map<String, String> config = new LinkedHashMap<>();
            new TreeSet<>(properties.stringPropertyNames()).forEach(key -> config.put(key, properties.getProperty(key)));
            config.forEach((key, value) -> check(node, key, value, " in " + file));
            return config;
        }
        node.mapping("of client properties (security.protocol, sasl.mechanism, ssl.truststore.location, ...), "
                + "or the path of a properties file");
        Map<String, String> config = node.properties();
        config.forEach((key, value) -> check(node.get(key), key, value, ""));
        return config;
    }

    private static void check(SpecNode node, String key, String value, String where) {
        if (key.equals(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw node.refuse("client properties other than bootstrap.servers" + where + " (the env's own field: "
                    + "bootstrapServers)");
        }
        ConfigDef.ConfigKey def = CLIENT_KEYS.get(key);
        if (def == null) {
            throw node.refuse("a Kafka client config (security.protocol, sasl.*, ssl.*, ...)" + where + ", not '" + key + "'");
        }
        try {
            Object parsed = ConfigDef.parseType(key, value, def.type);
            if (def.validator != null) {
                def.validator.ensureValid(key, parsed);
            }
        } catch (RuntimeException e) {
            throw node.refuse("a valid " + def.type.name().toLowerCase() + " for " + key + where + " (Kafka says: "
                    + e.getMessage() + ")");
        }
    }

    /** A path as written in the spec's file, resolved against that file's directory. */
    static Path besideSource(SpecNode node, String path) {
        Path given = Path.of(path);
        if (given.isAbsolute()) {
            return given.normalize();
        }
        Path source = Path.of(node.source()).toAbsolutePath();
        return source.getParent().resolve(given).normalize();
    }

    private static Map<String, ConfigDef.ConfigKey> clientKeys() {
        Map<String, ConfigDef.ConfigKey> keys = new LinkedHashMap<>();
        for (ConfigDef def : new ConfigDef[] {AdminClientConfig.configDef(), ProducerConfig.configDef(),
                ConsumerConfig.configDef()}) {
            def.configKeys().forEach(keys::putIfAbsent);
        }
        return keys;
    }
}
