package io.supplychaos.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.supplychaos.result.RunResult;
import io.supplychaos.spec.Secrets;
import io.supplychaos.verify.Suite;
import io.supplychaos.verify.VerifyResult;

/**
 * The result directory of one {@code ./chaos verify}: {@code summary.json} (the {@link VerifyResult}),
 * {@code report.html} (verdict and Kafka's own marker lines, what ran, the faults on a timeline over
 * the throughput in and out, each test app instance's life, the verifier's output) and copies of
 * the driver's, verifier's and test apps' logs, secrets' values hidden ({@link Secrets#maskedText}).
 */
public final class VerifyReport {

    private VerifyReport() {
    }

    /** Writes summary.json and report.html into {@code dir} and copies {@code logs} (name in dir → file). */
    public static void write(Path dir, VerifyResult result, Map<String, Path> logs) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, Path> log : logs.entrySet()) {
            if (Files.isRegularFile(log.getValue())) {
                // the test apps' and driver's output, secrets' values hidden (Kafka hides its own; a command line may not)
                AtomicFiles.write(dir.resolve(log.getKey()), Secrets.maskedText(
                        new String(Files.readAllBytes(log.getValue()), StandardCharsets.UTF_8)));
            }
        }
        ResultFiles.writeJson(dir.resolve("summary.json"), result);
        AtomicFiles.write(dir.resolve("report.html"), html(result, logs));
    }

    static String html(VerifyResult r, Map<String, Path> logs) {
        StringBuilder body = new StringBuilder();
        String verdictClass = switch (r.verdict()) {
            case PASS -> "verdict-PASS";
            case FAIL -> "verdict-FAIL";
            default -> "verdict-other";
        };
        body.append("<h1>Kafka's ").append(Html.esc(r.suite())).append(" verifier on ").append(Html.esc(r.env().name()))
                .append(" <span class=\"verdict ").append(verdictClass).append("\">").append(r.verdict()).append("</span></h1>\n");
        body.append("<p>").append(Html.esc(r.why())).append("</p>\n");
        body.append("<p><b>Kafka's verdict:</b> ").append(Html.esc(kafkaVerdict(r))).append(" &middot; <b>reading:</b> ")
                .append(Html.esc(r.readingText())).append("</p>\n");
        if (!r.errors().isEmpty()) {
            body.append("<p class=\"bad\">tool errors: ").append(Html.esc(String.join("; ", r.errors()))).append("</p>\n");
        }

        body.append("<h2>What ran</h2>\n");
        List<List<String>> what = new ArrayList<>();
        what.add(List.of("suite", Html.esc(r.suite() + " (Kafka " + r.kafkaVersion() + ", kafka-streams test jar)")));
        what.add(List.of("env", Html.esc(r.env().name() + ": " + r.env().brokers() + " broker(s), topics with "
                + r.env().partitions() + " partitions, RF " + r.env().replicationFactor() + ", min ISR "
                + r.env().minInsyncReplicas())));
        what.add(List.of("guarantee", Html.esc(r.guarantee())));
        what.add(List.of("test app instances", Integer.toString(r.instances())));
        what.add(List.of("driver writes for", r.durationSeconds() + " s"));
        what.add(List.of("faults file", Html.esc(r.faultsFile() == null ? "none" : r.faultsFile())));
        what.add(List.of("throughput (while writing)", Html.num(r.inputPerSec()) + " in / " + Html.num(r.outputPerSec())
                + " echoed records/s"));
        what.add(List.of("records generated / processed", Html.esc(r.kafka().recordsGenerated() + " / "
                + (r.kafka().recordsProcessed() == null ? "n/a" : r.kafka().recordsProcessed()))));
        if (r.input() != null) {
            StringBuilder input = new StringBuilder(Html.count(r.input().records()) + " records read back"
                    + (r.input().complete() ? "" : " (not to its end)") + ", " + r.input().extraCopies()
                    + " written twice before the app saw them");
            for (var d : r.input().duplicates()) {
                input.append("; ").append(d.key()).append('=').append(d.value()).append(" in partition ")
                        .append(d.partition()).append(" at offsets ").append(d.offsets()).append(", sent ")
                        .append(Instant.ofEpochMilli(d.sentAt()));
            }
            what.add(List.of("input topic", Html.esc(input)));
        }
        body.append(textTable(what));

        body.append("<h2>Kafka's marker lines</h2>\n<pre>").append(Html.esc(r.kafka().markers().isEmpty() ? "(none)"
                : String.join("\n", r.kafka().markers()))).append("</pre>\n");
        if (!r.kafka().failures().isEmpty()) {
            body.append("<p>What the verifier says failed:</p>\n<pre>")
                    .append(Html.esc(String.join("\n", r.kafka().failures()))).append("</pre>\n");
        }

        body.append("<h2>Throughput and faults</h2>\n");
        body.append(chart(r));
        body.append(faultTable(r));

        body.append("<h2>Test app instances</h2>\n");
        List<List<String>> apps = new ArrayList<>();
        for (VerifyResult.AppLife app : r.apps()) {
            apps.add(List.of("app " + app.index(), Integer.toString(app.starts()), Integer.toString(app.readyLines()),
                    Integer.toString(app.exceptionLines()), app.closedCleanly() ? "yes" : "<span class=\"bad\">no</span>",
                    "<a href=\"" + Html.esc(app.log()) + "\">" + Html.esc(app.log()) + "</a>"));
        }
        body.append(Html.table(List.of("instance", "starts", "RUNNING lines", "exception lines", "closed cleanly", "log"), apps));

        body.append("<h2>The verifier's output</h2>\n<pre>").append(Html.esc(r.verification())).append("</pre>\n");
        body.append("<p>Logs: ");
        logs.keySet().forEach(name -> body.append("<a href=\"").append(Html.esc(name)).append("\">")
                .append(Html.esc(name)).append("</a> "));
        body.append("&middot; started ").append(Html.esc(Instant.ofEpochMilli(r.timings().startedAt()))).append("</p>\n");
        return Html.page("verify " + r.suite() + " on " + r.env().name() + ": " + r.verdict(), body.toString());
    }

    private static String kafkaVerdict(VerifyResult r) {
        // the smoke driver verifies and prints SUCCESS/FAILURE; EOS's verifier ALL-RECORDS-DELIVERED or FAILED
        boolean smoke = Suite.byCliName(r.suite()).driverVerifies();
        return switch (r.kafka().verdict()) {
            case PASSED -> smoke ? "SUCCESS" : "ALL-RECORDS-DELIVERED";
            case FAILED -> smoke ? "FAILURE" : "FAILED";
            case NONE -> "none printed";
        };
    }

    private static String chart(VerifyResult r) {
        SvgChart chart = new SvgChart("seconds since the driver started", "records/s");
        int n = r.throughput().size();
        double[] x = new double[n];
        double[] in = new double[n];
        double[] outs = new double[n];
        for (int i = 0; i < n; i++) {
            VerifyResult.Throughput t = r.throughput().get(i);
            x[i] = t.second();
            in[i] = t.inputPerSec();
            outs[i] = t.outputPerSec();
        }
        chart.add(new SvgChart.Series("written to the input topic", x, in))
                .add(new SvgChart.Series("echoed by the test app", x, outs));
        Long origin = r.timings().driverStartedAt();
        double end = n == 0 ? 1 : x[n - 1];
        if (origin != null) {
            for (RunResult.FaultEvent f : r.faults()) {
                if (f.error() != null) {
                    continue;
                }
                double from = (f.injectedAt() - origin) / 1000.0;
                double to = f.healedAt() == null ? end : (f.healedAt() - origin) / 1000.0;
                String label = f.label();
                chart.band(new SvgChart.Band(from, Math.max(from, to), label))
                        .marker(new SvgChart.Marker(from, "injected: " + label, false));
                if (f.healedAt() != null) {
                    chart.marker(new SvgChart.Marker(to, "healed: " + label, true));
                }
            }
            if (r.timings().inputEndedAt() != null) {
                chart.marker(new SvgChart.Marker((r.timings().inputEndedAt() - origin) / 1000.0, "input complete", true));
            }
        }
        return chart.render();
    }

    private static String faultTable(VerifyResult r) {
        if (r.faults().isEmpty()) {
            return "<p>No fault was injected.</p>\n";
        }
        Long origin = r.timings().driverStartedAt();
        List<List<String>> rows = new ArrayList<>();
        for (RunResult.FaultEvent f : r.faults()) {
            String at = origin == null ? "" : Html.num((f.injectedAt() - origin) / 1000.0);
            String healed = f.healedAt() == null || origin == null ? "" : Html.num((f.healedAt() - origin) / 1000.0);
            rows.add(List.of(Html.esc(f.label()), Html.esc(f.source()),
                    at, healed, f.error() == null ? "injected" : "<span class=\"bad\">not injected: " + Html.esc(f.error()) + "</span>"));
        }
        return Html.table(List.of("fault", "source", "at (s)", "healed (s)", "outcome"), rows);
    }

    private static String textTable(List<List<String>> rows) {
        StringBuilder out = new StringBuilder("<table>\n");
        for (List<String> row : rows) {
            out.append("<tr><th class=\"text\">").append(Html.esc(row.get(0))).append("</th><td class=\"text\">")
                    .append(row.get(1)).append("</td></tr>\n");
        }
        return out.append("</table>\n").toString();
    }
}
