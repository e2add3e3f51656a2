package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.RunResult;
import io.supplychaos.result.RunResult.FaultEvent;

/**
 * Repeated kills measured per kill: each fault's recovery and the latency of the orders placed during
 * its restore, in the run's report and summary line, and two runs' kills side by side in the
 * comparison (the streams-failover pair, standby 0 against standby 1).
 */
class FailoverSideBySideTest {

    private static final RunResult.Window STEADY = new RunResult.Window(1_800, 1_800, 61.0, 140.0, 320.0);

    private static FaultEvent kill(String app, long at, long recoveryMs, double p50, double p99, double max) {
        return new FaultEvent("kill-app", "random", "kill-app " + app, "schedule", Runs.START + at,
                Runs.START + at + 10_000, recoveryMs, null, new RunResult.RestoreLatency(recoveryMs + 5_000,
                new RunResult.Window(4_000, 3_990, p50, p99, max), STEADY));
    }

    private static ResultFiles.Run run(String scenario, FaultEvent... kills) {
        return new ResultFiles.Run(Runs.withFaults(Runs.withScenario(Runs.result(), scenario), List.of(kills)), Runs.rows());
    }

    @Test
    void theComparisonPutsEachKillOfTheTwoRunsSideBySideWithRecoveryAndLatencyDuringRestore() {
        // given the pair: two kills each, the second run with a standby replica
        ResultFiles.Run none = run("streams-failover-standby-0", kill("2", 10_000, 26_000, 9_100.0, 24_200.0, 25_300.0),
                kill("1", 40_000, 34_000, 12_400.0, 31_900.0, 33_000.0));
        ResultFiles.Run one = run("streams-failover-standby-1", kill("2", 10_000, 23_000, 3_050.0, 8_800.0, 9_400.0),
                kill("1", 40_000, 34_000, 4_120.0, 11_300.0, 12_000.0));

        // when compared
        String page = CompareReport.render(List.of(new CompareReport.Entry("a", none), new CompareReport.Entry("b", one)));

        // then a section lists kill 1 and kill 2 with each run's recovery and p50 / p99 / max during restore
        String section = page.substring(page.indexOf("<h2>Faults side by side</h2>"));
        assertThat(section).contains("kill-app 2", "26.0", "23.0", "9,100 / 24,200 / 25,300", "3,050 / 8,800 / 9,400",
                "kill-app 1", "12,400 / 31,900 / 33,000", "4,120 / 11,300 / 12,000", "61 / 140 / 320");
        assertThat(section.indexOf("kill-app 2")).isLessThan(section.indexOf("kill-app 1"));
    }

    @Test
    void aRunsReportAndSummaryLineGiveTheLatencyDuringRestoreBesideTheSteadyOne() {
        // given one run with one kill
        ResultFiles.Run none = run("streams-failover-standby-0", kill("2", 10_000, 26_000, 9_100.0, 24_200.0, 25_300.0));

        // when its report and summary line are written
        String page = HtmlReport.render(none);
        String line = SummaryTable.recovery(none.result().faults().get(0));

        // then both give the window, the orders placed in it and their p50 / p99 / max, and the steady figures
        assertThat(page).contains("during restore: p50 / p99 / max (ms)", "9,100 / 24,200 / 25,300", "61 / 140 / 320");
        assertThat(line).isEqualTo("throughput back after 26 s; orders placed in the 31 s from it: 3,990 of 4,000"
                + " completed, p50 9,100 / p99 24,200 / max 25,300 ms (steady before the first fault: p50 61 / p99 140"
                + " / max 320 ms)");
    }
}
