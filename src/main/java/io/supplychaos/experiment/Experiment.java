package io.supplychaos.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.supplychaos.history.HistoryFile;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.RunHealth;
import io.supplychaos.report.SummaryTable;
import io.supplychaos.report.SweepReport;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.session.Session;

/**
 * An experiment: a scenario's runs (the points of its sweep, or its one run), each as often as it
 * says (repeat), in the sessions they can share, each run's results in a directory of its own, and
 * over a sweep an index of them all. For each run, in order:
 *
 * <ol>
 * <li>session: the open one when the runs share sessions ({@link #sharesSessions}) and it hosts the
 *     run; else that one is closed and the run opens its own (validate, env, apps);</li>
 * <li>run: the scenario's phases ({@link ScenarioRunner});</li>
 * <li>write: summary.json, timeseries.csv and report.html, a copy of the scenario file and
 *     history.jsonl.gz into the run's directory ({@link #runDirectory}), with the paper's figures
 *     beside ours when the scenario compares them ({@link #withPaper});</li>
 * <li>say: the summary table, and a warning when the host's CPU was saturated.</li>
 * </ol>
 *
 * Then, when there was more than one run, the sweep report. The session still open is closed at the
 * end, also when a run failed. A raised stop flag (Ctrl-C) starts no further run.
 */
public final class Experiment {

    /** What the experiment runs each point with: a {@link ScenarioRunner} in the tool; tests give a fake. */
    public interface Runner {

        /** Phases validate, env and apps: a session for {@code scenario}. */
        Session open(Scenario scenario, AtomicBoolean stop);

        /** Whether {@code session} can host {@code scenario}'s run: the same env and app. */
        boolean hosts(Session session, Scenario scenario);

        /** The run's own phases, in {@code session}. */
        ScenarioRunner.Outcome run(Session session, Scenario scenario, AtomicBoolean stop) throws InterruptedException;

        /** The tool's own runner. */
        static Runner of(ScenarioRunner runner) {
            return new Runner() {
                @Override
                public Session open(Scenario scenario, AtomicBoolean stop) {
                    return runner.open(scenario, stop);
                }

                @Override
                public boolean hosts(Session session, Scenario scenario) {
                    return session.hosts(runner.plan(scenario));
                }

                @Override
                public ScenarioRunner.Outcome run(Session session, Scenario scenario, AtomicBoolean stop)
                        throws InterruptedException {
                    return runner.run(session, scenario, stop);
                }
            };
        }
    }

    /**
     * What the experiment did.
     *
     * @param runs   every run's result, named by its directory relative to the experiment's
     * @param passed every run passed and none was interrupted
     */
    public record Outcome(List<SweepReport.Member> runs, boolean passed) {
    }

    private final Runner runner;
    private final PrintWriter console;
    /** The session open now: the Ctrl-C hook may close it from its own thread. */
    private final AtomicReference<Session> open = new AtomicReference<>();

    public Experiment(Runner runner, PrintWriter console) {
        this.runner = runner;
        this.console = console;
    }

    /**
     * Runs every run of {@code scenario} and writes its results under {@code dir}.
     *
     * @param scenarioFile the file the scenario was loaded from, copied into each run's directory
     */
    public Outcome run(Scenario scenario, Path scenarioFile, Path dir, AtomicBoolean stop)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<Scenario> runs = scenario.runs();
        List<SweepReport.Member> results = new ArrayList<>();
        boolean allPassed = true;
        boolean shared = sharesSessions(scenario);
        Session session = null;
        try {
            for (Scenario run : runs) {
                for (int attempt = 1; attempt <= scenario.repeat() && !stop.get(); attempt++) {
                    Path runDir = runDirectory(dir, runs.size(), scenario.repeat(), run, attempt);
                    console.println("== " + run.name() + (scenario.repeat() > 1 ? " (" + attempt + "/"
                            + scenario.repeat() + ")" : "") + " on " + run.env().name());
                    if (session != null && !(shared && runner.hosts(session, run))) {
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
                    ScenarioRunner.Outcome outcome;
                    try {
                        outcome = runner.run(session, run, stop);
                    } catch (ScenarioRunner.CheckFailed failed) {
                        // the history is what reproduces it: kept before the error leaves
                        Files.createDirectories(runDir);
                        ResultFiles.copyScenario(scenarioFile, runDir);
                        HistoryFile.write(runDir.resolve(HistoryFile.NAME), failed.history());
                        console.println("  the checker failed on this run's history (kept: " + runDir.resolve(HistoryFile.NAME)
                                + "; `./chaos check " + runDir + "` reproduces it)");
                        throw failed;
                    }
                    RunResult result = write(run, outcome, scenarioFile, runDir);
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
        return new Outcome(List.copyOf(results), allPassed && !stop.get());
    }

    /**
     * The session open now and not closed yet, for the Ctrl-C hook: when the run has not torn down
     * within its budget (still checking a large history), the hook stops its apps and env itself.
     */
    public Optional<Session> openSession() {
        return Optional.ofNullable(open.get()).filter(session -> !session.closed());
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

    /**
     * Where a run's results go: the experiment's directory itself for a single run, else a
     * directory of its own in it named after the run (a sweep's point: name-env-orders-rate), with
     * the attempt when the scenario repeats ({@code -1}, {@code -2}, ...).
     *
     * @param runs   how many runs the scenario has (points of its sweep, or 1)
     * @param repeat how often each is run
     */
    static Path runDirectory(Path dir, int runs, int repeat, Scenario run, int attempt) {
        return runs == 1 && repeat == 1 ? dir : dir.resolve(run.name() + (repeat > 1 ? "-" + attempt : ""));
    }

    /** The run's result files, the scenario's copy and its history; the result as written. */
    private static RunResult write(Scenario run, ScenarioRunner.Outcome outcome, Path scenarioFile, Path runDir)
            throws IOException {
        // the history and the scenario first: whatever fails later, `./chaos check` has what it needs
        Files.createDirectories(runDir);
        ResultFiles.copyScenario(scenarioFile, runDir);
        HistoryFile.write(runDir.resolve(HistoryFile.NAME), outcome.history());
        RunResult result = withPaper(run, outcome.result());
        ResultFiles.write(runDir, new ResultFiles.Run(result, outcome.rows()));
        return result;
    }

    /** The paper's figures for the run's config and message count beside ours, when the scenario compares them. */
    static RunResult withPaper(Scenario scenario, RunResult result) {
        if (!scenario.comparePaper()) {
            return result;
        }
        return PaperTable.load().figures(scenario.env().name().toUpperCase(), scenario.workload().orders())
                .map(result::withPaper)
                .orElse(result);
    }
}
