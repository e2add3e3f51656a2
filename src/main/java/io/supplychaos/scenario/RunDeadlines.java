package io.supplychaos.scenario;

import java.time.Duration;

import io.supplychaos.time.Timeouts;

/**
 * The deadlines of a run's phases after the workload, derived from the scenario, so that a cluster
 * that becomes unavailable for good ends the run in bounded time: sending stops after {@code stall}
 * with no acknowledgement, the drain gives up after {@code drain} with no order completing (counted
 * from the last completion when sending stalled, so it never waits a second stall's length), the
 * heal and the wait for leaders take at most {@code heal}, the read-back of order-placed at most
 * {@code readBack}. With the defaults (60 s stall, 60 s drain) a cluster lost at the fault ends the
 * run about 60 + 5 + 30 + 15 s after it, within 3 minutes.
 */
public record RunDeadlines(Duration stall, Duration drain, Duration heal, Duration readBack) {

    public static RunDeadlines of(Scenario scenario) {
        return new RunDeadlines(scenario.stallTimeout(), scenario.drainTimeout(), Timeouts.RUN_HEAL,
                Timeouts.RUN_READ_BACK);
    }
}
