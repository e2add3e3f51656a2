package io.supplychaos.report;

import static io.supplychaos.report.Html.count;
import static io.supplychaos.report.Html.esc;
import static io.supplychaos.report.Html.num;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.supplychaos.chaos.FaultType;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult.FaultEvent;
import io.supplychaos.result.RunResult.OrderClass;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.result.Verdict;

/**
 * Renders one run as a single self-contained report.html: header and verdict, summary table,
 * violations, charts over time with the faults overlaid, broker and host charts when sampled, the
 * latency distribution, per-stage latency, the faults with their recovery time, the paper's Table II
 * beside this run when the scenario is one of the paper's, and a legend defining every figure.
 * Charts are inline SVG, styles are inline: the page loads nothing from anywhere. Returns the page
 * as a string; {@link ResultFiles} writes it.
 *
 * <p>Time: second 0 of timeseries.csv is {@link RunResult#startedAt()}, so a fault injected at
 * epoch ms {@code t} sits at second {@code (t - startedAt) / 1000}.
 */
public final class HtmlReport {

    /** Percentiles of the distribution chart, placed at -log10(1 - p/100) so that the tail gets room. */
    private static final List<String> DISTRIBUTION_TICKS = List.of("50", "90", "99", "99.9", "99.99", "100");
    /** Where 100 % (the maximum) sits on the distribution chart's x axis: one decade past 99.99. */
    private static final double MAX_POSITION = 5;

    /** Definitions of every figure on the page, the same as docs/ARCHITECTURE.md's, in our words. */
    static final Map<String, String> LEGEND = legend();

    private HtmlReport() {
    }

    public static String render(ResultFiles.Run run) {
        RunResult r = run.result();
        List<TimeSeriesRow> rows = run.timeSeries();
        StringBuilder body = new StringBuilder();
        header(body, r);
        RunHealth.cpuSaturation(rows).ifPresent(warning ->
                body.append("<p class=\"banner\"><b>Run health:</b> ").append(esc(warning)).append("</p>\n"));
        summary(body, r);
        warmup(body, r.warmup());
        violations(body, r);
        if (r.paper() != null) {
            paper(body, r, r.paper());
        }
        charts(body, r, rows);
        distribution(body, r);
        stages(body, r);
        hops(body, r);
        faults(body, r);
        provenance(body, r.provenance());
        body.append("<h2>Legend</h2>\n<dl>\n");
        LEGEND.forEach((term, definition) ->
                body.append("<dt>").append(esc(term)).append("</dt><dd>").append(esc(definition)).append("</dd>\n"));
        body.append("</dl>\n");
        return Html.page("supply-chaos: " + r.scenario(), body.toString());
    }

    private static void header(StringBuilder body, RunResult r) {
        body.append("<h1>").append(esc(r.scenario())).append("</h1>\n<p>env <b>").append(esc(r.env()))
                .append("</b> &middot; verdict ").append(verdict(r.verdict()));
        if (r.interrupted()) {
            body.append(" &middot; <span class=\"interrupted\">INTERRUPTED: the run was cut short</span>");
        }
        body.append("</p>\n<p>started ").append(esc(instant(r.startedAt()))).append(" &middot; ended ")
                .append(esc(instant(r.endedAt())));
        if (r.endedAt() >= r.startedAt()) {
            body.append(" &middot; ").append(num((r.endedAt() - r.startedAt()) / 1000.0)).append(" s");
        }
        body.append("</p>\n");
        List<List<String>> rows = new ArrayList<>();
        r.workload().forEach((key, value) -> rows.add(List.of(esc(key), esc(flat(value)))));
        body.append("<h2>Workload and producer config</h2>\n").append(Html.table(List.of("setting", "value"), rows));
    }

    /** The verdict as a coloured badge: green PASS, red FAIL and ERROR, amber anything else. */
    static String verdict(Verdict verdict) {
        String kind = verdict == Verdict.PASS ? "PASS" : verdict == Verdict.FAIL || verdict == Verdict.ERROR ? "FAIL"
                : "other";
        return "<span class=\"verdict verdict-" + kind + "\">" + esc(verdict == null ? "NONE" : verdict.name())
                + "</span>";
    }

    /** Nested settings (the producer's config) on one line as key=value pairs. */
    private static String flat(Object value) {
        if (value instanceof Map<?, ?> map) {
            List<String> pairs = new ArrayList<>();
            map.forEach((k, v) -> pairs.add(k + "=" + flat(v)));
            return String.join(", ", pairs);
        }
        return String.valueOf(value);
    }

