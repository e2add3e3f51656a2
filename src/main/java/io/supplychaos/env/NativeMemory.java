package io.supplychaos.env;

import java.util.List;
import java.util.Map;

/**
 * Keeps the native memory of the JVMs the tool starts on this machine (brokers, app instances) near
 * what they use. A JVM's C heap (glibc malloc) holds its compilers' arenas, its threads' buffers and
 * a native library's allocations (RocksDB, in the app); glibc keeps what was freed, in as many arenas
 * as eight per core, and the resident size only grows. Two settings, each in Kafka operators' common
 * use:
 * <ul>
 *   <li>{@code MALLOC_ARENA_MAX=2} in the process's environment: at most two arenas, so freed blocks
 *       are reused rather than spread over a dozen; unless the user's environment sets it.</li>
 *   <li>{@code -XX:TrimNativeHeapInterval} (a product option since JDK 22, JDK-8293114): a thread of
 *       the JVM returns the C heap's free pages to the kernel every few seconds.</li>
 * </ul>
 * In the bench's pipeline runs (session 15, docs/PERFORMANCE.md) the brokers peaked at 265-379 MB
 * each with both, against 332-387 MB without; their heaps (192 MB at most) and AOT caches (67 MB)
 * are most of what is left.
 */
public final class NativeMemory {

    static final String ARENA_VARIABLE = "MALLOC_ARENA_MAX";
    static final String ARENAS = "2";
    /** The first JDK feature release with {@code -XX:TrimNativeHeapInterval} as a product option. */
    static final int TRIM_MIN_FEATURE = 22;
    /** Trim every 5 s. */
    static final String TRIM = "-XX:TrimNativeHeapInterval=5000";

    private NativeMemory() {
    }

    /** The JVM options for a process that runs on {@code java}. */
    public static List<String> options(JavaRuntime.Java java) {
        return java.feature() >= TRIM_MIN_FEATURE ? List.of(TRIM) : List.of();
    }

    /** The environment for a JVM the tool starts, given the tool's own environment. */
    public static Map<String, String> environment(Map<String, String> toolEnvironment) {
        return toolEnvironment.containsKey(ARENA_VARIABLE) ? Map.of() : Map.of(ARENA_VARIABLE, ARENAS);
    }

    /** {@link #environment(Map)} for this process's environment. */
    public static Map<String, String> environment() {
        return environment(System.getenv());
    }
}
