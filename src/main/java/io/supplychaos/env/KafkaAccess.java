package io.supplychaos.env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import io.supplychaos.spec.Secrets;

/**
 * How a client reaches one cluster: its bootstrap servers and the client properties every client
 * of the tool needs there (security.protocol, sasl.*, ssl.*), as an env file's {@code clientConfig}
 * or the embedded env's SASL_SSL listeners give them. Every Admin client, producer and consumer the
 * tool opens, and every app instance it starts, is configured from one of these, so a secured
 * cluster is reached the same way by all of them. Immutable; touches nothing.
 *
 * @param clientConfig client properties other than bootstrap.servers, in the order given
 */
public record KafkaAccess(String bootstrapServers, Map<String, String> clientConfig) {

    public KafkaAccess {
        clientConfig = clientConfig == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(clientConfig));
    }

    /** A cluster reached without client security (the embedded env's default). */
    public static KafkaAccess plaintext(String bootstrapServers) {
        return new KafkaAccess(bootstrapServers, Map.of());
    }

    /** bootstrap.servers and the client config, for a new Admin client, producer or consumer to add its own to. */
    public Properties properties() {
        Properties properties = new Properties();
        properties.putAll(clientConfig);
        properties.put("bootstrap.servers", bootstrapServers);
        return properties;
    }

    /** The security protocol clients use: PLAINTEXT unless the client config says otherwise. */
    public String securityProtocol() {
        return clientConfig.getOrDefault("security.protocol", "PLAINTEXT");
    }

    /** The client config, sorted, with secrets' values {@value Secrets#HIDDEN} ({@link Secrets}), for status lines, logs and results. */
    public Map<String, String> maskedConfig() {
        return new TreeMap<>(Secrets.masked(clientConfig));
    }
}