    private static String instant(long epochMs) {
        return epochMs <= 0 ? "unknown" : Instant.ofEpochMilli(epochMs).toString();
    }

    private static void summary(StringBuilder body, RunResult r) {
        RunResult.Orders o = r.orders();
        RunResult.Latency l = r.latencyMs();
        List<List<String>> rows = new ArrayList<>(List.of(
                List.of("orders sent", count(o.sent())),
                List.of("orders acknowledged (measured)", count(o.acked()) + " (" + count(o.measuredAcked()) + ")"),
                List.of("availability (measured orders acknowledged of those sent)", esc(SummaryTable.availability(o))),
                List.of("orders completed (rejected)", count(o.completed()) + " (" + count(o.rejected()) + ")"),
                List.of("throughput (orders/s)", num(r.throughput().ordersPerSec())),
                List.of("throughput (records/s, all topics)", num(r.throughput().recordsPerSec())),
                List.of("latency avg / p50 / p95 (ms)", num(l.avg()) + " / " + num(l.p50()) + " / " + num(l.p95())),
                List.of("latency p99 / p99.9 / max (ms)", num(l.p99()) + " / " + num(l.p999()) + " / " + num(l.max())),
                List.of("request time avg / p99 (ms)", num(r.requestTimeMs().avg()) + " / " + num(r.requestTimeMs().p99())),
                List.of("jitter avg (ms)", num(r.jitterMs().avg()))));
        if (r.firstReadMs() != null && r.firstReadMs().count() > 0) {
            RunResult.Latency hop = r.firstReadMs().latencyMs();
            rows.add(List.of("one hop: send to first read avg / p50 / p99 (ms)",
                    num(hop.avg()) + " / " + num(hop.p50()) + " / " + num(hop.p99())));
            rows.add(List.of("one hop: jitter avg (ms)", num(r.firstReadMs().jitterMs())));
        }
        body.append("<h2>Summary</h2>\n").append(Html.table(List.of("figure", "value"), rows));
        classes(body, o);
    }

