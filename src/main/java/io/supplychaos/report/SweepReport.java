package io.supplychaos.report;

import static io.supplychaos.report.Html.count;
import static io.supplychaos.report.Html.esc;
import static io.supplychaos.report.Html.num;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * The parent directory of several runs of one scenario (a {@code repeat: N} run, or a sweep such as
 * the paper's Table II, C1/C2/C3 x message counts), each run in a sub-directory written by
 * {@link ResultFiles}. Writes the parent's summary.json (a {@link Summary}: every run's verdict and,
 * per env and message count, the median and min-max of the headline figures) and its report.html:
 * one row per run linking to the run's own report.html, the aggregates, and for the paper's runs
 * our figures beside the paper's per message count and config, as tables and charts. Reads the
 * sub-directories' summary.json to find the runs.
 */
public final class SweepReport {

    /** One run of the sweep: its sub-directory's name (relative to the parent) and its result. */
    public record Member(String directory, RunResult result) {
    }

    /** A run as listed in the parent's summary.json. */
    public record RunEntry(String directory, String env, Long messages, Verdict verdict, boolean interrupted) {
    }

    /**
     * The parent's summary.json.
     *
     * @param verdict ERROR when the tool failed in any run, else FAIL when any failed, else INTERRUPTED when any was cut short, else PASS
     */
    public record Summary(String scenario, Verdict verdict, List<RunEntry> runs, List<RepeatSummary> aggregates) {
    }

    private SweepReport() {
    }

    /** Sub-directories of {@code parent} that hold a run (a summary.json), by name. */
    public static List<Path> runDirectories(Path parent) throws IOException {
        try (Stream<Path> children = Files.list(parent)) {
            return children.filter(child -> Files.isRegularFile(child.resolve(ResultFiles.SUMMARY)))
                    .sorted(Comparator.comparing(child -> child.getFileName().toString()))
                    .toList();
        }
    }

    /** Writes summary.json and report.html of the parent directory. */
    public static void write(Path parent, List<Member> members) throws IOException {
        List<Member> shown = members.stream().map(m -> new Member(m.directory(), ResultFiles.masked(m.result()))).toList();
        Summary summary = summarise(shown);
        ResultFiles.writeJson(parent.resolve(ResultFiles.SUMMARY), summary);
        AtomicFiles.write(parent.resolve(ResultFiles.REPORT), render(shown, summary));
    }

    public static Summary summarise(List<Member> members) {
        Map<String, List<RunResult>> groups = new LinkedHashMap<>();
        List<RunEntry> entries = new ArrayList<>();
        for (Member m : members) {
            RunResult r = m.result();
            Long messages = RepeatSummary.messages(r);
            entries.add(new RunEntry(m.directory(), r.env(), messages, r.verdict(), r.interrupted()));
            groups.computeIfAbsent(r.env() + "|" + messages, k -> new ArrayList<>()).add(r);
        }
        List<RepeatSummary> aggregates = groups.values().stream().map(RepeatSummary::of)
                .sorted(Comparator.comparing((RepeatSummary a) -> String.valueOf(a.env()))
                        .thenComparing(a -> a.messages() == null ? Long.MAX_VALUE : a.messages()))
                .toList();
        String scenario = members.isEmpty() ? null : members.get(0).result().scenario();
        return new Summary(scenario, verdict(members), entries, aggregates);
    }

    private static Verdict verdict(List<Member> members) {
        for (Verdict worst : List.of(Verdict.ERROR, Verdict.FAIL, Verdict.INTERRUPTED)) {
            if (members.stream().anyMatch(m -> m.result().verdict() == worst)) {
                return worst;
            }
        }
        return members.stream().anyMatch(m -> m.result().interrupted()) ? Verdict.INTERRUPTED : Verdict.PASS;
    }

