package io.supplychaos.cli;

import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    private int report(Path target) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return cli.execute(target.toString());
    }

    @Test
    void shouldExit2NamingTheDirectoryWhenItIsMissing() {
        Path missing = dir.resolve("nope");

        assertThat(report(missing)).isEqualTo(2);
        assertThat(err.toString()).contains(missing.toString()).contains("no such directory");
    }

    @Test
    void shouldExit2NamingTheFileWhenARunFileIsMissing() throws IOException {
        ResultFiles.write(dir, Runs.run());
        Files.delete(dir.resolve("timeseries.csv"));

        assertThat(report(dir)).isEqualTo(2);
        assertThat(err.toString()).contains("timeseries.csv");
    }

    @Test
    void shouldExit2WhenTheSummaryIsNotJson() throws IOException {
        ResultFiles.write(dir, Runs.run());
        Files.writeString(dir.resolve("summary.json"), "{ not json");

        assertThat(report(dir)).isEqualTo(2);
        assertThat(err.toString()).contains("summary.json");
    }

    @Test
    void shouldRenderTheReportOfARunAgain() throws IOException {
        ResultFiles.write(dir, Runs.run());
        Files.delete(dir.resolve("report.html"));

        assertThat(report(dir)).isEqualTo(0);
        assertThat(dir.resolve("report.html")).content().contains("c3-leader-kill");
    }

    @Test
    void shouldRenderEveryRunAndTheIndexOfADirectoryOfRuns() throws IOException {
        ResultFiles.write(dir.resolve("run-1"), Runs.run());
        ResultFiles.write(dir.resolve("run-2"), Runs.run());
        Files.delete(dir.resolve("run-2").resolve("report.html"));

        assertThat(report(dir)).isEqualTo(0);
        assertThat(dir.resolve("run-2").resolve("report.html")).exists();
        assertThat(dir.resolve("report.html")).content().contains("<a href=\"run-1/report.html\">");
        assertThat(dir.resolve("summary.json")).content().contains("\"aggregates\"");
    }

    @Test
    void shouldRenderTheIndexAgainWhenTheParentAlreadyHasItsSummary() throws IOException {
        ResultFiles.write(dir.resolve("run-1"), Runs.run());
        assertThat(report(dir)).isEqualTo(0);

        assertThat(report(dir)).isEqualTo(0);
        assertThat(dir.resolve("report.html")).content().contains("<a href=\"run-1/report.html\">");
    }

    private int report(String... args) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return cli.execute(args);
    }

    @Test
    void givenTwoRunsWithDifferentRates_whenCompared_thenThePageSaysWhatDiffersAndTheRatiosToTheFirst() throws IOException {
        Path a = dir.resolve("run-a");
        Path b = dir.resolve("run-b");
        ResultFiles.write(a, Runs.run());
        io.supplychaos.result.RunResult faster = Runs.withFigures(Runs.result(), "c3", 701, 40, 95, 5, 3);
        java.util.Map<String, Object> workload = new java.util.LinkedHashMap<>(faster.workload());
        workload.put("ratePerSecond", 500);
        ResultFiles.write(b, new ResultFiles.Run(withWorkload(faster, workload), Runs.rows()));
        Path out = dir.resolve("compared");

        assertThat(report(a.toString(), b.toString(), "--out", out.toString())).isZero();

        String html = Files.readString(out.resolve("report.html"));
        String differs = html.substring(html.indexOf("<h2>What differs</h2>"), html.indexOf("<h2>Figures</h2>"));
        assertThat(differs).contains("workload.ratePerSecond</td><td>0</td><td>500</td>")
                .doesNotContain("workload.orders");
        // throughput 350.5 -> 701: twice the baseline, better, so green
        assertThat(html).contains("701.0 <small style=\"color:#2a9d40\">(&times;2.00)</small>")
                .contains("A: run-a", "B: run-b", "Orders completed per second</h3>", "Latency distribution</h3>");
    }

    @Test
    void givenASweepDirectoryAmongTheRuns_whenCompared_thenExit2SaysToNameItsRuns() throws IOException {
        Path a = dir.resolve("run-a");
        ResultFiles.write(a, Runs.run());
        Path sweep = dir.resolve("sweep");
        ResultFiles.write(sweep.resolve("c1-100"), Runs.run());

        assertThat(report(a.toString(), sweep.toString(), "--out", dir.resolve("x").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("not a run's directory").contains("name them one by one");
    }

    private static io.supplychaos.result.RunResult withWorkload(io.supplychaos.result.RunResult r,
                                                                java.util.Map<String, Object> workload) {
        return new io.supplychaos.result.RunResult(r.scenario(), r.env(), workload, r.orders(), r.throughput(),
                r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(),
                r.violations(), r.notes(), r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(), r.paper(),
                r.brokerMetricsSource(), r.provenance(), r.firstReadMs());
    }

    @Test
    void shouldKeepThePaperRunsAndNameTheKeptCopiesInThePagesCommand() throws IOException {
        // given: a paper-rate run in a results directory
        Path sweep = dir.resolve("results/paper-rate-2");
        ResultFiles.write(sweep.resolve("c1-100"), new ResultFiles.Run(
                io.supplychaos.paper.PaperRuns.atPaperRate("C1", 100, 20, 3, 9), Runs.rows()));
        Path keep = dir.resolve("docs/paper/runs");

        // when
        int exit = report("--paper", sweep.toString(), "--keep", keep.toString(), "--out", dir.resolve("docs").toString());

        // then
        assertThat(exit).as(err.toString()).isZero();
        assertThat(keep.resolve("paper-rate-2/c1-100/summary.json")).exists();
        assertThat(Files.readString(dir.resolve("docs/PAPER.md")))
                .contains("`./chaos report --paper " + keep.resolve("paper-rate-2") + " --out ");
    }

    @Test
    void shouldExit2WhenKeepIsGivenWithoutPaperOrWithAgainst() throws IOException {
        // given
        ResultFiles.write(dir.resolve("run"), Runs.run());

        // when / then
        assertThat(report(dir.resolve("run").toString(), "--keep")).isEqualTo(2);
        assertThat(err.toString()).contains("--keep needs --paper");
        assertThat(report("--paper", dir.resolve("run").toString(), "--keep", "--against", "x.csv")).isEqualTo(2);
        assertThat(err.toString()).contains("not with --against");
    }
}