    /**
     * How the warm-up ended, its cost and the measured phase's length, and the p50 of each of its
     * windows, so that a reader sees it settle (or not); nothing for a summary from before warm-ups
     * were watched.
     */
    private static void warmup(StringBuilder body, RunResult.Warmup w) {
        if (w == null) {
            return;
        }
        body.append("<h2>Warm-up</h2>\n<p>");
        if (w.end() == HistoryEvent.WarmupEnd.NONE) {
            body.append("none: the measured phase began with the run");
        } else {
            body.append("<b>").append(esc(w.describe())).append("</b>: the cold-start cost, ").append(count(w.orders()))
                    .append(" warm-up orders, left out of every figure");
        }
        body.append("; then the measured phase sent for ").append(num(w.measuredMs() / 1000.0)).append(" s.</p>\n");
        if (w.end() == HistoryEvent.WarmupEnd.NOT_STEADY) {
            body.append("<p class=\"bad\">The figures below were measured before the system was steady.</p>\n");
        }
        if (!w.rule().isEmpty()) {
            body.append("<p>Steady: ").append(esc(w.rule())).append(".</p>\n");
        }
        if (w.windows().isEmpty()) {
            return;
        }
        boolean jit = w.windows().stream().anyMatch(window -> window.jitCores() != null);
        List<List<String>> rows = new ArrayList<>();
        for (HistoryEvent.WarmupWindow window : w.windows()) {
            List<String> row = new ArrayList<>(List.of(window.endMs() % 1000 == 0 ? Long.toString(window.endMs() / 1000)
                            : num(window.endMs() / 1000.0),
                    window.p50Ms() == null ? "-" : count(Math.round(window.p50Ms())), count(window.completed()),
                    count(window.backlog()), count(window.sent())));
            if (jit) {
                row.add(window.jitCores() == null ? "-" : String.format(Locale.ROOT, "%.2f", window.jitCores()));
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("window end (s)", "p50 of the orders completed in it (ms)",
                "completed", "backlog at its end", "sent by then"));
        if (jit) {
            header.add("JIT compilers of the JVMs here (cores)");
        }
        body.append(Html.table(header, rows));
    }

    /** Every order class: count and sample, the bad ones flagged when not empty. */
    static void classes(StringBuilder body, RunResult.Orders o) {
        List<List<String>> rows = new ArrayList<>();
        classRow(rows, "ok", o.ok(), false);
        classRow(rows, "lost: bad", o.lost().bad(), true);
        classRow(rows, "lost: expected", o.lost().expected(), false);
        if (o.lost().afterProcessing() != null) {
            // part of the loss above: flagged when some of the loss is bad
            classRow(rows, "lost from the log after processing", o.lost().afterProcessing(), o.lost().bad().count() > 0);
        }
        classRow(rows, "stuck", o.stuck(), true);
        classRow(rows, "unseen", o.unseen(), true);
        classRow(rows, "duplicates", new OrderClass(o.duplicates().count(), o.duplicates().sample()), true);
        classRow(rows, "incomplete lifecycle", o.incompleteLifecycle(), true);
        classRow(rows, "out of order", o.outOfOrder(), true);
        classRow(rows, "unexpected", o.unexpected(), true);
        classRow(rows, "never acknowledged", o.neverAcked(), false);
        classRow(rows, "written, ack lost", o.writtenUnacked(), false);
        classRow(rows, "malformed records", o.malformed(), true);
        classRow(rows, "stock violations", o.stock().violations(), true);
        body.append("<h2>Orders by class</h2>\n").append(Html.table(List.of("class", "count", "sample"), rows));
        if (!o.duplicates().byTopic().isEmpty()) {
            List<String> perTopic = new ArrayList<>();
            o.duplicates().byTopic().forEach((topic, n) -> perTopic.add(topic + " " + n));
            body.append("<p>Duplicates per topic: ").append(esc(String.join(", ", perTopic))).append("</p>\n");
        }
        if (!o.stock().notJudged().isEmpty()) {
            body.append("<p>Stock not judged: ").append(esc(String.join("; ", o.stock().notJudged()))).append("</p>\n");
        }
    }

    private static void classRow(List<List<String>> rows, String name, OrderClass c, boolean bad) {
        String shown = c.sample().isEmpty() ? "" : esc(String.join(", ", c.sample()))
                + (c.count() > c.sample().size() ? " &hellip;" : "");
        rows.add(List.of(esc(name), bad && c.count() > 0 ? "<span class=\"bad\">" + count(c.count()) + "</span>"
                : count(c.count()), shown));
    }

    private static void violations(StringBuilder body, RunResult r) {
        body.append("<h2>Violations</h2>\n");
        if (r.violations().isEmpty()) {
            body.append("<p>none</p>\n");
            return;
        }
        body.append("<ul>\n");
        r.violations().forEach(v -> body.append("<li class=\"bad\">").append(esc(v)).append("</li>\n"));
        body.append("</ul>\n");
        if (!r.notes().isEmpty()) {
            body.append("<h3>Notes</h3>\n<ul>\n");
            r.notes().forEach(n -> body.append("<li>").append(esc(n)).append("</li>\n"));
            body.append("</ul>\n");
        }
    }

    private static void paper(StringBuilder body, RunResult r, RunResult.PaperFigures p) {
        PaperTable.Ratios ratios = PaperTable.Ratios.of(r, p);
        List<List<String>> rows = List.of(
                List.of("latency avg (ms)", num(p.latencyMs()), num(r.latencyMs().avg()), num(ratios.latency())),
                List.of("request time avg (ms)", num(p.requestTimeMs()), num(r.requestTimeMs().avg()),
                        num(ratios.requestTime())),
                List.of("jitter avg (ms)", num(p.jitterMs()), num(r.jitterMs().avg()), num(ratios.jitter())),
                List.of("throughput (orders/s)", num(p.throughputPerSec()), num(r.throughput().ordersPerSec()),
                        num(ratios.throughput())));
        body.append("<h2 id=\"paper\">The paper (Table II) vs this run</h2>\n<p class=\"cite\">")
                .append(esc(PaperTable.CITATION)).append(", Table II.</p>\n<p>config ").append(esc(p.config()))
                .append(", ").append(count(p.messages())).append(" messages</p>\n")
                .append(Html.table(List.of("figure", "paper", "this run", "ratio (ours / paper)"), rows));
    }

    private static void charts(StringBuilder body, RunResult r, List<TimeSeriesRow> rows) {
        Timeline t = new Timeline(r, rows);
        body.append("<h2>Over time</h2>\n<p>Grey before 0: the warm-up, left out of every figure. Orange: faults in"
                + " effect (injection to heal, or to the end when never healed); solid line: injection; dashed line:"
                + " heal.</p>\n");
        chart(body, t, "Orders completed per second", "orders/s",
                List.of(series(rows, "orders completed/s", TimeSeriesRow::completed)));
        chart(body, t, "Records written per second, all topics", "records/s",
                List.of(series(rows, "records/s (all topics, internal ones included)", TimeSeriesRow::recordsPerSec)));
        latency(body, t, rows);
        chart(body, t, "In-flight orders", "orders", List.of(series(rows, "in flight", TimeSeriesRow::inFlight)));
        consumerLag(body, r, t, rows);
        brokerCharts(body, r, t, rows);
        optionalChart(body, t, "Host CPU", "%", List.of(series(rows, "host CPU %", TimeSeriesRow::hostCpuPct)));
        optionalChart(body, t, "Host memory", "MB", List.of(series(rows, "memory used MB", TimeSeriesRow::hostMemUsedMb)));
    }

    /**
     * p50 and p99 of the orders completed each second, drawn through the seconds in which none
     * completed (marked on the x axis), and the age of the oldest order in flight, which keeps
     * rising through a stall where no latency can be recorded.
     */
    private static void latency(StringBuilder body, Timeline t, List<TimeSeriesRow> rows) {
        List<Double> empty = new ArrayList<>();
        for (TimeSeriesRow row : rows) {
            if (row.phase() != Phase.WARMUP && Double.isNaN(row.p50Ms()) && (row.inFlight() > 0 || row.sent() > 0)) {
                empty.add((double) row.second());
            }
        }
        List<SvgChart.Series> lines = new ArrayList<>(List.of(
                series(rows, "p50", TimeSeriesRow::p50Ms).bridged(),
                series(rows, "p99", TimeSeriesRow::p99Ms).bridged()));
        SvgChart.Series oldest = series(rows, "oldest in flight (age)", TimeSeriesRow::oldestInFlightMs);
        if (Arrays.stream(oldest.y()).anyMatch(Double::isFinite)) {
            lines.add(new SvgChart.Series(oldest.name(), oldest.x(), oldest.y(), true, 3));
        }
        SvgChart chart = timeChart(t, "ms", lines);
        if (!empty.isEmpty()) {
            chart.gapMarks(empty, "no measured order completed in this second");
        }
        body.append("<h3>Latency per second</h3>\n");
        if (!empty.isEmpty()) {
            body.append("<p>").append(count(empty.size())).append(" second(s) with orders in flight saw no measured"
                    + " order complete: marked on the x axis, the lines drawn through them.</p>\n");
        }
        body.append(chart.render());
    }

    /** Records each sub-topology of the app is behind, named by the topics it reads. */
    private static void consumerLag(StringBuilder body, RunResult r, Timeline t, List<TimeSeriesRow> rows) {
        java.util.SortedSet<Integer> ids = new java.util.TreeSet<>();
        rows.forEach(row -> ids.addAll(row.consumerLag().keySet()));
        if (ids.isEmpty()) {
            return;
        }
        Map<Integer, List<String>> names = r.provenance() == null || r.provenance().subtopologies() == null ? Map.of()
                : r.provenance().subtopologies();
        List<SvgChart.Series> lines = new ArrayList<>();
        for (int id : ids) {
            List<String> topics = names.get(id);
            String name = "sub-topology " + id + (topics == null || topics.isEmpty() ? ""
                    : ": " + String.join(", ", topics.stream().map(HtmlReport::shortTopic).toList()));
            lines.add(series(rows, name, row -> row.consumerLag().containsKey(id) ? row.consumerLag().get(id) : Double.NaN));
        }
        chart(body, t, "Consumer lag per sub-topology", "records", lines);
    }

    /** An internal topic without the application id it starts with: "stock-commands-by-drug-repartition". */
    private static String shortTopic(String topic) {
        int cut = topic.indexOf("-stock-commands");
        return cut > 0 ? topic.substring(cut + 1) : topic;
    }

    /**
     * The broker charts, under a line saying what they were sampled from. When the source was none
     * a sentence says why in their place; a summary written before runs recorded the source gets the
     * charts alone, as it always did.
     */
    private static void brokerCharts(StringBuilder body, RunResult r, Timeline t, List<TimeSeriesRow> rows) {
        String none = r.noBrokerMetricsReason();
        if (none != null) {
            body.append("<h3>Broker metrics</h3>\n<p class=\"broker-metrics\">No broker metrics were available: ")
                    .append(esc(none)).append(". The broker charts (under-replicated partitions, request handler"
                            + " idle, bytes in/out, ISR shrinks/expands) are left out.</p>\n");
            return;
        }
        if (r.brokerMetricsSource() != null) {
            body.append("<h3>Broker metrics</h3>\n<p class=\"broker-metrics\">Broker metrics: ")
                    .append(esc(r.brokerMetricsSource())).append("</p>\n");
        }
        int drawn = 0;
        drawn += optionalChart(body, t, "Under-replicated partitions", "partitions",
                List.of(series(rows, "under-replicated", TimeSeriesRow::underReplicatedPartitions)));
        drawn += optionalChart(body, t, "Request handler idle", "%",
                List.of(series(rows, "request handler idle %", TimeSeriesRow::requestHandlerIdlePct)));
        drawn += optionalChart(body, t, "Broker bytes in/out", "bytes/s", List.of(
                series(rows, "bytes in/s", TimeSeriesRow::bytesInPerSec),
                series(rows, "bytes out/s", TimeSeriesRow::bytesOutPerSec)));
        drawn += optionalChart(body, t, "ISR shrinks/expands", "per second", List.of(
                series(rows, "ISR shrinks/s", TimeSeriesRow::isrShrinksPerSec),
                series(rows, "ISR expands/s", TimeSeriesRow::isrExpandsPerSec)));
        if (drawn == 0 && r.brokerMetricsSource() != null) {
            // a source that never answered (every broker down or unreachable) looks like none on the page: say which
            body.append("<p class=\"broker-metrics\">No broker answered a sample, so the broker charts are left"
                    + " out.</p>\n");
        }
    }

    private static SvgChart.Series series(List<TimeSeriesRow> rows, String name, ToDoubleFunction<TimeSeriesRow> value) {
        double[] x = new double[rows.size()];
        double[] y = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            x[i] = rows.get(i).second();
            y[i] = value.applyAsDouble(rows.get(i));
        }
        return new SvgChart.Series(name, x, y);
    }

