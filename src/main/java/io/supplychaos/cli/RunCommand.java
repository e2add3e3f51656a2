package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.StateDirLock;
import io.supplychaos.experiment.Experiment;
import io.supplychaos.kind.Environments;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioLoader;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.spec.Rule;
import io.supplychaos.topology.Topics;

/**
 * {@code run [SCENARIO] [--out DIR]}: the main job. Loads and validates the scenario, locks the
 * state directory and runs the {@link Experiment} (each of its points as often as it says, in shared
 * sessions where they can be, each run's results written and summarised); Ctrl-C stops the run,
 * tears down what it started and writes the partial results, marked interrupted. Exit 0 when every
 * run passed, 1 when one failed or was interrupted, 2 for a bad scenario.
 */
@Command(name = "run", description = "Run an experiment end to end: env, app, workload, faults, checks, report.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    /** The scenario run when none is named, in the project. */
    static final String DEFAULT_SCENARIO = "scenarios/quickstart.yaml";

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "Scenario file, relative to the current directory (default: the project's "
                    + DEFAULT_SCENARIO + ").")
    Path scenarioFile;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-<name>).")
    Path out;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "Override the measured phase's length in seconds, 1 to 86400 (soak scenarios such as the ingest matrix).")
    String durationSeconds;

    @Mixin
    BasePortOption port;

    @Option(names = "--delete-topics", description = "On a cluster supply-chaos did not start (kind: compose, external, "
            + "kubernetes), delete the supply-chain topics, the app's Streams internal topics and its consumer groups at the end; nothing "
            + "else. Never done otherwise. Listed and confirmed before the run starts (or --yes).")
    boolean deleteTopics;

    @Mixin
    YesOption confirm;

    /** What a verb built on {@code run} changes in the loaded scenario before it runs (paper: a subset of its sweep). */
    UnaryOperator<Scenario> adjust = UnaryOperator.identity();

    @Override
    public Integer call() throws Exception {
        ChaosPaths paths = common.paths();
        PrintWriter console = spec.commandLine().getOut();
        // checked before the scenario, in the scenario's words: a bad value is exit 2 before anything starts
        Long duration = durationSeconds == null ? null : Rule.whole(1, Duration.ofHours(24).toSeconds(), "seconds", null)
                .check("--duration", durationSeconds);
        Path file = scenarioFile == null ? paths.home().resolve(DEFAULT_SCENARIO) : CallerPaths.file(scenarioFile, paths);
        Scenario loaded = new ScenarioLoader(name -> EnvFiles.resolve(paths, name)).load(file);
        Scenario scenario = adjust.apply(duration == null ? loaded : loaded.withDurationSeconds(duration));
        scenario.measuredPhaseWarnings().forEach(warning -> console.println("warning: " + warning));
        // stated before anything starts, and recorded in each run's history and result
        scenario.statedDifferences().forEach(difference -> console.println("differs from the other envs: " + difference));
        if (deleteTopics && !scenario.env().kind().toolOwned()) {
            // deleted at the end, on a cluster someone else runs: confirmed before anything starts
            Environments environments = Environments.of(paths);
            if (!confirm.confirmed("run --delete-topics will change env " + scenario.env().name() + " ("
                    + scenario.env().kind().yamlName() + "), a cluster supply-chaos did not start, when the run ends",
                    environments.topicDeletion(scenario.env(), Topics.applicationId(scenario.app().config())), console,
                    spec.commandLine().getErr())) {
                return ChaosCli.EXIT_BAD_INPUT;
            }
        }
        Path dir = out != null ? out : ResultFiles.directory(paths.home().resolve("results"),
                scenario.name(), Instant.now());
        Experiment experiment = new Experiment(Experiment.Runner.of(new ScenarioRunner(paths, port.basePort,
                Environments.of(paths), deleteTopics, console)), console);
        // keeps the JVM alive after Ctrl-C until the run has torn down and written its partial results;
        // if it has not within the budget (still checking a large history), the guard stops the open
        // session's apps and env before the JVM exits
        try (StateDirLock lock = StateDirLock.acquire(paths, "run " + file);
             InterruptGuard guard = new InterruptGuard("run", InterruptGuard.TEARDOWN,
                     () -> experiment.openSession().ifPresent(session -> {
                         console.println("run: not torn down " + InterruptGuard.TEARDOWN.toSeconds()
                                 + " s after the interrupt; stopping its apps and env now (this run's results are not written)");
                         console.flush();
                         session.close();
                     }))) {
            return experiment.run(scenario, file, dir, guard.stop()).passed() ? 0 : 1;
        }
    }
}
