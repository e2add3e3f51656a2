package io.supplychaos.env;

import com.fasterxml.jackson.annotation.JsonValue;

/** Whether clients and replication traffic go through Toxiproxy ({@code proxied}) or straight to the brokers. */
public enum Network {
    PROXIED("proxied"),
    DIRECT("direct");

    private final String yamlName;

    Network(String yamlName) {
        this.yamlName = yamlName;
    }

    @JsonValue
    public String yamlName() {
        return yamlName;
    }
}
