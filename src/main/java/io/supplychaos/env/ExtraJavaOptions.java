package io.supplychaos.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

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

    /**
     * The collector of the brokers and app instances the tool starts on this machine, unless the
     * user's options choose one. The JDK picks G1 on any machine of two cores and 2 GB; with three
     * brokers of a 192 MB heap, an app and the load generator on two cores, G1's concurrent threads
     * and write barriers cost more than they save: with the serial collector the brokers used half
     * the CPU per order under at_least_once, the app a quarter less, and the pipelines' medians rose
     * 1.3 times (exactly-once) and 1.7 times (at-least-once) in orders per second (C3,
     * {@code bench --only pipeline}, docs/PERFORMANCE.md). Young pauses of heaps this size are a few
     * milliseconds.
     */
    public static final String DEFAULT_COLLECTOR = "-XX:+UseSerialGC";
    /**
     * How the default collector sizes its heap after a full collection: it gives back what its live
     * set leaves free beyond 30 % (the JDK keeps up to 70 %), at once rather than over four
     * collections ({@code ShrinkHeapInSteps}), down to the initial heap ({@code -Xms}). The serial
     * collector grows the old generation to its bound by promotion before it first collects it, so a
     * broker of a 192 MB bound held all of it after its first full collection, with a live set of
     * about 64 MB at 4,000 orders/s (jstat, docs/PERFORMANCE.md session 20); now that collection
     * returns the pages. Growing again costs a page fault per page promoted into, a few milliseconds
     * per collection cycle. When the user's options choose a collector, these go with it.
     */
    static final List<String> DEFAULT_HEAP_SIZING = List.of("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
            "-XX:-ShrinkHeapInSteps");
    /** A JVM option that chooses a collector: two of them and the JVM does not start. */
    private static final Pattern CHOOSES_COLLECTOR = Pattern.compile("-XX:\\+Use\\w+GC");

    public static List<String> from(String variable) {
        return Optional.ofNullable(System.getenv(variable)).map(String::trim).filter(value -> !value.isEmpty())
                .map(value -> List.of(value.split("\\s+"))).orElse(List.of());
    }

    /**
     * {@link #DEFAULT_COLLECTOR} with its {@link #DEFAULT_HEAP_SIZING} and the user's options from
     * {@code variable}, or only theirs when they choose a collector.
     */
    public static List<String> withDefaultCollector(String variable) {
        return withDefaultCollector(from(variable));
    }

    static List<String> withDefaultCollector(List<String> user) {
        if (user.stream().anyMatch(option -> CHOOSES_COLLECTOR.matcher(option).matches())) {
            return user;
        }
        List<String> options = new ArrayList<>(List.of(DEFAULT_COLLECTOR));
        options.addAll(DEFAULT_HEAP_SIZING);
        options.addAll(user);
        return List.copyOf(options);
    }
}
