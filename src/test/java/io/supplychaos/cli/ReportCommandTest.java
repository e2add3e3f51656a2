package io.supplychaos.cli;

import io.supplychaos.history.HistoryFile;
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
        Files.write(sweep.resolve("c1-100").resolve(HistoryFile.NAME), new byte[] {0x1f, (byte) 0x8b});
        Path keep = dir.resolve("docs/paper/runs");

        // when
        int exit = report("--paper", sweep.toString(), "--keep", keep.toString(), "--out", dir.resolve("docs").toString());

        // then
        assertThat(exit).as(err.toString()).isZero();
        assertThat(keep.resolve("paper-rate-2/c1-100/summary.json")).exists();
        assertThat(keep.resolve("paper-rate-2/c1-100/history.jsonl.gz")).exists();
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
        assertThat(report("--paper", dir.resolve("run").toString(), "--keep", "--against", "PAPER.md")).isEqualTo(2);
        assertThat(err.toString()).contains("not with --against");
    }

    /** Two kept runs of C2 at 1000 (one-hop 20 and 22) and the page built from them, its command naming them. */
    private Path keptPage() throws IOException {
        Path kept = dir.resolve("docs/paper/runs/table");
        ResultFiles.write(kept.resolve("c2-1000-a"), new ResultFiles.Run(
                io.supplychaos.paper.PaperRuns.atPaperRate("C2", 1000, 20, 3, 8), Runs.rows()));
        ResultFiles.write(kept.resolve("c2-1000-b"), new ResultFiles.Run(
                io.supplychaos.paper.PaperRuns.atPaperRate("C2", 1000, 22, 3, 9), Runs.rows()));
        assertThat(report("--paper", kept.toString(), "--out", dir.resolve("docs").toString())).as(err.toString()).isZero();
        return dir.resolve("docs/PAPER.md");
    }

    @Test
    void givenAReRunThreeTimesSlower_whenCheckedAgainstThePage_thenEveryFigureIsOutsideAndExit1() throws IOException {
        Path page = keptPage();
        Path rerun = dir.resolve("results/rerun");
        ResultFiles.write(rerun.resolve("c2-1000"), new ResultFiles.Run(
                io.supplychaos.paper.PaperRuns.atPaperRate("C2", 1000, 63, 9, 25), Runs.rows()));

        StringWriter out = new StringWriter();
        int exit = report(out, "--paper", rerun.toString(), "--against", page.toString());

        assertThat(exit).as(err.toString()).isEqualTo(1);
        assertThat(out.toString()).contains("OUTSIDE").doesNotContain(" within")
                .contains("5 of 5 figures outside their bands").contains("OFF");
    }

    @Test
    void givenAKeptRunCheckedAgainstThePageItIsOn_whenChecked_thenItIsLeftOutOfTheBandsAndNothingIsJudged()
            throws IOException {
        // given the page's two runs: checking one of them leaves one run of the point, and no repeat to measure
        Path page = keptPage();

        StringWriter out = new StringWriter();
        int exit = report(out, "--paper", dir.resolve("docs/paper/runs/table/c2-1000-a").toString(), "--against",
                page.toString());

        // then: the run does not set its own band; with no spread left, nothing is judged, and that fails
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("left out of the bands: 1 of").contains("no figure judged")
                .contains("no point of C2 one-hop latency avg was repeated");
    }

    @Test
    void givenAPageWhoseFirstLineNamesNoCommand_whenCheckedAgainst_thenExit2NamingIt() throws IOException {
        ResultFiles.write(dir.resolve("run"), new ResultFiles.Run(
                io.supplychaos.paper.PaperRuns.atPaperRate("C2", 1000, 20, 3, 8), Runs.rows()));
        Path page = Files.writeString(dir.resolve("PAPER.md"), "# a page by hand\n");

        assertThat(report("--paper", dir.resolve("run").toString(), "--against", page.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(page + ": its first line names no `./chaos report --paper DIR...` command");
    }

    @Test
    void givenRunsOfABuildWithUncommittedChanges_whenThePageIsWritten_thenExit2NamingThem() throws IOException {
        ResultFiles.write(dir.resolve("sweep/run"), new ResultFiles.Run(io.supplychaos.paper.PaperRuns.builtFrom(
                io.supplychaos.paper.PaperRuns.atPaperRate("C2", 1000, 20, 3, 8), "0123abc+dirty"), Runs.rows()));

        assertThat(report("--paper", dir.resolve("sweep").toString(), "--out", dir.resolve("docs").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("1 run comes from a build with uncommitted changes").contains("0123abc+dirty");
        assertThat(dir.resolve("docs/PAPER.md")).doesNotExist();
    }

    private int report(StringWriter out, String... args) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(out, true));
        return cli.execute(args);
    }
}
