package io.supplychaos.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.supplychaos.history.HistoryEvent.WarmupEnd;
import io.supplychaos.history.HistoryEvent.WarmupWindow;
import io.supplychaos.result.RunResult;

/**
 * The table `run` prints after each run: verdict, orders, throughput, latency, what the broker
 * metrics were sampled from, faults, where the report is.
 */
public final class SummaryTable {

    private SummaryTable() {
    }

    public static void print(PrintWriter out, RunResult result, Path dir) {
        RunResult.Orders orders = result.orders();
        RunResult.Latency latency = result.latencyMs();
        out.println();
        out.printf("  %-22s %s%n", "verdict", result.verdict());
        result.violations().forEach(violation -> out.printf("  %-22s %s%n", "", violation));
        result.notes().forEach(note -> out.printf("  %-22s %s%n", "note", note));
        out.printf("  %-22s sent %d, acked %d, completed %d (rejected %d)%n", "orders", orders.sent(), orders.acked(),
                orders.completed(), orders.rejected());
        out.printf("  %-22s %s%n", "availability", availability(orders));
        classes(out, orders);
        out.printf("  %-22s %.1f orders/s, %.0f records/s%n", "throughput", result.throughput().ordersPerSec(),
                result.throughput().recordsPerSec());
        out.printf("  %-22s avg %.1f  p50 %.1f  p95 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", "latency ms", latency.avg(),
                latency.p50(), latency.p95(), latency.p99(), latency.p999(), latency.max());
        if (!result.hops().isEmpty()) {
            StringBuilder hops = new StringBuilder();
            for (RunResult.Hop hop : result.hops()) {
                hops.append(hops.isEmpty() ? "" : ", ").append(hop.via()).append(' ')
                        .append(String.format("%.0f", hop.latencyMs().p50()));
            }
            out.printf("  %-22s %s%n", "hops p50 ms", hops);
        }
        out.printf("  %-22s avg %.1f  p99 %.1f%n", "request time ms", result.requestTimeMs().avg(),
                result.requestTimeMs().p99());
        out.printf("  %-22s %.1f%n", "jitter ms", result.jitterMs().avg());
        if (result.firstReadMs() != null && result.firstReadMs().count() > 0) {
            out.printf("  %-22s avg %.1f  p99 %.1f  jitter %.1f%n", "one hop ms (to intake)",
                    result.firstReadMs().latencyMs().avg(), result.firstReadMs().latencyMs().p99(),
                    result.firstReadMs().jitterMs());
        }
        warmup(out, result.warmup());
        out.printf("  %-22s %s%n", "broker metrics",
                result.brokerMetricsSource() == null ? "not recorded" : result.brokerMetricsSource());
        for (RunResult.FaultEvent fault : result.faults()) {
            out.printf("  %-22s %s (%s), %s%n", "fault", fault.label(), fault.source(),
                    fault.failed() ? "FAILED: " + fault.error()
                            : recovery(fault));
        }
        if (result.paper() != null) {
            out.printf("  %-22s latency %.1f ms, throughput %.1f/s (ours: %.1f ms, %.1f/s)%n", "paper " + result.paper().config(),
                    result.paper().latencyMs(), result.paper().throughputPerSec(), latency.avg(),
                    result.throughput().ordersPerSec());
        }
        out.printf("  %-22s %s%n", "report", dir.resolve("report.html"));
        out.flush();
    }

    /**
     * The measured orders Kafka acknowledged, of those sent, and the share: "98.2% (5,891 of 6,000
     * measured orders acknowledged)"; "not recorded" for summaries written before runs recorded it.
     */
    public static String availability(RunResult.Orders o) {
        if (o.measuredSent() == null) {
            return "not recorded";
        }
        String share = o.availability() == null ? "none sent"
                : String.format(java.util.Locale.ROOT, "%.1f%%", o.availability() * 100);
        return String.format(java.util.Locale.ROOT, "%s (%,d of %,d measured orders acknowledged)", share,
                o.measuredAcked(), o.measuredSent());
    }

    /** A fault's recovery in words: "throughput back after N s" or "did not recover". */
    public static String recovery(RunResult.FaultEvent fault) {
        String recovery = fault.recoveryMs() == null ? "did not recover"
                : "throughput back after " + fault.recoveryMs() / 1000 + " s";
        RunResult.RestoreLatency restore = fault.restore();
        if (restore == null) {
            return recovery;
        }
        return recovery + String.format(java.util.Locale.ROOT, "; orders placed in the %,d s from it%s: ",
                restore.windowMs() / 1000, fault.recoveryMs() == null ? " (until sending ended)" : "")
                + completed(restore.during()) + " (steady before the first fault: " + percentiles(restore.steady()) + ")";
    }

