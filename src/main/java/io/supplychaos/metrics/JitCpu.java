package io.supplychaos.metrics;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The CPU the JIT compilers of local JVMs have used: the C1 and C2 compiler threads of each
 * process (HotSpot names them "C1 CompilerThre..." and "C2 CompilerThre..." in
 * {@code /proc/<pid>/task/<tid>/comm}), their user and system time from {@code stat}. A JVM that
 * still compiles is still getting faster, and on a machine of few cores its compilers take CPU from
 * the code they compile: a latency measured then describes the JIT (docs/PERFORMANCE.md, "What 100
 * orders/s costs"). The processes are asked for at each sample, so an app instance that restarts is
 * followed; a process seen for the first time counts from its start, except those there at
 * construction, which count from then. Linux only: elsewhere, or when no process can be read,
 * {@link #seconds()} is NaN.
 */
public final class JitCpu {

    /** Clock ticks per second of {@code /proc/<pid>/stat}'s times: 100 on every Linux the tool runs on. */
    private static final double TICKS_PER_SECOND = 100;

    private final Supplier<Collection<Long>> pids;
    private final Path proc;
    private final Map<Long, Double> last = new HashMap<>();
    private final Map<Long, Double> usedByPid = new HashMap<>();
    private double total;
    private int jvms;

    /** @param pids the JVMs to watch, asked at each sample (this JVM among them, if wanted) */
    public JitCpu(Supplier<Collection<Long>> pids) {
        this(pids, Path.of("/proc"));
    }

    JitCpu(Supplier<Collection<Long>> pids, Path proc) {
        this.pids = pids;
        this.proc = proc;
        for (Long pid : pids.get()) {
            double now = compilerSeconds(pid);
            if (!Double.isNaN(now)) {
                last.put(pid, now);
            }
        }
    }

    /**
     * CPU seconds the watched JVMs' compilers used since construction, summed, never decreasing (a
     * process gone keeps what it used); NaN when none of the processes could be read.
     */
    public synchronized double seconds() {
        return secondsByJvm().isEmpty() ? Double.NaN : total;
    }

    /**
     * Each JVM read now and the CPU seconds its compilers used since it was first watched (since its
     * start for one that appeared later); empty when none could be read. Two readings give each JVM's
     * share of an interval ({@link #busiestCores}).
     */
    public synchronized Map<Long, Double> secondsByJvm() {
        Map<Long, Double> now = new HashMap<>();
        for (Long pid : pids.get()) {
            double compiler = compilerSeconds(pid);
            if (Double.isNaN(compiler)) {
                continue;
            }
            double before = last.getOrDefault(pid, 0.0);
            double used = Math.max(0, compiler - before);
            total += used;
            last.put(pid, compiler);
            now.put(pid, usedByPid.merge(pid, used, Double::sum));
        }
        jvms = now.size();
        return now;
    }

    /**
     * The cores of the busiest JVM's compilers between two readings {@code seconds} apart: a JVM
     * absent from the first counts from 0 there, one absent from the second is left out.
     */
    public static double busiestCores(Map<Long, Double> before, Map<Long, Double> after, double seconds) {
        return after.entrySet().stream()
                .mapToDouble(jvm -> Math.max(0, jvm.getValue() - before.getOrDefault(jvm.getKey(), 0.0)) / seconds)
                .max().orElse(0);
    }

    /** All the JVMs' compilers' cores between two readings {@code seconds} apart (as {@link #busiestCores}). */
    public static double totalCores(Map<Long, Double> before, Map<Long, Double> after, double seconds) {
        return after.entrySet().stream()
                .mapToDouble(jvm -> Math.max(0, jvm.getValue() - before.getOrDefault(jvm.getKey(), 0.0)) / seconds)
                .sum();
    }

    /** How many of the JVMs could be read at the last {@link #seconds()}. */
    public synchronized int jvms() {
        return jvms;
    }

    /** The compiler threads' CPU seconds of one local process since it started; NaN when it cannot be read. */
    public static double ofProcess(long pid) {
        return compilerSeconds(Path.of("/proc"), pid);
    }

    private double compilerSeconds(Long pid) {
        return pid == null ? Double.NaN : compilerSeconds(proc, pid);
    }

    private static double compilerSeconds(Path proc, long pid) {
        Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
        if (!Files.isDirectory(tasks)) {
            return Double.NaN;
        }
        long ticks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                ticks += compilerTicks(thread);
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        return ticks / TICKS_PER_SECOND;
    }

    /** utime + stime of a compiler thread, 0 for any other thread or one that ended meanwhile. */
    private static long compilerTicks(Path thread) {
        try {
            String name = Files.readString(thread.resolve("comm")).trim();
            if (!name.contains("CompilerThre")) {
                return 0;
            }
            String stat = Files.readString(thread.resolve("stat"));
            // fields after the command, which is in parentheses and may hold spaces: state is field 3
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
