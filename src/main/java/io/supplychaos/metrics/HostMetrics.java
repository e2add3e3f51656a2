package io.supplychaos.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Host CPU use (from /proc/stat, between two samples) and memory in use (from /proc/meminfo:
 * MemTotal - MemAvailable). NaN where /proc is not there to read.
 */
public final class HostMetrics {

    private long lastBusy = -1;
    private long lastTotal = -1;

    /** CPU busy percentage since the previous call (NaN on the first). */
    public double cpuPercent() {
        try {
            String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < fields.length; i++) {
                total += Long.parseLong(fields[i]);
            }
            long idle = Long.parseLong(fields[4]) + (fields.length > 5 ? Long.parseLong(fields[5]) : 0);
            long busy = total - idle;
            double percent = lastTotal < 0 || total == lastTotal ? Double.NaN
                    : 100.0 * (busy - lastBusy) / (total - lastTotal);
            lastBusy = busy;
            lastTotal = total;
            return percent;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    public double memoryUsedMb() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/meminfo"));
            return (kilobytes(lines, "MemTotal:") - kilobytes(lines, "MemAvailable:")) / 1024.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Resident memory of a process (VmRSS), 0 when it is gone. */
    public static double residentMb(long pid) {
        try {
            return kilobytes(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")), "VmRSS:") / 1024.0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * The file-backed part of a process's resident memory (RssFile: its jars, libraries and mapped
     * files such as a JDK AOT cache), 0 when it is gone: page cache that RSS counts and the kernel
     * can drop, unlike the heap and native memory (RssAnon).
     */
    public static double residentFileMb(long pid) {
        try {
            return fileKilobytes(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) / 1024.0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** RssFile from a /proc/PID/status, in kB. */
    static long fileKilobytes(List<String> status) {
        return kilobytes(status, "RssFile:");
    }

    private static long kilobytes(List<String> lines, String key) {
        return lines.stream().filter(line -> line.startsWith(key)).findFirst()
                .map(line -> Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]))
                .orElseThrow(() -> new IllegalStateException("no " + key));
    }
}
