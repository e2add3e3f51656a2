package io.supplychaos.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import io.supplychaos.check.RunAnalysis;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.SummaryTable;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * {@code chaos check RESULT_DIR}: judges a finished run again, offline, from its
 * {@code history.jsonl.gz} ({@link RunAnalysis}), prints the order classes and the verdict, and
 * compares them with the run's summary.json: the verdict, every class count and the figures
 * (orders/s, latency, request time, jitter). Prints "reproduced" or each difference. Exit 0 when
 * the verdict is PASS and summary.json agrees (or is absent); 1 for any other verdict or a
 * difference; 2, naming the file, when the directory or its history is missing or unreadable.
 */
@Command(name = "check", description = "Judge a run again from its history.jsonl.gz and compare with its summary.json.")
final class CheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULT_DIR", description = "a run's results directory")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(dir)) {
            err.println("check: " + dir + ": no such directory (expected a run's results directory)");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        Path file = dir.resolve(HistoryFile.NAME);
        if (!Files.isRegularFile(file)) {
            err.println("check: " + file + ": no such file (runs record their history there)");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        List<HistoryEvent> events;
        try {
            events = HistoryFile.read(file);
        } catch (UncheckedIOException | HistoryFile.HistoryFormatException e) {
            err.println("check: " + file + ": unreadable: " + (e.getCause() != null ? e.getCause().getMessage()
                    : e.getMessage()));
            return ChaosCli.EXIT_BAD_INPUT;
        }
        if (events.isEmpty()) {
            err.println("check: " + file + ": no events (expected one JSON history event per line)");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        RunAnalysis analysis = RunAnalysis.of(events);
        print(out, analysis);

        Path summaryFile = dir.resolve(ResultFiles.SUMMARY);
        List<String> differences = new ArrayList<>();
        if (!Files.exists(summaryFile)) {
            out.println("no " + ResultFiles.SUMMARY + " to compare with");
        } else {
            try {
                differences = differences(ResultFiles.readSummary(summaryFile), analysis);
            } catch (IOException e) {
                err.println("check: " + e.getMessage());
                return ChaosCli.EXIT_BAD_INPUT;
            }
            if (differences.isEmpty()) {
                out.println("reproduced: " + summaryFile + " agrees (verdict, classes, figures)");
            } else {
                out.println("NOT reproduced: " + summaryFile + " differs:");
                differences.forEach(d -> out.println("  " + d));
            }
        }
        out.flush();
        return analysis.verdict() == Verdict.PASS && differences.isEmpty() ? 0 : ChaosCli.EXIT_FAILED;
    }

    private static void print(PrintWriter out, RunAnalysis analysis) {
        out.printf("  %-22s %s%n", "verdict", analysis.verdict());
        analysis.judgement().violations().forEach(v -> out.printf("  %-22s %s%n", "", v));
        analysis.judgement().notes().forEach(n -> out.printf("  %-22s %s%n", "note", n));
        RunResult.Orders o = analysis.orders();
        out.printf("  %-22s sent %d, acked %d (measured %d), completed %d (rejected %d)%n", "orders", o.sent(), o.acked(),
                o.measuredAcked(), o.completed(), o.rejected());
        out.printf("  %-22s %s%n", "availability", SummaryTable.availability(o));
        SummaryTable.classes(out, o);
        out.printf("  %-22s %.1f orders/s; latency p99 %.1f ms%n", "figures", analysis.ordersPerSec(),
                analysis.latency().p99());
        for (RunResult.FaultEvent fault : analysis.faults()) {
            // the resolved fault ("kill-broker 2"), as the run's table shows it; the spec when it never resolved
            String what = fault.label();
            out.printf("  %-22s %s: %s%n", "fault", what,
                    fault.failed() ? "FAILED: " + fault.error() : SummaryTable.recovery(fault));
        }
    }

    /** Each way summary.json differs from the analysis, in words; empty when it reproduces. */
    static List<String> differences(RunResult summary, RunAnalysis analysis) {
        List<String> differences = new ArrayList<>();
        if (summary.verdict() != analysis.verdict()) {
            differences.add("verdict: summary " + summary.verdict() + ", history " + analysis.verdict());
        }
        Map<String, Long> recorded = summary.orders() == null ? Map.of() : RunAnalysis.classCounts(summary.orders());
        RunAnalysis.classCounts(analysis.orders()).forEach((name, count) -> {
            // a class a summary from before it existed does not hold agrees only when the history finds none of it
            boolean notYetRecorded = recorded.get(name) == null && count != null && count == 0;
            if (!notYetRecorded && !Objects.equals(recorded.get(name), count)) {
                differences.add("orders." + name + ": summary " + recorded.get(name) + ", history " + count);
            }
        });
        figure(differences, "throughput.ordersPerSec", summary.throughput() == null ? null
                : summary.throughput().ordersPerSec(), analysis.ordersPerSec());
        if (summary.latencyMs() != null) {
            figure(differences, "latencyMs.avg", summary.latencyMs().avg(), analysis.latency().avg());
            figure(differences, "latencyMs.p99", summary.latencyMs().p99(), analysis.latency().p99());
        }
        if (summary.requestTimeMs() != null) {
            figure(differences, "requestTimeMs.avg", summary.requestTimeMs().avg(), analysis.requestTime().avg());
        }
        if (summary.jitterMs() != null) {
            figure(differences, "jitterMs.avg", summary.jitterMs().avg(), analysis.jitter().avg());
        }
        return differences;
    }

    private static void figure(List<String> differences, String name, Double recorded, double computed) {
        // NaN (nothing measured) equals NaN here; JSON writes both alike
        if (recorded == null || Double.compare(recorded, computed) != 0) {
            differences.add(name + ": summary " + recorded + ", history " + computed);
        }
    }
}
