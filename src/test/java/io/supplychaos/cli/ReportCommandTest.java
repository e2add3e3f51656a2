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
}