    /** "3,990 of 4,000 completed, p50 9,100 / p99 24,200 / max 25,300 ms"; "none placed". */
    private static String completed(RunResult.Window w) {
        if (w.placed() == 0) {
            return "none placed";
        }
        return String.format(java.util.Locale.ROOT, "%,d of %,d completed", w.completed(), w.placed())
                + (w.completed() == 0 ? "" : ", " + percentiles(w));
    }

    /** "p50 61 / p99 140 / max 320 ms", or "none completed". */
    static String percentiles(RunResult.Window w) {
        return w.completed() == 0 || w.p50Ms() == null ? "none completed"
                : String.format(java.util.Locale.ROOT, "p50 %,.0f / p99 %,.0f / max %,.0f ms", w.p50Ms(), w.p99Ms(),
                w.maxMs());
    }

    /** "9,100 / 24,200 / 25,300" (p50 / p99 / max in ms), "-" when nothing completed: for tables. */
    public static String window(RunResult.Window w) {
        return w == null || w.completed() == 0 || w.p50Ms() == null ? "-"
                : String.format(java.util.Locale.ROOT, "%,.0f / %,.0f / %,.0f", w.p50Ms(), w.p99Ms(), w.maxMs());
    }

    /** Most windows the p50 line lists; a longer warm-up shows its last ones. */
    private static final int MAX_WINDOWS_SHOWN = 30;

    /**
     * How the warm-up ended and what it cost, the measured phase's length, and the p50 of each
     * warm-up window ("-" where nothing completed); nothing for a summary from before warm-ups were watched.
     */
    static void warmup(PrintWriter out, RunResult.Warmup warmup) {
        if (warmup == null) {
            return;
        }
        String measured = "measured for " + Math.round(warmup.measuredMs() / 1000.0) + " s";
        out.printf("  %-22s %s%n", "warm-up", warmup.end() == WarmupEnd.NONE ? "none, " + measured
                : warmup.describe() + " (cold-start cost; " + warmup.orders() + " orders), then " + measured);
        List<WarmupWindow> windows = warmup.windows();
        if (windows.isEmpty()) {
            return;
        }
        List<WarmupWindow> shown = windows.subList(Math.max(0, windows.size() - MAX_WINDOWS_SHOWN), windows.size());
        String p50s = shown.stream().map(w -> w.p50Ms() == null ? "-" : String.valueOf(Math.round(w.p50Ms())))
                .collect(Collectors.joining(", "));
        out.printf("  %-22s %s%s (per %d s)%n", "warm-up p50 ms", shown.size() < windows.size() ? "... " : "", p50s,
                Math.round(windows.get(0).endMs() / 1000.0));
        if (shown.stream().anyMatch(w -> w.jitCores() != null)) {
            String jit = shown.stream().map(w -> w.jitCores() == null ? "-" : String.format(Locale.ROOT, "%.2f", w.jitCores()))
                    .collect(Collectors.joining(", "));
            out.printf("  %-22s %s%s (cores, the JVMs on this machine)%n", "warm-up JIT", shown.size() < windows.size()
                    ? "... " : "", jit);
        }
    }

    /** The order classes on two lines: the good and neutral ones, then the ones that break rules. */
    public static void classes(PrintWriter out, RunResult.Orders o) {
        long afterProcessing = o.lost().afterProcessing() == null ? 0 : o.lost().afterProcessing().count();
        out.printf("  %-22s ok %d, lost %d (expected %d, bad %d; lost from the log after processing %d), stuck %d,"
                        + " unseen %d%n", "correctness", o.ok().count(), o.lost().count(), o.lost().expected().count(),
                o.lost().bad().count(), afterProcessing, o.stuck().count(), o.unseen().count());
        out.printf("  %-22s duplicates %d, incomplete %d, out of order %d, unexpected %d, malformed %d, stock %d%n", "",
                o.duplicates().count(), o.incompleteLifecycle().count(), o.outOfOrder().count(), o.unexpected().count(),
                o.malformed().count(), o.stock().violations().count());
        out.printf("  %-22s never acked %d (of which completed %d)%n", "", o.neverAcked().count(),
                o.writtenUnacked().count());
    }
}
