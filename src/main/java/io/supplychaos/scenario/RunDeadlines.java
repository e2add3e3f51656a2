package io.supplychaos.scenario;

import java.time.Duration;

import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.env.EnvKind;
import io.supplychaos.kind.Kinds;
import io.supplychaos.time.Timeouts;

/**
 * The deadlines of a run's phases after the workload, derived from the scenario, so that a cluster
 * that becomes unavailable for good ends the run in bounded time: sending stops after {@code stall}
 * with no acknowledgement, the drain gives up after {@code drain} with no order completing (counted
 * from the last completion when sending stalled, so it never waits a second stall's length), the
 * heal and the wait for leaders take at most {@code heal}, the read-back of order-placed at most
 * {@code readBack}. With the defaults (60 s stall, 60 s drain) a cluster lost at the fault ends the
 * run about 60 + 5 + 30 + 15 s after it, within 3 minutes.
 *
 * <p>The heal's deadline is the env kind's: 30 s where the tool starts and signals the brokers
 * itself, but one broker command's budget where a repair is someone else's command (an external
 * env's {@code start} hook: ssh, systemctl, a script) or a docker command: a timed kill is healed by
 * that command, and a deadline shorter than the command's own cut the repair off half-done.
 */
public record RunDeadlines(Duration stall, Duration drain, Duration heal, Duration readBack) {

    public static RunDeadlines of(Scenario scenario) {
        return new RunDeadlines(scenario.stallTimeout(), scenario.drainTimeout(), heal(scenario.env().kind()),
                Timeouts.RUN_READ_BACK);
    }

    /** How long the heal phase may take on an env of {@code kind}: its room says ({@link ClusterKind#healBudget}). */
    static Duration heal(EnvKind kind) {
        return Kinds.of(kind).healBudget();
    }
}