    /** Broker and host metrics are NaN when they could not be sampled; then the chart says nothing and is left out. */
    private static int optionalChart(StringBuilder body, Timeline t, String title, String unit, List<SvgChart.Series> series) {
        boolean sampled = series.stream().anyMatch(s -> Arrays.stream(s.y()).anyMatch(Double::isFinite));
        if (sampled) {
            chart(body, t, title, unit, series);
        }
        return sampled ? 1 : 0;
    }

    private static void chart(StringBuilder body, Timeline t, String title, String unit, List<SvgChart.Series> series) {
        body.append("<h3>").append(esc(title)).append("</h3>\n").append(timeChart(t, unit, series).render());
    }

    private static SvgChart timeChart(Timeline t, String unit, List<SvgChart.Series> series) {
        SvgChart chart = new SvgChart("seconds since the measured phase began", unit).xRange(t.from, t.to);
        series.forEach(chart::add);
        t.overlay(chart);
        return chart;
    }

    /** The x range of the time charts and where each fault sits on it. */
    private static final class Timeline {
        final double from;
        final double to;
        final RunResult run;

        Timeline(RunResult run, List<TimeSeriesRow> rows) {
            this.run = run;
            double lo = rows.isEmpty() ? 0 : rows.get(0).second();
            double hi = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).second() + 1;
            hi = Math.max(hi, seconds(run.endedAt()));
            for (FaultEvent f : run.faults()) {
                lo = Math.min(lo, seconds(f.injectedAt()));
            }
            this.from = lo;
            this.to = hi;
        }

