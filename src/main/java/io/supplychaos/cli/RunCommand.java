package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
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
import io.supplychaos.history.HistoryFile;
import io.supplychaos.kind.Environments;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.RunHealth;
import io.supplychaos.report.SweepReport;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioLoader;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.spec.Rule;

/**
 * {@code run [SCENARIO] [--out DIR]}: the main job. Loads and validates the scenario, runs each
 * of its points (a sweep) as often as it says (repeat), writes each run's results and prints a
 * summary; Ctrl-C stops the run, tears down what it started and writes the partial results,
 * marked interrupted. Exit 0 when every run passed, 1 when one failed or was interrupted, 2 for
 * a bad scenario.
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
            + "kubernetes), delete the supply-chain topics and the app's internal topics at the end. Never done otherwise.")
    boolean deleteTopics;

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
        Path dir = out != null ? out : ResultFiles.directory(paths.home().resolve("results"),
                scenario.name(), Instant.now());
        Files.createDirectories(dir);

        // keeps the JVM alive after Ctrl-C until the run has torn down and written its partial results
        // the session open now: after Ctrl-C, if the run has not torn down within the budget (still
        // checking a large history), the guard stops its apps and env before the JVM exits
        java.util.concurrent.atomic.AtomicReference<ScenarioRunner.Session> open = new java.util.concurrent.atomic.AtomicReference<>();
        try (StateDirLock lock = StateDirLock.acquire(paths, "run " + file);
             InterruptGuard guard = new InterruptGuard("run", InterruptGuard.TEARDOWN, () -> {
                 ScenarioRunner.Session session = open.get();
                 if (session != null && !session.closed()) {
                     console.println("run: not torn down " + InterruptGuard.TEARDOWN.toSeconds()
                             + " s after the interrupt; stopping its apps and env now (this run's results are not written)");
                     console.flush();
                     session.close();
                 }
             })) {
            AtomicBoolean stop = guard.stop();
            ScenarioRunner runner = new ScenarioRunner(paths, port.basePort, Environments.of(paths), deleteTopics,
                    console);
            List<Scenario> runs = scenario.runs();
            List<SweepReport.Member> results = new ArrayList<>();
            boolean allPassed = true;
            boolean shared = sharesSessions(scenario);
            ScenarioRunner.Session session = null;
            try {
                for (Scenario run : runs) {
                    for (int attempt = 1; attempt <= scenario.repeat() && !stop.get(); attempt++) {
                        Path runDir = runs.size() == 1 && scenario.repeat() == 1 ? dir
                                : dir.resolve(run.name() + (scenario.repeat() > 1 ? "-" + attempt : ""));
                        console.println("== " + run.name() + (scenario.repeat() > 1 ? " (" + attempt + "/"
                                + scenario.repeat() + ")" : "") + " on " + run.env().name());
                        if (session != null && !(shared && session.hosts(run))) {
                            session.close();
                            session = null;
                        }
                        if (session == null) {
                            session = runner.open(run, stop);
                            open.set(session);
                        } else {
                            console.println("  same env and warm app as the previous run (run " + (session.runs() + 1)
                                    + " of this session)");
                        }
                        ScenarioRunner.Outcome outcome = runner.run(session, run, stop);
                        RunResult result = withPaper(run, outcome.result());
                        ResultFiles.write(runDir, new ResultFiles.Run(result, outcome.rows()));
                        ResultFiles.copyScenario(file, runDir);
                        HistoryFile.write(runDir.resolve(HistoryFile.NAME), outcome.history());
                        results.add(new SweepReport.Member(dir.relativize(runDir).toString(), result));
                        allPassed &= result.verdict() == Verdict.PASS;
                        SummaryTable.print(console, result, runDir);
                        RunHealth.cpuSaturation(outcome.rows()).ifPresent(warning -> console.println("  run health: "
                                + warning));
                    }
                }
            } finally {
                if (session != null) {
                    session.close();
                }
            }
            if (results.size() > 1) {
                SweepReport.write(dir, results);
                console.println("all runs: " + dir.resolve("report.html"));
            }
            return allPassed && !stop.get() ? 0 : 1;
        }
    }

    /**
     * Whether the runs of this scenario share sessions: a sweep without faults runs the points (and
     * repeats) on one env with one warm app per env and app settings. Everything else, and any sweep
     * with faults (a killed broker leaves its leaders elsewhere for the next point), gets a fresh env
     * per run.
     */
    static boolean sharesSessions(Scenario scenario) {
        return !scenario.sweep().isEmpty() && scenario.faults().isEmpty();
    }

    private static RunResult withPaper(Scenario scenario, RunResult result) {
        if (!scenario.comparePaper()) {
            return result;
        }
        return PaperTable.load().figures(scenario.env().name().toUpperCase(), scenario.workload().orders())
                .map(result::withPaper)
                .orElse(result);
    }
}
