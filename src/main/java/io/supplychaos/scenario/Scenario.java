package io.supplychaos.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.supplychaos.app.Tuning;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.history.Expectations;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.spec.Durations;

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

    /** This scenario with another warm-up (a later run in a warm session needs less). */
    public Scenario withWarmup(Warmup warmup) {
        return new Scenario(name, source, env, app, producer, workload.withWarmup(warmup), faults, expect,
                drainTimeout, stallTimeout, repeat, sweep, reuseEnv, comparePaper);
    }

    /**
     * A warning for each run that warms up until steady but whose measured phase is meant to send
     * for less than the steady rule needs to call a warm-up steady ({@code (windows + 1) x window}):
     * its figures may not show the steady state the warm-up waited for. A warning, not a refusal: a
     * count-bound point (the paper's 100 messages) is still a valid experiment.
     */
    public List<String> measuredPhaseWarnings() {
        List<String> warnings = new ArrayList<>();
        for (Scenario run : runs()) {
            WorkloadSpec load = run.workload();
            if (!(load.warmupAsRun() instanceof Warmup.UntilSteady steady)) {
                continue;
            }
            double seconds = load.plannedSeconds();
            long least = steady.rule().least().toSeconds();
            if (!Double.isNaN(seconds) && seconds < least) {
                String field = load.durationSeconds() > 0 && seconds == load.durationSeconds()
                        ? "workload.durationSeconds" : "workload.orders";
                warnings.add(String.format(Locale.ROOT, "%s: field '%s': the measured phase of %s sends for about %.0f s,"
                                + " shorter than the %d s the steady rule needs to see a steady state (%d windows of %s): "
                                + "its figures may not describe one", source, field, run.name(), seconds, least,
                        steady.rule().windows() + 1, Durations.format(steady.rule().window())));
            }
        }
        return warnings;
    }

    /**
     * How this run's faults differ in effect on its env from the same faults on the embedded env
     * ({@link FaultSchedule#differences}): a run states them before anything starts and records them
     * in its history (and so in its result's notes). For a sweep, ask each of {@link #runs()}.
     */
    public List<String> faultDifferences() {
        return FaultSchedule.differences(faults, env);
    }

    /**
     * Every difference of every run, for the console before anything starts: "FILE: env 'k8s-c3'
     * (kubernetes) faults[0] (kill-broker at 10s): ...", once per env.
     */
    public List<String> statedDifferences() {
        List<String> stated = new ArrayList<>();
        for (Scenario run : runs()) {
            for (String difference : run.faultDifferences()) {
                String line = source + ": env '" + run.env().name() + "' (" + run.env().kind().yamlName() + ") " + difference;
                if (!stated.contains(line)) {
                    stated.add(line);
                }
            }
        }
        return stated;
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
