package io.supplychaos.env;

import com.fasterxml.jackson.annotation.JsonValue;

/** The two kinds of broker traffic that each get their own Toxiproxy proxy per broker. */
public enum ProxyLink {
    /** Producers, consumers, admin clients and Streams apps talking to a broker. */
    CLIENT("client"),
    /** Followers fetching from leaders (the inter-broker listener); controller traffic stays direct. */
    REPLICATION("replication");

    private final String yamlName;

    ProxyLink(String yamlName) {
        this.yamlName = yamlName;
    }

    @JsonValue
    public String yamlName() {
        return yamlName;
    }

    /** The proxy name used in Toxiproxy, e.g. {@code broker-2-replication}. */
    public String proxyName(int brokerId) {
        return "broker-" + brokerId + "-" + yamlName;
    }
}
