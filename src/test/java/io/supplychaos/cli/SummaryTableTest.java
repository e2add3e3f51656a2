package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.supplychaos.report.Runs;

/** The table `run` prints: every class, failed and unrecovered faults as such. */
class SummaryTableTest {

    @Test
    void shouldPrintEveryClassAndTheFaultsThatFailedOrNeverRecovered() {
        StringWriter text = new StringWriter();

        SummaryTable.print(new PrintWriter(text), Runs.result(), Path.of("results/x"));

        assertThat(text.toString()).contains("FAIL")
                .contains("lost 5 (expected 1, bad 4), stuck 1, unseen 1")
                .contains("duplicates 2, incomplete 1, out of order 1, unexpected 1, malformed 1, stock 1")
                .contains("SIGKILL broker 2 (schedule), recovered after 4 s")
                .contains("SIGKILL broker 9 (schedule), FAILED: no broker 9 in env c3")
                .contains("100 ms, jitter 20 (cli), not recovered")
                .contains("note").contains("from before the run");
    }
}
