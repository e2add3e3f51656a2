package io.supplychaos.env;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where an env's cluster comes from, as an env file's {@code kind:} says. Every kind takes the same
 * verbs and scenario keys; what differs is who starts the brokers and how faults reach them.
 */
public enum EnvKind {
    /** Brokers and Toxiproxy as local processes the tool starts and stops (the default). */
    EMBEDDED("embedded"),
    /** The repo's docker-compose.yml: containers with Toxiproxy; faults through the docker CLI. */
    COMPOSE("compose"),
    /** A cluster someone else runs: the tool connects, and acts on brokers only through configured hooks. */
    EXTERNAL("external"),
    /** A Strimzi-managed cluster: pod deletions and Chaos Mesh resources through the Kubernetes API. */
    KUBERNETES("kubernetes");

    private final String yamlName;

    EnvKind(String yamlName) {
        this.yamlName = yamlName;
    }

    @JsonValue
    public String yamlName() {
        return yamlName;
    }

    /** True when the tool starts the brokers itself and may stop them and delete their data. */
    public boolean toolOwned() {
        return this == EMBEDDED;
    }
}
