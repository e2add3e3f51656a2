package io.supplychaos.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's CPU time so far, from {@code /proc/<pid>/stat}: user plus system time (fields 14 and
 * 15, in clock ticks), children not included. Two samples give the CPU a process spent between them.
 *
 * @param pid   the process
 * @param ticks utime + stime in clock ticks
 */
public record ProcessCpu(long pid, long ticks) {

    /** Linux's USER_HZ on every platform the tool runs on (x86-64, arm64). */
    public static final int CLOCK_TICKS_PER_SECOND = 100;

    /**
     * Parses one {@code /proc/<pid>/stat} line. The command name (field 2) is in parentheses and may
     * hold spaces and parentheses itself, so fields are counted from the last ')'.
     */
    public static ProcessCpu parse(long pid, String statLine) {
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/pid/stat line: " + statLine);
        }
        // after ") ": field 3 (state) is index 0, so utime (field 14) is index 11, stime (15) index 12
        String[] rest = statLine.substring(close + 2).trim().split(" +");
        if (rest.length < 13) {
            throw new IllegalArgumentException("too few fields in /proc/" + pid + "/stat: " + statLine);
        }
        return new ProcessCpu(pid, Long.parseLong(rest[11]) + Long.parseLong(rest[12]));
    }

    /** The process's CPU time now; null when it is gone or unreadable. */
    public static ProcessCpu sample(long pid) {
        try {
            return parse(pid, Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** CPU seconds spent from {@code earlier} to this sample, of the same process. */
    public double secondsSince(ProcessCpu earlier) {
        if (earlier.pid != pid) {
            throw new IllegalArgumentException("samples of two processes: " + earlier.pid + " and " + pid);
        }
        return (ticks - earlier.ticks) / (double) CLOCK_TICKS_PER_SECOND;
    }

    /** CPU seconds per 1,000 orders between two samples. */
    public static double secondsPerThousandOrders(ProcessCpu before, ProcessCpu after, long orders) {
        if (orders <= 0) {
            throw new IllegalArgumentException("orders: > 0 expected, was " + orders);
        }
        return after.secondsSince(before) * 1000.0 / orders;
    }
}
