package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.result.RunResult;

/** The table `run` prints: every class, failed and unrecovered faults as such. */
class SummaryTableTest {

    @Test
    void shouldPrintEveryClassAndTheFaultsThatFailedOrNeverRecovered() {
        StringWriter text = new StringWriter();

        SummaryTable.print(new PrintWriter(text), Runs.result(), Path.of("results/x"));

        assertThat(text.toString()).contains("FAIL")
                .contains("lost 5 (expected 1, bad 4; lost from the log after processing 2), stuck 1, unseen 1")
                .contains("duplicates 2, incomplete 1, out of order 1, unexpected 1, malformed 1, stock 1")
                .contains("kill-broker 2 (leader of order-placed:0) (schedule), throughput back after 4 s")
                .contains("kill-broker 9 (schedule), FAILED: no broker 9 in env c3")
                .contains("delay 100 ms ± 20 ms, client links, all brokers (cli), did not recover")
                .contains("note").contains("from before the run");
    }

    @Test
    void shouldPrintTheAvailabilityOfTheMeasuredPhase() {
        StringWriter text = new StringWriter();
        StringWriter old = new StringWriter();
        RunResult.Orders o = Runs.orders();
        RunResult.Orders before = new RunResult.Orders(o.sent(), o.acked(), o.measuredAcked(), o.completed(),
                o.rejected(), o.ok(), o.lost(), o.stuck(), o.unseen(), o.duplicates(), o.incompleteLifecycle(),
                o.outOfOrder(), o.unexpected(), o.neverAcked(), o.writtenUnacked(), o.malformed(), o.stock(), null, null);

        SummaryTable.print(new PrintWriter(text), Runs.result(), Path.of("results/x"));
        SummaryTable.print(new PrintWriter(old), Runs.withOrders(Runs.result(), before), Path.of("results/x"));

        assertThat(text.toString()).containsPattern("availability +99\\.9% \\(8,990 of 9,000 measured orders acknowledged\\)\n");
        assertThat(old.toString()).containsPattern("availability +not recorded\n");
    }

    @Test
    void givenARunWithABrokerMetricsSource_whenPrinted_thenALineNamesIt() {
        StringWriter jmx = new StringWriter();
        StringWriter old = new StringWriter();

        SummaryTable.print(new PrintWriter(jmx), Runs.result(), Path.of("results/x"));
        SummaryTable.print(new PrintWriter(old), Runs.result().withBrokerMetricsSource(null), Path.of("results/x"));

        assertThat(jmx.toString()).containsPattern("broker metrics +JMX on 127\\.0\\.0\\.1:29061-29063\n");
        assertThat(old.toString()).containsPattern("broker metrics +not recorded\n");
    }

    @Test
    void givenAWarmupUntilSteady_whenPrinted_thenItsCostTheMeasuredPhasesLengthAndTheP50PerWindow() {
        StringWriter text = new StringWriter();

        SummaryTable.print(new PrintWriter(text), Runs.result(), Path.of("results/x"));

        assertThat(text.toString())
                .containsPattern("warm-up +steady after 35 s \\(cold-start cost; 3512 orders\\), then measured for 60 s\n")
                .containsPattern("warm-up p50 ms +-, 6512, 2210, 805, 512, 498, 505 \\(per 5 s\\)\n");
        // windows from before the JIT was watched print no JIT line
        assertThat(text.toString()).doesNotContain("warm-up JIT");
    }

    @Test
    void givenAWarmupWhoseJitWasWatched_whenPrinted_thenALineGivesEachWindowsCompilerCores() {
        StringWriter text = new StringWriter();
        RunResult.Warmup watched = new RunResult.Warmup(HistoryEvent.WarmupEnd.STEADY, true, 15_000, 1_500, 30_000,
                "rule", List.of(new HistoryEvent.WarmupWindow(5_000, 900.0, 400, 80, 500, 0.87),
                new HistoryEvent.WarmupWindow(10_000, 130.0, 500, 20, 1_000, 0.042),
                new HistoryEvent.WarmupWindow(15_000, 120.0, 500, 20, 1_500, null)));

        SummaryTable.print(new PrintWriter(text), Runs.result().withWarmup(watched), Path.of("results/x"));

        assertThat(text.toString()).containsPattern("warm-up JIT +0\\.87, 0\\.04, - \\(cores, the JVMs on this machine\\)\n");
    }

    @Test
    void givenAWarmupThatHitItsBound_whenPrinted_thenItSaysNotSteady() {
        StringWriter text = new StringWriter();
        RunResult.Warmup bound = new RunResult.Warmup(HistoryEvent.WarmupEnd.NOT_STEADY, false, 90_100, 9_000, 30_000,
                "rule", Runs.warmup().windows());

        SummaryTable.print(new PrintWriter(text), Runs.result().withWarmup(bound), Path.of("results/x"));
        StringWriter old = new StringWriter();
        SummaryTable.print(new PrintWriter(old), Runs.result().withWarmup(null), Path.of("results/x"));

        assertThat(text.toString()).containsPattern("warm-up +not steady after 90 s \\(cold-start cost; 9000 orders\\), "
                + "then measured for 30 s\n");
        assertThat(old.toString()).doesNotContain("warm-up");
    }
}