        double seconds(long epochMs) {
            return (epochMs - run.startedAt()) / 1000.0;
        }

        void overlay(SvgChart chart) {
            if (from < 0) {
                chart.band(new SvgChart.Band(from, 0, "warm-up", SvgChart.BandKind.PHASE));
            }
            for (FaultEvent f : run.faults()) {
                if (f.failed()) {
                    // it never happened: listed in the faults table, not drawn
                    continue;
                }
                String label = label(f);
                double start = seconds(f.injectedAt());
                if (instantaneous(f)) {
                    // a start, resume, restart or heal leaves nothing in effect: a line, not a band
                    chart.marker(new SvgChart.Marker(start, label, true, true));
                    continue;
                }
                double end = f.healedAt() == null ? to : seconds(f.healedAt());
                chart.band(new SvgChart.Band(start, end, label))
                        .marker(new SvgChart.Marker(start, "injected: " + label, false));
                if (f.healedAt() != null) {
                    chart.marker(new SvgChart.Marker(end, "healed: " + label, true));
                }
            }
        }
    }

    /** Faults that leave nothing in place (start, resume, restart, heal): a moment on the timeline, not an interval. */
    static boolean instantaneous(FaultEvent f) {
        return FaultType.byCliName(f.action()).map(FaultType::isInstantaneous)
                .orElse(false);
    }

    static String label(FaultEvent f) {
        return f.label();
    }

    private static void distribution(StringBuilder body, RunResult r) {
        double[] x = new double[r.distribution().size()];
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = position(r.distribution().get(i).percentile());
            y[i] = r.distribution().get(i).valueMs();
        }
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (String p : DISTRIBUTION_TICKS) {
            ticks.add(new SvgChart.Tick(position(Double.parseDouble(p)), p));
        }
        SvgChart chart = new SvgChart("percentile", "ms").xRange(0, MAX_POSITION).xTicks(ticks)
                .add(new SvgChart.Series("latency", x, y));
        body.append("<h2>Latency distribution</h2>\n").append(chart.render());
    }

    /** -log10(1 - p/100): 90 at 1, 99 at 2, 99.9 at 3 ...; 100 % (the maximum) is capped at one decade past 99.99. */
    static double position(double percentile) {
        return percentile >= 100 ? MAX_POSITION : Math.min(MAX_POSITION, -Math.log10(1 - percentile / 100));
    }

    private static void stages(StringBuilder body, RunResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (RunResult.StageLatency s : r.stages()) {
            RunResult.Latency l = s.latencyMs();
            rows.add(List.of(esc(s.stage()), count(s.count()), num(l.avg()), num(l.p50()), num(l.p95()), num(l.p99()),
                    num(l.p999()), num(l.max())));
        }
        body.append("<h2>Latency per stage (ms)</h2>\n").append(rows.isEmpty() ? "<p>no stage measured</p>\n"
                : Html.table(List.of("stage", "orders", "avg", "p50", "p95", "p99", "p99.9", "max"), rows));
    }

    /** Each hop's p50 and p99, and its share of the summed p50s as a bar: where the time goes. */
    private static void hops(StringBuilder body, RunResult r) {
        double total = r.hops().stream().mapToDouble(h -> h.latencyMs().p50()).sum();
        List<List<String>> rows = new ArrayList<>();
        for (RunResult.Hop h : r.hops()) {
            RunResult.Latency l = h.latencyMs();
            double share = total <= 0 ? 0 : 100 * l.p50() / total;
            rows.add(List.of(esc(h.hop()), esc(h.via()), count(h.count()), num(l.p50()), num(l.p99()),
                    String.format(java.util.Locale.ROOT,
                            "<span class=\"bar\" style=\"width:%.0fpx\"></span> %.0f %%", 2 * share, share)));
        }
        body.append("<h2>Where a delivered order's time goes (ms)</h2>\n")
                .append("<p>Each stage stamps what it writes; a hop is the time from one stage's output to the next's, "
                        + "so it holds the upstream commit (exactly-once: records are readable once their transaction "
                        + "commits), the brokers and the downstream poll.</p>\n")
                .append(rows.isEmpty() ? "<p>no delivered order measured</p>\n"
                        : Html.table(List.of("hop", "via", "orders", "p50", "p99", "share of p50s"), rows));
    }

    private static void faults(StringBuilder body, RunResult r) {
        List<List<String>> rows = new ArrayList<>();
        for (FaultEvent f : r.faults()) {
            String target = f.target() == null || f.target().equals("null") ? "" : esc(f.target());
            if (f.failed()) {
                rows.add(List.of(esc(label(f)), target, esc(f.source()),
                        num((f.injectedAt() - r.startedAt()) / 1000.0), "",
                        "<span class=\"bad\">failed: " + esc(f.error()) + "</span>", "", "", ""));
                continue;
            }
            RunResult.RestoreLatency restore = f.restore();
            rows.add(List.of(esc(label(f)), target, esc(f.source()),
                    num((f.injectedAt() - r.startedAt()) / 1000.0),
                    f.healedAt() == null ? "never" : num((f.healedAt() - r.startedAt()) / 1000.0),
                    f.recoveryMs() == null ? "<span class=\"bad\">did not recover</span>" : num(f.recoveryMs() / 1000.0),
                    restore == null ? "" : String.format(Locale.ROOT, "%,d of %,d in %,d s", restore.during().completed(),
                            restore.during().placed(), restore.windowMs() / 1000),
                    restore == null ? "" : SummaryTable.window(restore.during()),
                    restore == null ? "" : SummaryTable.window(restore.steady())));
        }
        body.append("<h2>Faults</h2>\n").append(rows.isEmpty() ? "<p>no faults</p>\n"
                : "<p>Latency during restore: the orders placed from a fault's injection to its recovery + 5 s (to the"
                + " end of sending when it did not recover), how many of them completed, and their end-to-end latency,"
                + " beside the orders placed before the run's first fault (steady).</p>\n"
                + Html.table(List.of("fault", "target as given", "source", "injected (s)", "healed (s)",
                "recovery time (s)", "placed during restore (completed of placed)", "during restore: p50 / p99 / max (ms)",
                "steady: p50 / p99 / max (ms)"), rows));
    }

    /** Where the figures come from: versions, commit, env, machine, and each broker's non-default settings. */
    static void provenance(StringBuilder body, Provenance p) {
        body.append("<h2>Provenance</h2>\n");
        if (p == null) {
            body.append("<p>not recorded (a run from before results kept it)</p>\n");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("supply-chaos", esc(p.tool()) + " (commit " + esc(p.gitCommit()) + ")"));
        rows.add(List.of("Kafka", esc(p.kafka())));
        rows.add(List.of("Java (tool, load, checker)", esc(p.java())));
        if (p.clusterJava() != null) {
            rows.add(List.of("Java (brokers, app)", esc(p.clusterJava())));
        }
        if (p.machine() != null) {
            rows.add(List.of("machine", esc(p.machine().os() + ", " + p.machine().arch() + ", " + p.machine().cores()
                    + " cores, " + count(p.machine().memoryMb()) + " MB"
                    + (p.machine().cpu() == null ? "" : ", " + p.machine().cpu()))));
        }
        rows.add(List.of("scenario file", esc(p.scenarioFile()) + " (copied as " + ResultFiles.SCENARIO + ")"));
        if (p.env() != null) {
            p.env().forEach((key, value) -> rows.add(List.of("env " + esc(key), esc(flat(value)))));
        }
        body.append(Html.table(List.of("what", "value"), rows));
        if (p.brokerConfig() != null && !p.brokerConfig().isEmpty()) {
            p.brokerConfig().forEach((broker, settings) -> {
                List<List<String>> config = new ArrayList<>();
                settings.forEach((key, value) -> config.add(List.of(esc(key), esc(value))));
                body.append("<details><summary>broker ").append(esc(broker)).append(": ").append(count(settings.size()))
                        .append(" settings not at Kafka's default</summary>\n")
                        .append(Html.table(List.of("setting", "value"), config)).append("</details>\n");
            });
        } else {
            body.append("<p>The brokers' configuration could not be read.</p>\n");
        }
    }

    private static Map<String, String> legend() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Latency", "Time from the moment an order was meant to be sent (its scheduled send time, so a stalled"
                + " producer cannot hide delays) to the moment its final notification is read. Recorded in an"
                + " HdrHistogram; shown as average, p50, p95, p99, p99.9 and maximum, overall and per stage.");
        m.put("One hop", "Time from an order's scheduled send to its first read by the manufacturer's intake (the"
                + " RESERVE stock command it issues as it reads the order): produced, transmitted and consumed once,"
                + " as the paper defines its latency. Its jitter takes the orders in the order they were sent.");
        m.put("Latency per stage", "Time from an order's previous notified state to this one.");
        m.put("Request time", "Time from a producer's send of a record to the broker's acknowledgement of it, per"
                + " record; average and p99.");
        m.put("Jitter", "The mean of the absolute differences between the latencies of consecutive orders, taking"
                + " orders in the order they completed.");
        m.put("Throughput", "Orders completed per second over the measured phase, from the first measured order's"
                + " intended send time to the last completion; records/s counts the records written to all topics"
                + " (internal ones and transaction markers included) over the same span. The chart's per-second"
                + " records/s is the brokers' own count for each second.");
        m.put("Warm-up", "Orders sent first and left out of every figure; shaded grey before second 0 on the charts. By "
                + "default sent at the run's rate until steady: the p50 of the last windows stopped falling and rising and the backlog "
                + "held, neither growing nor shrinking (bounded: \"not steady after 90 s\" when it did not); its length is the cold-start cost.");
        m.put("Oldest in flight", "The age, from its intended send time, of the oldest acknowledged order not completed"
                + " yet, each second: it keeps rising through a stall, when no latency can be recorded.");
        m.put("Consumer lag", "Per sub-topology of the app, the records between its committed offsets and the end of"
                + " the topics it reads, summed over partitions. Under exactly-once a commit marker sits past the last"
                + " record, so an idle sub-topology may show 1 per partition written.");
        m.put("Run health", "A banner when the host CPU was at 90 % or more for at least 5 s and a tenth of the run:"
                + " the brokers, the app and the load generator share this machine, so the figures then describe it.");
        m.put("Provenance", "The tool's version and commit, the Kafka and Java versions, the env as run, every"
                + " broker setting not at Kafka's default as the broker reported it, the scenario file (copied beside"
                + " the result) and the machine.");
        m.put("In flight", "Acknowledged orders not completed yet, at the end of each second.");
        m.put("Verdict", "PASS: every rule held. FAIL: a rule broke (the violations say which). INTERRUPTED: Ctrl-C"
                + " cut the run short; nothing is judged. ERROR: the tool itself failed; nothing is proven.");
        m.put("OK", "Acknowledged orders with exactly one complete lifecycle on every output topic.");
        m.put("Lost", "Acknowledged orders absent from order-placed when it was read back after the heal, completed"
                + " or not. Expected (with lost: expected): on a partition whose leader moved to another broker after"
                + " the ack while the producer used acks below all, or while unclean leader election was enabled."
                + " Bad: any other loss.");
        m.put("Lost from the log after processing", "Lost orders the pipeline had read and processed (completed"
                + " or part way) before they were gone from order-placed: an unclean election truncating a log its"
                + " consumers had read, or records deleted. Counted as loss.");
        m.put("Availability", "Measured orders Kafka acknowledged, as a share of those the load generator sent;"
                + " below half (or the scenario's minAckedShare) the run FAILs on too little evidence.");
        m.put("Stuck", "Orders in order-placed after the heal that the pipeline never completed.");
        m.put("Unseen", "Orders not completed while their partition could not be read back or the cluster was"
                + " unavailable: their fate is unknown.");
        m.put("Duplicates", "Extra records: a state of an order seen more than once on an output topic, or a stock"
                + " command seen more often than the order's placements (RESERVE) or deliveries (RELEASE) explain, or"
                + " a record of one send found more than once on order-placed: written twice by the producer (a lost"
                + " ack retried without idempotence).");
        m.put("Incomplete lifecycle", "A final state reached with a required state missing (e.g. DELIVERED without"
                + " DISPATCHED).");
        m.put("Out of order", "Orders whose notifications came out of lifecycle order, or after a final state.");
        m.put("Unexpected", "OrderIds on an output topic that the run never sent.");
        m.put("Never acknowledged", "Sends the broker never acknowledged; counted apart from lost. Written, ack"
                + " lost: those that completed all the same.");
        m.put("Malformed records", "Output records that could not be decoded.");
        m.put("Rejected", "Orders the manufacturer rejected.");
        m.put("Stock", "Per drug, from its last inventory record: available + reserved + shipped = initial +"
                + " produced, nothing negative, shipped grew by exactly the delivered quantities and reserved holds"
                + " exactly the confirmed, undelivered ones. The last two only once the chain has quiesced (no order"
                + " in flight, every output read to its end, the cluster available); otherwise stock is not judged,"
                + " with the reason.");
        m.put("Recovery time", "How long after a fault was injected the pipeline's throughput came back: the first"
                + " second, the drain included, in which orders completed at half the rate of the seconds before the"
                + " fault, or in which the last order in flight completed. Did not recover: the run ended first. A"
                + " fault that failed to inject has none.");
        m.put("Under-replicated partitions", "Partitions with fewer in-sync replicas than replicas, sampled each"
                + " second.");
        m.put("Request handler idle", "Share of time the brokers' request handler threads were idle, sampled each"
                + " second.");
        m.put("Bytes in/out", "Bytes per second the brokers received from and sent to clients.");
        m.put("Broker metrics", "Where the broker charts come from: JMX on each broker, a scrape of each broker's"
                + " Prometheus exporter, or none when the cluster offered neither. A figure a source does not give,"
                + " or a broker that did not answer within the second, is left out of that second.");
        m.put("ISR shrinks/expands", "In-sync replica set shrinks and expands per second.");
        m.put("Host CPU and memory", "CPU use and used memory of the machine the run ran on, each second.");
        return Collections.unmodifiableMap(m);
    }
}
