package io.supplychaos.env;

import java.util.List;
import java.util.Optional;

/**
 * JVM options a user adds to the processes the tool starts, from an environment variable
 * ({@code SUPPLY_CHAOS_APP_JAVA_OPTS} for app instances, {@code SUPPLY_CHAOS_BROKER_JAVA_OPTS} for
 * brokers): a flight recording or a bigger heap for one investigation, without touching env or
 * scenario files. Split on whitespace; no quoting.
 */
public final class ExtraJavaOptions {

    public static final String APP = "SUPPLY_CHAOS_APP_JAVA_OPTS";
    public static final String BROKER = "SUPPLY_CHAOS_BROKER_JAVA_OPTS";

    private ExtraJavaOptions() {
    }

    public static List<String> from(String variable) {
        return Optional.ofNullable(System.getenv(variable)).map(String::trim).filter(value -> !value.isEmpty())
                .map(value -> List.of(value.split("\\s+"))).orElse(List.of());
    }
}
