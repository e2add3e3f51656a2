package io.supplychaos.env;

import java.util.List;

/**
 * Compact object headers (JEP 519, a product option since JDK 25) for the JVMs the tool starts
 * on this machine: an object's header takes 8 bytes instead of 12, which is a tenth or more of
 * the small objects Kafka and Streams allocate per record (a cache entry is six of them), so each
 * heap holds more before it collects and each young collection copies less. On at-least-once as
 * fast as it goes (C3, the app and the brokers with it) the app made fewer collections and the
 * chain more orders a second (docs/PERFORMANCE.md, session 23). Before 25 the option is
 * experimental or unknown, and an unknown {@code -XX} option stops a JVM at start, so it is given
 * to 25 and later only. A user's {@code -XX:-UseCompactObjectHeaders} comes after it and wins.
 */
public final class CompactHeaders {

    /** The first JDK feature release with compact object headers as a product option. */
    static final int MIN_FEATURE = 25;
    static final String OPTION = "-XX:+UseCompactObjectHeaders";

    private CompactHeaders() {
    }

    /** The JVM options for a process that runs on {@code java}. */
    public static List<String> options(JavaRuntime.Java java) {
        return java.feature() >= MIN_FEATURE ? List.of(OPTION) : List.of();
    }
}
