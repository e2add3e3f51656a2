package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.result.RunResult;

/**
 * Latency during restore, per fault, from a history: the measured orders placed (intended send time)
 * from the fault's injection to its recovery plus {@value RestoreWindows#AFTER_RECOVERY_MS} ms, against
 * the steady orders placed before the run's first fault.
 */
class RestoreWindowsTest {

    private static final long T0 = 10_000_000;
    private static final long KILL = T0 + 20_000;

    /** A measured order intended at {@code intendedAt}, acknowledged 5 ms later, DELIVERED after {@code latency} ms (or never). */
    private static void order(Histories h, String id, long intendedAt, Long latency) {
        h.add(new HistoryEvent.Sent(id, "aspirin", 1, false, intendedAt, intendedAt + 1));
        h.add(new HistoryEvent.Acked(id, 0, intendedAt, intendedAt + 5));
        if (latency != null) {
            h.add(new Observed("notifications", 0, intendedAt, id, id, "DELIVERED", 0, intendedAt + latency - 1,
                    intendedAt + latency));
        }
    }

    private static Histories twoWindows() {
        Histories h = Histories.run();
        // steady: before the kill, 100, 200 and 300 ms
        order(h, "s1", T0 + 1_000, 100L);
        order(h, "s2", T0 + 2_000, 200L);
        order(h, "s3", T0 + 3_000, 300L);
        h.add(new HistoryEvent.Fault(FaultPhase.INJECTED, "kill-app", "app:1", "kill-app 1", FaultSource.SCHEDULE, null,
                KILL, "f1", null));
        // during restore: placed 0.1 s, 1 s and 2 s after the kill; one never completed
        order(h, "d1", KILL + 100, 5_000L);
        order(h, "d2", KILL + 1_000, 4_000L);
        order(h, "d3", KILL + 2_000, null);
        // after recovery (10 s) + 5 s: outside the window
        order(h, "a1", KILL + 15_000, 150L);
        // what the run records after these (phases, read-back, end) comes later
        return h.tickBy(KILL + 30_000 - h.now());
    }

    @Test
    void ordersPlacedFromTheKillToRecoveryPlusFiveSecondsAreTheRestoreWindowAgainstTheSteadyOrdersBeforeIt() {
        // given a kill whose throughput came back after 10 s
        RunHistory h = new RunHistory(twoWindows().build());

        // when the restore window is taken
        RunResult.RestoreLatency restore = RestoreWindows.of(h, KILL, 10_000L);

        // then it spans 15 s, holds the three orders placed in it (two completed), and the steady window the three before
        assertThat(restore.windowMs()).isEqualTo(15_000);
        assertThat(restore.during().placed()).isEqualTo(3);
        assertThat(restore.during().completed()).isEqualTo(2);
        assertThat(restore.during().p50Ms()).isCloseTo(4_000, within(40.0));
        assertThat(restore.during().maxMs()).isCloseTo(5_000, within(50.0));
        assertThat(restore.steady().placed()).isEqualTo(3);
        assertThat(restore.steady().p50Ms()).isCloseTo(200, within(2.0));
        assertThat(restore.steady().maxMs()).isCloseTo(300, within(3.0));
    }

    @Test
    void aFaultThatDidNotRecoverTakesEveryOrderPlacedUntilSendingEnded() {
        // given the same history, the fault not recovered: its window runs to the end of sending
        RunHistory h = new RunHistory(twoWindows().phase(HistoryEvent.Phase.DRAIN).build());

        RunResult.RestoreLatency restore = RestoreWindows.of(h, KILL, null);

        // then the order placed 15 s after the kill is in it too
        assertThat(restore.during().placed()).isEqualTo(4);
        assertThat(restore.during().completed()).isEqualTo(3);
    }

    @Test
    void theRunsFaultsCarryTheirRestoreWindowInTheAnalysis() {
        // given the history analysed whole
        RunAnalysis analysis = RunAnalysis.of(twoWindows().build());

        // then its injected fault carries a restore window with the steady orders beside it
        List<RunResult.FaultEvent> faults = analysis.faults();
        assertThat(faults).hasSize(1);
        assertThat(faults.get(0).restore()).isNotNull();
        assertThat(faults.get(0).restore().steady().placed()).isEqualTo(3);
        assertThat(faults.get(0).restore().during().placed()).isPositive();
    }

    @Test
    void aWindowWithNothingCompletedHasNoPercentiles() {
        RunHistory h = new RunHistory(Histories.run().build());

        RunResult.RestoreLatency restore = RestoreWindows.of(h, KILL, 1_000L);

        assertThat(restore.during().placed()).isZero();
        assertThat(restore.during().p99Ms()).isNull();
        assertThat(restore.steady().p50Ms()).isNull();
    }
}
