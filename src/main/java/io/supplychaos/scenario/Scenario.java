package io.supplychaos.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.supplychaos.app.Tuning;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.history.Expectations;
import io.supplychaos.env.EnvSpec;

/**
 * An experiment, as loaded from scenarios/*.yaml and validated: the environment, the app, the
 * producer configuration, the workload, the fault schedule and the expectations. A sweep file
 * holds several environments and message counts; {@link #runs()} expands it.
 *
 * @param producer     producer properties for the load generator (any KafkaProducer property)
 * @param sweep        further (env, orders) pairs to run; empty for a single run
 * @param repeat       how many times to run each point (median and min-max are reported)
 * @param drainTimeout how long the drain waits with no order completing before it gives up (1 s to 1 h)
 * @param stallTimeout how long sending goes on with no acknowledgement before it stops (a cluster
 *                     that stopped accepting writes): the run then drains, heals and is judged
 *                     (5 s to 10 min, 60 s by default)
 * @param reuseEnv     run on the env already up (when it is the same) and leave it up
 * @param comparePaper show the paper's Table II figures for the env and order count beside ours
 */
public record Scenario(String name, String source, EnvSpec env, AppSpec app, Map<String, String> producer,
                       WorkloadSpec workload, List<FaultSpec> faults, Expectations expect, Duration drainTimeout,
                       Duration stallTimeout, int repeat, List<SweepPoint> sweep, boolean reuseEnv, boolean comparePaper) {

    /** The tuning the app runs with: the scenario's, or the one its offered rate chooses. */
    public Tuning tuning() {
        return app.tuningAt(workload.ratePerSecond());
    }

    /**
     * One point of a sweep.
     *
     * @param ratePerSecond this point's offered load; null = the workload's
     * @param rateLabel     how the run's name says the rate when the sweep lists rates ("paper-rate",
     *                      "max-rate", "400-per-s"); null when it does not
     */
    public record SweepPoint(EnvSpec env, long orders, Double ratePerSecond, String rateLabel) {

        public SweepPoint(EnvSpec env, long orders, Double ratePerSecond) {
            this(env, orders, ratePerSecond, null);
        }

        public SweepPoint withRatePerSecond(double rate) {
            return new SweepPoint(env, orders, rate, rateLabel);
        }
    }

    public Scenario {
        producer = Map.copyOf(producer);
        faults = List.copyOf(faults);
        sweep = List.copyOf(sweep);
    }

    /** This scenario with its soak length replaced (the CLI's --duration). */
    public Scenario withDurationSeconds(long seconds) {
        return new Scenario(name, source, env, app, producer, workload.withDurationSeconds(seconds), faults, expect,
                drainTimeout, stallTimeout, repeat, sweep, reuseEnv, comparePaper);
    }

    /** This scenario with other warm-up phases (a later run in a warm session needs fewer). */
    public Scenario withWarmup(List<Long> phases) {
        return new Scenario(name, source, env, app, producer, workload.withWarmup(phases), faults, expect,
                drainTimeout, stallTimeout, repeat, sweep, reuseEnv, comparePaper);
    }

    /**
     * This sweep with only the points {@code keep} accepts, in their order (the CLI's subset of a sweep).
     * Refuses to leave none: a sweep without points is a single run of the base scenario, which is not
     * what a subset asked for.
     */
    public Scenario withSweepPoints(java.util.function.Predicate<SweepPoint> keep) {
        List<SweepPoint> kept = sweep.stream().filter(keep).toList();
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no point of " + source + "'s sweep is in the subset asked for");
        }
        return new Scenario(name, source, env, app, producer, workload, faults, expect, drainTimeout, stallTimeout,
                repeat, kept, reuseEnv, comparePaper);
    }

    /** The single runs this scenario stands for, named after their parameters when it sweeps. */
    public List<Scenario> runs() {
        if (sweep.isEmpty()) {
            return List.of(this);
        }
        List<Scenario> runs = new ArrayList<>();
        for (SweepPoint point : sweep) {
            WorkloadSpec load = workload.withOrders(point.orders());
            if (point.ratePerSecond() != null) {
                load = load.withRatePerSecond(point.ratePerSecond());
            }
            String label = name + "-" + point.env().name() + "-" + point.orders()
                    + (point.rateLabel() == null ? "" : "-" + point.rateLabel());
            runs.add(new Scenario(label, source, point.env(), app,
                    producer, load, faults, expect, drainTimeout, stallTimeout, repeat, List.of(), reuseEnv, comparePaper));
        }
        return runs;
    }
}
