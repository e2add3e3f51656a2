package io.supplychaos.env;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whether clients and replication traffic go through Toxiproxy ({@code proxied}) or straight to the
 * brokers ({@code direct}); {@code protocol} is proxied with, in addition, the tool's Kafka-protocol
 * proxy between each client proxy and its broker's client listener, for the protocol faults.
 */
public enum Network {
    PROXIED("proxied"),
    DIRECT("direct"),
    PROTOCOL("protocol");

    private final String yamlName;

    Network(String yamlName) {
        this.yamlName = yamlName;
    }

    /** Whether Toxiproxy stands in front of the brokers: proxied, and protocol. */
    public boolean throughToxiproxy() {
        return this != DIRECT;
    }

    /** Whether the protocol proxy stands between the client proxies and the brokers. */
    public boolean throughProtocolProxy() {
        return this == PROTOCOL;
    }

    @JsonValue
    public String yamlName() {
        return yamlName;
    }
}
