package io.supplychaos.env;

import com.fasterxml.jackson.annotation.JsonValue;

/** How workloads on an environment spread orders over partitions by default (the paper's Table I). */
public enum Partitioning {
    KEY("key"),
    ROUND_ROBIN("round-robin"),
    SINGLE("single");

    private final String yamlName;

    Partitioning(String yamlName) {
        this.yamlName = yamlName;
    }

    @JsonValue
    public String yamlName() {
        return yamlName;
    }
}
