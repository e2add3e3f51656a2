package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.check.Histories;
import io.supplychaos.check.RunAnalysis;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/** {@code chaos check DIR}: the verdict again from the history, compared with summary.json. */
class CheckCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int check(Path target) {
        picocli.CommandLine cli = new picocli.CommandLine(new CheckCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(target.toString());
    }

    private static List<HistoryEvent> passing() {
        return Histories.run().baseline("aspirin", 100, 100, 0, 0).order("r1-p0-1", "aspirin", 3)
                .deliver("r1-p0-1", "aspirin", 3).stock("aspirin", 100, 0, 97, 0, 3).build();
    }

    /** The same run with an acknowledged order that never reached order-placed. */
    private static List<HistoryEvent> failing() {
        return Histories.run().order("r1-p0-1", "aspirin", 3).build();
    }

    /** A run directory as the runner leaves it: the history and the summary built from it. */
    private void runDirectory(List<HistoryEvent> history) throws IOException {
        HistoryFile.write(dir.resolve(HistoryFile.NAME), history);
        ResultFiles.writeSummary(dir, RunAnalysis.of(history).result(Map.of(), 0));
    }

    @Test
    void shouldExit0AndSayReproducedForAPassingRun() throws IOException {
        runDirectory(passing());

        assertThat(check(dir)).isZero();
        assertThat(out.toString()).contains("PASS").contains("reproduced").doesNotContain("NOT reproduced");
    }

    @Test
    void shouldExit1ForAFailingRunAndNameTheViolation() throws IOException {
        runDirectory(failing());

        assertThat(check(dir)).isEqualTo(1);
        assertThat(out.toString()).contains("FAIL").contains("lost 1 acknowledged orders").contains("reproduced");
    }

    @Test
    void shouldExit1AndListEachDifferenceWhenTheSummaryDisagrees() throws IOException {
        HistoryFile.write(dir.resolve(HistoryFile.NAME), failing());
        RunResult passingSummary = RunAnalysis.of(passing()).result(Map.of(), 0);
        ResultFiles.writeSummary(dir, passingSummary);

        assertThat(check(dir)).isEqualTo(1);
        assertThat(out.toString()).contains("NOT reproduced").contains("verdict: summary PASS, history FAIL")
                .contains("orders.lost: summary 0, history 1");
    }

    @Test
    void shouldExit2NamingTheDirectoryWhenItIsMissing() {
        Path missing = dir.resolve("nope");

        assertThat(check(missing)).isEqualTo(2);
        assertThat(err.toString()).contains(missing.toString()).contains("no such directory");
    }

    @Test
    void shouldExit2NamingTheHistoryWhenItIsMissing() {
        assertThat(check(dir)).isEqualTo(2);
        assertThat(err.toString()).contains(dir.resolve(HistoryFile.NAME).toString()).contains("no such file");
    }

    @Test
    void shouldExit2NamingTheHistoryWhenItIsNotGzip() throws IOException {
        Files.writeString(dir.resolve(HistoryFile.NAME), "not gzip");

        assertThat(check(dir)).isEqualTo(2);
        assertThat(err.toString()).contains(HistoryFile.NAME).contains("unreadable");
    }

    @Test
    void shouldJudgeAHistoryWithoutSummary() throws IOException {
        HistoryFile.write(dir.resolve(HistoryFile.NAME), passing());

        assertThat(check(dir)).isZero();
        assertThat(out.toString()).contains("no summary.json to compare with");
    }

    @Test
    void shouldReproduceTheSummaryThroughItsJsonForm() throws IOException {
        runDirectory(failing());

        RunResult read = ResultFiles.readSummary(dir.resolve(ResultFiles.SUMMARY));

        assertThat(read.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(Files.readString(dir.resolve(ResultFiles.SUMMARY))).contains("\"verdict\" : \"FAIL\"");
        assertThat(CheckCommand.differences(read, RunAnalysis.of(failing()))).isEmpty();
    }

    @Test
    void givenASummaryWrittenBeforeAClassExisted_whenTheHistoryFindsNoneOfIt_thenItStillReproduces() throws IOException {
        // given a summary.json without the class "lost from the log after processing" (written before it existed)
        runDirectory(failing());
        RunResult read = ResultFiles.readSummary(dir.resolve(ResultFiles.SUMMARY));
        RunResult.Lost lost = read.orders().lost();
        RunResult.Orders o = read.orders();
        RunResult.Orders older = new RunResult.Orders(o.sent(), o.acked(), o.measuredAcked(), o.completed(), o.rejected(),
                o.ok(), new RunResult.Lost(lost.count(), lost.expected(), lost.bad(), null), o.stuck(), o.unseen(),
                o.duplicates(), o.incompleteLifecycle(), o.outOfOrder(), o.unexpected(), o.neverAcked(),
                o.writtenUnacked(), o.malformed(), o.stock(), o.measuredSent(), o.availability());
        RunResult summary = new RunResult(read.scenario(), read.env(), read.workload(), older, read.throughput(),
                read.latencyMs(), read.requestTimeMs(), read.jitterMs(), read.stages(), read.hops(), read.faults(),
                read.verdict(), read.violations(), read.notes(), read.startedAt(), read.endedAt(), read.interrupted(),
                read.distribution(), read.paper(), read.brokerMetricsSource(), read.provenance(), read.firstReadMs(),
                read.warmup());

        // when / then: the history finds none of it, so nothing differs
        assertThat(CheckCommand.differences(summary, RunAnalysis.of(failing()))).isEmpty();
    }
}
