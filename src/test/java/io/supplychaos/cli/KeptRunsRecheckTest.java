package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryFile;
import io.supplychaos.report.PaperReport;

/**
 * Every verdict docs/PAPER.md counts can be judged again: each kept run with a history, under the
 * directories the page's first line names, is what {@code ./chaos check DIR} reproduces from its
 * history alone (the verdict, every class count and the figures of its summary.json).
 */
class KeptRunsRecheckTest {

    @Test
    void givenTheRunsOfThePage_whenEachKeptWithItsHistoryIsCheckedAgain_thenEachReproducesItsSummary() throws IOException {
        // given the page's runs that kept their history
        Path page = Path.of("docs/PAPER.md");
        List<Path> runs = PaperReport.runDirectories(PaperReport.pageRuns(Files.readString(page), page.toString()))
                .stream().filter(run -> Files.isRegularFile(run.resolve(HistoryFile.NAME))).toList();
        assertThat(runs).as("the page counts verdicts only of runs kept with their history").isNotEmpty();
        assertThat(Files.readString(page)).contains(runs.size() + " keep their history");

        for (Path run : runs) {
            // when
            StringWriter out = new StringWriter();
            picocli.CommandLine cli = new picocli.CommandLine(new CheckCommand());
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(out, true));
            int exit = cli.execute(run.toString());

            // then
            assertThat(out.toString()).as(run.toString()).contains("reproduced: ");
            assertThat(exit).as(run + ":\n" + out).isZero();
        }
    }
}