    static String render(List<Member> members, Summary summary) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(esc(summary.scenario())).append("</h1>\n<p>").append(count(members.size()))
                .append(" runs &middot; verdict ").append(HtmlReport.verdict(summary.verdict())).append("</p>\n");
        runs(body, members);
        aggregates(body, summary.aggregates());
        List<Member> paperRuns = members.stream().filter(m -> m.result().paper() != null).toList();
        if (!paperRuns.isEmpty()) {
            paper(body, paperRuns, summary.aggregates());
        }
        return Html.page("supply-chaos: " + summary.scenario(), body.toString());
    }

    private static void runs(StringBuilder body, List<Member> members) {
        List<List<String>> rows = new ArrayList<>();
        for (Member m : members) {
            RunResult r = m.result();
            Long messages = RepeatSummary.messages(r);
            rows.add(List.of("<a href=\"" + esc(m.directory() + "/" + ResultFiles.REPORT) + "\">" + esc(m.directory())
                            + "</a>", esc(r.env()), messages == null ? "" : count(messages),
                    HtmlReport.verdict(r.verdict()) + (r.interrupted() ? " (interrupted)" : ""),
                    num(r.throughput().ordersPerSec()), num(r.latencyMs().avg()), num(r.latencyMs().p99()),
                    num(r.requestTimeMs().avg()), num(r.jitterMs().avg()), count(r.orders().lost().count()),
                    count(r.orders().duplicates().count())));
        }
        body.append("<h2>Runs</h2>\n").append(Html.table(List.of("run", "env", "messages", "verdict", "orders/s",
                "latency avg (ms)", "latency p99 (ms)", "request time avg (ms)", "jitter (ms)", "lost", "duplicates"),
                rows));
    }

    private static void aggregates(StringBuilder body, List<RepeatSummary> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (RepeatSummary a : aggregates) {
            List<String> row = new ArrayList<>(List.of(esc(a.env()), a.messages() == null ? "" : count(a.messages()),
                    count(a.runs())));
            a.spreads().forEach(s -> row.add(num(s.median()) + " (" + num(s.min()) + " &ndash; " + num(s.max()) + ")"));
            rows.add(row);
        }
        body.append("<h2>Median (min &ndash; max) per env and message count</h2>\n")
                .append(Html.table(List.of("env", "messages", "runs", "orders/s", "latency avg (ms)",
                        "latency p99 (ms)", "request time avg (ms)", "jitter (ms)"), rows));
    }

    /** One figure compared with the paper: how to get ours (a median) and the paper's. */
    private record Figure(String title, String unit, ToDoubleFunction<RepeatSummary> ours,
                          ToDoubleFunction<RunResult.PaperFigures> paper) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("Latency avg", "ms", a -> a.latencyAvgMs().median(), RunResult.PaperFigures::latencyMs),
            new Figure("Request time avg", "ms", a -> a.requestTimeAvgMs().median(), RunResult.PaperFigures::requestTimeMs),
            new Figure("Jitter", "ms", a -> a.jitterAvgMs().median(), RunResult.PaperFigures::jitterMs),
            new Figure("Throughput", "orders/s", a -> a.throughputOrdersPerSec().median(),
                    RunResult.PaperFigures::throughputPerSec));

    /** Our medians beside the paper's Table II, per config and message count: a table, then a chart per figure. */
    private static void paper(StringBuilder body, List<Member> paperRuns, List<RepeatSummary> aggregates) {
        // The paper's figures per aggregate, taken from the runs themselves (they carry them).
        Map<RepeatSummary, RunResult.PaperFigures> paperOf = new LinkedHashMap<>();
        for (RepeatSummary a : aggregates) {
            paperRuns.stream().map(Member::result)
                    .filter(r -> Objects.equals(r.env(), a.env()) && Objects.equals(r.paper().messages(), a.messages()))
                    .findFirst().ifPresent(r -> paperOf.put(a, r.paper()));
        }
        List<String> headers = new ArrayList<>(List.of("config", "messages"));
        FIGURES.forEach(f -> headers.addAll(List.of(f.title() + " paper", "ours", "ratio")));
        List<List<String>> rows = new ArrayList<>();
        paperOf.forEach((a, p) -> {
            List<String> row = new ArrayList<>(List.of(esc(p.config()), count(p.messages())));
            for (Figure f : FIGURES) {
                double ours = f.ours().applyAsDouble(a);
                double theirs = f.paper().applyAsDouble(p);
                row.addAll(List.of(num(theirs), num(ours), num(PaperTable.ratio(ours, theirs))));
            }
            rows.add(row);
        });
        body.append("<h2 id=\"paper\">The paper (Table II) vs this sweep</h2>\n<p class=\"cite\">")
                .append(esc(PaperTable.CITATION)).append(", Table II.</p>\n<p>Ours: the median over the runs"
                + " of each config and message count; ratio: ours / paper. The charts' message counts are on a"
                + " logarithmic axis, as the paper's counts span 100 to 50,000.</p>\n").append(Html.table(headers, rows));
        java.util.DoubleSummaryStatistics stats = paperOf.values().stream().mapToDouble(RunResult.PaperFigures::messages)
                .filter(m -> m > 0).map(Math::log10).summaryStatistics();
        double[] range = stats.getCount() > 0 ? new double[]{stats.getMin(), stats.getMax()} : new double[]{2, 5};
        for (Figure f : FIGURES) {
            SvgChart chart = new SvgChart("messages (log scale)", f.unit()).xTicks(logTicks(range[0], range[1]));
            if (range[1] > range[0]) {
                chart.xRange(range[0] - 0.05, range[1] + 0.05);
            }
            List<String> configs = paperOf.values().stream().map(RunResult.PaperFigures::config).distinct().toList();
            for (int c = 0; c < configs.size(); c++) {
                String config = configs.get(c);
                List<Map.Entry<RepeatSummary, RunResult.PaperFigures>> cells = paperOf.entrySet().stream()
                        .filter(e -> e.getValue().config().equals(config))
                        .sorted(Comparator.comparingLong(e -> e.getValue().messages())).toList();
                double[] x = cells.stream().mapToDouble(e -> Math.log10(Math.max(1, e.getValue().messages()))).toArray();
                chart.add(new SvgChart.Series(config + " ours", x,
                        cells.stream().mapToDouble(e -> f.ours().applyAsDouble(e.getKey())).toArray(), false, c));
                chart.add(new SvgChart.Series(config + " paper", x,
                        cells.stream().mapToDouble(e -> f.paper().applyAsDouble(e.getValue())).toArray(), true, c));
            }
            body.append("<h3>").append(esc(f.title())).append(": ours vs the paper</h3>\n").append(chart.render());
        }
    }

    /** Ticks at 1, 2 and 5 of each decade between two log10 positions, labelled with the count ("100", "2k", "50k"). */
    static List<SvgChart.Tick> logTicks(double fromLog, double toLog) {
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (int decade = (int) Math.floor(fromLog); decade <= Math.ceil(toLog); decade++) {
            for (int step : new int[]{1, 2, 5}) {
                double value = step * Math.pow(10, decade);
                double at = Math.log10(value);
                if (at >= fromLog - 1e-9 && at <= toLog + 1e-9) {
                    ticks.add(new SvgChart.Tick(at, countLabel(value)));
                }
            }
        }
        return ticks;
    }

    private static String countLabel(double value) {
        return value >= 1000 ? Math.round(value / 1000) + "k" : Long.toString(Math.round(value));
    }
}
