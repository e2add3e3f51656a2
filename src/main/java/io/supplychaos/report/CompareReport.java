package io.supplychaos.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;

import static io.supplychaos.report.Html.count;
import static io.supplychaos.report.Html.esc;
import static io.supplychaos.report.Html.num;

/**
 * Two or more runs side by side ({@code ./chaos report A B ...}): what differs between them
 * (scenario, workload, app, env, broker settings, versions, machine), then every headline figure
 * with each run's value and its ratio to the first run's, the faults and recoveries, and the
 * per-second charts and latency distributions of all runs overlaid on shared axes. The first run
 * is the baseline. Reads nothing itself: the runs come from {@link ResultFiles#read}; the page is
 * written by {@link #write}.
 */
public final class CompareReport {

    /** A run to compare: the name it is shown under (its directory's) and its content. */
    public record Entry(String name, ResultFiles.Run run) {
    }

    private CompareReport() {
    }

    /** Writes {@code dir}/report.html comparing {@code entries}, the first one the baseline. */
    public static void write(Path dir, List<Entry> entries) throws IOException {
        AtomicFiles.write(dir.resolve(ResultFiles.REPORT), render(entries));
    }

    static String render(List<Entry> entries) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(count(entries.size())).append(" runs compared</h1>\n<p>The first run is the baseline;"
                + " a ratio is the run's figure over the baseline's.</p>\n");
        List<List<String>> runs = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            RunResult r = entries.get(i).run().result();
            runs.add(List.of(esc(letter(i)), esc(entries.get(i).name()), esc(r.scenario()), esc(r.env()),
                    HtmlReport.verdict(r.verdict()), esc(java.time.Instant.ofEpochMilli(r.startedAt()).toString())));
        }
        body.append("<h2>Runs</h2>\n").append(Html.table(List.of("", "directory", "scenario", "env", "verdict",
                "started"), runs));
        health(body, entries);
        differences(body, entries);
        figures(body, entries);
        faults(body, entries);
        charts(body, entries);
        if (entries.stream().anyMatch(e -> e.run().result().paper() != null)) {
            body.append("<p class=\"cite\">Paper figures: ").append(esc(PaperTable.CITATION))
                    .append(", Table II; see each run's own report.</p>\n");
        }
        return Html.page("supply-chaos: " + entries.size() + " runs compared", body.toString());
    }

    private static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "R" + (i + 1);
    }

    private static void health(StringBuilder body, List<Entry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            int index = i;
            RunHealth.cpuSaturation(entries.get(i).run().timeSeries()).ifPresent(warning ->
                    body.append("<p class=\"banner\"><b>Run health of ").append(esc(letter(index))).append(":</b> ")
                            .append(esc(warning)).append("</p>\n"));
        }
    }

    /** Every setting that is not the same in all runs: what the comparison is a comparison of. */
    private static void differences(StringBuilder body, List<Entry> entries) {
        List<Map<String, String>> settings = entries.stream().map(e -> settings(e.run().result())).toList();
        Set<String> keys = new LinkedHashSet<>();
        settings.forEach(s -> keys.addAll(s.keySet()));
        List<List<String>> rows = new ArrayList<>();
        for (String key : keys) {
            List<String> values = settings.stream().map(s -> s.getOrDefault(key, "")).toList();
            if (values.stream().distinct().count() > 1) {
                List<String> row = new ArrayList<>(List.of(esc(key)));
                values.forEach(v -> row.add(esc(v)));
                rows.add(row);
            }
        }
        body.append("<h2>What differs</h2>\n");
        if (rows.isEmpty()) {
            body.append("<p>Nothing that the results record: the same scenario, workload, env, broker settings,"
                    + " versions and machine.</p>\n");
            return;
        }
        body.append(Html.table(headers("setting", entries), rows));
    }

    /** A run's settings flattened to "section.key" = value. */
    static Map<String, String> settings(RunResult r) {
        Map<String, String> flat = new TreeMap<>();
        flat.put("scenario", String.valueOf(r.scenario()));
        flat.put("env", String.valueOf(r.env()));
        flatten("workload", r.workload(), flat);
        Provenance p = r.provenance();
        if (p != null) {
            flat.put("tool", p.tool() + " " + p.gitCommit());
            flat.put("kafka", String.valueOf(p.kafka()));
            flat.put("java", String.valueOf(p.java()));
            flat.put("java (brokers, app)", String.valueOf(p.clusterJava()));
            if (p.machine() != null) {
                flat.put("machine", p.machine().os() + ", " + p.machine().arch() + ", " + p.machine().cores()
                        + " cores, " + p.machine().memoryMb() + " MB"
                        + (p.machine().cpu() == null ? "" : ", " + p.machine().cpu()));
            }
            flatten("env", p.env(), flat);
            if (p.brokerConfig() != null) {
                // one key per setting when every broker has the same value, else per broker
                Map<String, Set<String>> byKey = new TreeMap<>();
                p.brokerConfig().values().forEach(c -> c.forEach((k, v) ->
                        byKey.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v)));
                byKey.forEach((k, v) -> flat.put("broker " + k, String.join(" / ", v)));
            }
        }
        return flat;
    }

    private static void flatten(String prefix, Object value, Map<String, String> into) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> flatten(prefix + "." + k, v, into));
        } else {
            into.put(prefix, String.valueOf(value));
        }
    }

    /** A figure of every run: how to read it, and whether more is better (for the ratio's colour). */
    private record Figure(String name, ToDoubleFunction<RunResult> value, boolean moreIsBetter) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("orders sent", r -> r.orders().sent(), true),
            new Figure("orders ok", r -> r.orders().ok().count(), true),
            new Figure("lost (bad)", r -> r.orders().lost().bad().count(), false),
            new Figure("duplicates", r -> r.orders().duplicates().count(), false),
            new Figure("stuck", r -> r.orders().stuck().count(), false),
            new Figure("throughput (orders/s)", r -> r.throughput().ordersPerSec(), true),
            new Figure("throughput (records/s)", r -> r.throughput().recordsPerSec(), true),
            new Figure("latency avg (ms)", r -> r.latencyMs().avg(), false),
            new Figure("latency p50 (ms)", r -> r.latencyMs().p50(), false),
            new Figure("latency p95 (ms)", r -> r.latencyMs().p95(), false),
            new Figure("latency p99 (ms)", r -> r.latencyMs().p99(), false),
            new Figure("latency p99.9 (ms)", r -> r.latencyMs().p999(), false),
            new Figure("latency max (ms)", r -> r.latencyMs().max(), false),
            new Figure("request time avg (ms)", r -> r.requestTimeMs().avg(), false),
            new Figure("request time p99 (ms)", r -> r.requestTimeMs().p99(), false),
            new Figure("jitter avg (ms)", r -> r.jitterMs().avg(), false));

    private static void figures(StringBuilder body, List<Entry> entries) {
        List<List<String>> rows = new ArrayList<>();
        for (Figure f : FIGURES) {
            double base = f.value().applyAsDouble(entries.get(0).run().result());
            List<String> row = new ArrayList<>(List.of(esc(f.name())));
            for (int i = 0; i < entries.size(); i++) {
                double v = f.value().applyAsDouble(entries.get(i).run().result());
                row.add(num(v) + (i == 0 ? "" : " " + ratio(v, base, f.moreIsBetter())));
            }
            rows.add(row);
        }
        body.append("<h2>Figures</h2>\n").append(Html.table(headers("figure", entries), rows));
    }

    /** "(×1.25)", green when better than the baseline, red when worse; nothing when either is not a number. */
    static String ratio(double value, double base, boolean moreIsBetter) {
        if (!Double.isFinite(value) || !Double.isFinite(base) || base == 0) {
            return "";
        }
        double ratio = value / base;
        String css = Math.abs(ratio - 1) < 0.05 ? "" : (ratio > 1) == moreIsBetter ? " style=\"color:#2a9d40\""
                : " style=\"color:#c62828\"";
        return "<small" + css + ">(&times;" + String.format(Locale.ROOT, "%.2f", ratio) + ")</small>";
    }

    private static void faults(StringBuilder body, List<Entry> entries) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            RunResult r = entries.get(i).run().result();
            for (RunResult.FaultEvent f : r.faults()) {
                rows.add(List.of(esc(letter(i)), esc(f.label()), num((f.injectedAt() - r.startedAt()) / 1000.0),
                        f.failed() ? "<span class=\"bad\">failed: " + esc(f.error()) + "</span>"
                                : f.recoveryMs() == null ? "<span class=\"bad\">did not recover</span>"
                                : num(f.recoveryMs() / 1000.0)));
            }
        }
        body.append("<h2>Faults</h2>\n").append(rows.isEmpty() ? "<p>no faults in any run</p>\n"
                : Html.table(List.of("run", "fault", "injected (s)", "recovery time (s)"), rows));
        sideBySide(body, entries);
    }

    /**
     * The n-th injected fault of every run on one row (a scenario pair playing the same schedule, such
     * as the streams-failover pair): each run's fault, recovery and latency during restore, and a last
     * row with each run's steady latency before its first fault. Only when two or more runs injected faults.
     */
    private static void sideBySide(StringBuilder body, List<Entry> entries) {
        List<List<RunResult.FaultEvent>> injected = entries.stream()
                .map(e -> e.run().result().faults().stream().filter(f -> !f.failed()).toList()).toList();
        if (injected.stream().filter(faults -> !faults.isEmpty()).count() < 2) {
            return;
        }
        int most = injected.stream().mapToInt(List::size).max().orElse(0);
        List<List<String>> rows = new ArrayList<>();
        for (int n = 0; n < most; n++) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(n + 1)));
            for (List<RunResult.FaultEvent> faults : injected) {
                RunResult.FaultEvent f = n < faults.size() ? faults.get(n) : null;
                row.add(f == null ? "" : esc(f.label()));
                row.add(f == null ? "" : f.recoveryMs() == null ? "<span class=\"bad\">did not recover</span>"
                        : num(f.recoveryMs() / 1000.0));
                row.add(f == null || f.restore() == null ? "" : esc(SummaryTable.window(f.restore().during())));
            }
            rows.add(row);
        }
        List<String> steady = new ArrayList<>(List.of("steady"));
        for (List<RunResult.FaultEvent> faults : injected) {
            RunResult.FaultEvent first = faults.stream().filter(f -> f.restore() != null).findFirst().orElse(null);
            steady.addAll(List.of("before the first fault", "",
                    first == null ? "" : esc(SummaryTable.window(first.restore().steady()))));
        }
        rows.add(steady);
        List<String> headers = new ArrayList<>(List.of("#"));
        for (int i = 0; i < entries.size(); i++) {
            headers.addAll(List.of(letter(i) + ": fault", letter(i) + ": recovery (s)",
                    letter(i) + ": during restore p50 / p99 / max (ms)"));
        }
        body.append("<h2>Faults side by side</h2>\n<p>Each run's n-th injected fault on one row: its recovery and the"
                + " latency of the orders placed from it to its recovery + 5 s; the last row is each run's latency"
                + " before its first fault.</p>\n").append(Html.table(headers, rows));
    }

    private static void charts(StringBuilder body, List<Entry> entries) {
        body.append("<h2>Over time</h2>\n<p>Each run from the start of its measured phase (second 0); warm-up"
                + " seconds before it.</p>\n");
        overlay(body, entries, "Orders completed per second", "orders/s", TimeSeriesRow::completed, false);
        overlay(body, entries, "Latency p99 per second", "ms", TimeSeriesRow::p99Ms, true);
        overlay(body, entries, "In-flight orders", "orders", TimeSeriesRow::inFlight, false);
        SvgChart distribution = new SvgChart("percentile", "ms");
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (String p : List.of("50", "90", "99", "99.9", "99.99", "100")) {
            ticks.add(new SvgChart.Tick(HtmlReport.position(Double.parseDouble(p)), p));
        }
        distribution.xRange(0, HtmlReport.position(100)).xTicks(ticks);
        for (int i = 0; i < entries.size(); i++) {
            List<RunResult.Percentile> points = entries.get(i).run().result().distribution();
            distribution.add(new SvgChart.Series(letter(i) + ": " + entries.get(i).name(),
                    points.stream().mapToDouble(p -> HtmlReport.position(p.percentile())).toArray(),
                    points.stream().mapToDouble(RunResult.Percentile::valueMs).toArray(), false, i));
        }
        body.append("<h3>Latency distribution</h3>\n").append(distribution.render());
    }

    private static void overlay(StringBuilder body, List<Entry> entries, String title, String unit,
                                ToDoubleFunction<TimeSeriesRow> value, boolean bridge) {
        SvgChart chart = new SvgChart("seconds since the measured phase began", unit);
        for (int i = 0; i < entries.size(); i++) {
            List<TimeSeriesRow> rows = entries.get(i).run().timeSeries();
            SvgChart.Series series = new SvgChart.Series(letter(i) + ": " + entries.get(i).name(),
                    rows.stream().mapToDouble(TimeSeriesRow::second).toArray(),
                    rows.stream().mapToDouble(value).toArray(), false, i);
            chart.add(bridge ? series.bridged() : series);
        }
        body.append("<h3>").append(esc(title)).append("</h3>\n").append(chart.render());
    }

    private static List<String> headers(String first, List<Entry> entries) {
        List<String> headers = new ArrayList<>(List.of(first));
        for (int i = 0; i < entries.size(); i++) {
            headers.add(letter(i) + ": " + entries.get(i).name());
        }
        return headers;
    }
}
