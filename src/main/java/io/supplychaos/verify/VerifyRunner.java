package io.supplychaos.verify;

import java.io.File;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.utils.AppInfoParser;

import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.check.FaultIntervals;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvBusyException;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.session.RunScope;
import io.supplychaos.session.Session;
import io.supplychaos.session.SessionPlan.Reuse;
import io.supplychaos.session.SessionPlan;
import io.supplychaos.session.Sessions;
import io.supplychaos.session.Teardown.Step;
import io.supplychaos.spec.Durations;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.verify.driver.SmokeDriver;

/**
 * Runs one of Kafka's Streams verification suites on an embedded env while the tool's own fault
 * code plays a schedule, in phases:
 *
 * <ol>
 * <li>env: the verify's {@link Session}: the running env is used when it is the one asked for, or
 *     brought up;</li>
 * <li>topics: delete what an earlier verify left, create the suite's topics ({@link SuiteTopics});</li>
 * <li>apps: start N instances of Kafka's test app ({@link TestApps}, the session's apps), recorded as
 *     app instances (kill-app, restart-app, status and down act on them), and wait until each is
 *     RUNNING;</li>
 * <li>input + faults: start Kafka's driver and the {@link FaultTimeline} (the schedule counts from
 *     the driver's start); smoke: until the driver says its input is complete; EOS: for the
 *     duration, then the driver is stopped (SIGTERM, as Kafka's system test stops it);</li>
 * <li>heal: every fault still in place is healed;</li>
 * <li>verification: smoke: the driver reads every output back, then the test apps are stopped;
 *     EOS: the test apps are stopped, then Kafka's verifier runs in its own JVM;</li>
 * <li>check: Kafka's marker lines are read ({@link KafkaOutcome}), classified ({@link Reading})
 *     and judged.</li>
 * </ol>
 *
 * Teardown (also on Ctrl-C, also when a phase failed): the fault timeline, the sampler, the driver
 * and verifier ({@link RunScope}), then the test apps and the env if this run started it
 * ({@link Session#close}). The caller writes the result.
 */
public final class VerifyRunner {

    /** The result and the logs it was read from (driver, verifier, each app instance), for the result directory. */
    public record Outcome(VerifyResult result, Map<String, Path> logs) {
    }

    private static final String DRIVER = "driver";
    private static final String VERIFIER = "verifier";
    /** How far past midnight UTC a smoke driver that waited for the day to turn starts. */
    static final Duration DAY_TURN_MARGIN = Duration.ofSeconds(2);
    /** Lines of the verifier's output kept in the result when it printed no "Result Verification" section. */
    private static final int OUTPUT_TAIL = 60;
    private static final int OUTPUT_MAX_CHARS = 20_000;

    private final ChaosPaths paths;
    private final Sessions sessions;
    private final PrintWriter out;

    public VerifyRunner(ChaosPaths paths, int basePort, PrintWriter out) {
        this(paths, Sessions.of(paths, basePort, false, out::println), out);
    }

    /** @param sessions where the verify's session opens (its env must be embedded: {@link VerifyPlan}) */
    public VerifyRunner(ChaosPaths paths, Sessions sessions, PrintWriter out) {
        this.paths = paths;
        this.sessions = sessions;
        this.out = out;
    }

    /** What the run started and saw, for the later phases and the check; each field is set by the phase that starts it. */
    private static final class Started {
        FaultTimeline timeline;
        ThroughputSampler sampler;
        Long driverStartedAt;
        Long inputEndedAt;
        Long verificationEndedAt;
        InputAudit.Result input;
    }

    /**
     * The session a verify needs: its env, used when it is up already (Kafka's suites get their
     * topics afresh), else started and stopped at the end, and the suite's test apps. A refusal
     * names {@code --env}.
     */
    static SessionPlan plan(VerifyPlan plan, TestApps apps) {
        return new SessionPlan(plan.env(), plan.envSource(), Reuse.IF_RUNNING, apps,
                reason -> new IllegalArgumentException("--env " + plan.env().name() + ": " + reason));
    }

    public Outcome run(VerifyPlan plan, AtomicBoolean stop) {
        HistoryLog history = new HistoryLog();
        List<String> errors = new ArrayList<>();
        Started started = new Started();
        long startedAt = System.currentTimeMillis();
        TestApps apps = new TestApps(paths, plan, TestApps.Logs.in(paths.logDir(), plan.instances()));
        RuntimeException badInput = null;
        Session session = null;
        try {
            session = sessions.open(plan(plan, apps), stop);
            try (RunScope run = session.beginRun()) {
                run.stopAtEnd(Step.CONSUMERS, "stopping the driver and verifier",
                        () -> apps.processes().stopAll(run.grace()));
                if (!stop.get()) {
                    runInput(plan, run, apps, history, started, stop);
                }
                if (!stop.get()) {
                    heal(started, errors);
                }
                if (!stop.get()) {
                    verification(plan, apps, started, stop, errors);
                }
            }
        } catch (IllegalArgumentException | EnvBusyException e) {
            // bad input found once the env answered (topics someone else created), or a busy port or env:
            // exit 2, after the teardown
            badInput = e;
        } catch (RuntimeException e) {
            errors.add(e.getMessage() == null ? e.toString() : e.getMessage());
            out.println("\nverify failed: " + e.getMessage());
        } finally {
            if (session != null) {
                session.close();
            }
        }
        if (badInput != null) {
            throw badInput;
        }
        return check(plan, apps, started, history, errors, stop.get(), startedAt);
    }

    // ---- input + faults ------------------------------------------------------------------------

    private void runInput(VerifyPlan plan, RunScope run, TestApps apps, HistoryLog history, Started started,
                          AtomicBoolean stop) {
        Suite suite = plan.suite();
        Path driverLog = apps.logs().driver();
        SuiteProcesses processes = apps.processes();
        Path tmp = StateDir.createOwned(apps.work().resolve(DRIVER));
        List<String> command;
        if (suite.driverVerifies()) {
            command = apps.jvm(DRIVER, tmp, apps.classpath() + File.pathSeparator + ownClasses());
            command.addAll(List.of(SmokeDriver.class.getName(), apps.bootstrapServers(), plan.guarantee(),
                    Long.toString(plan.duration().toSeconds())));
        } else {
            command = apps.jvm(DRIVER, tmp, apps.classpath());
            command.addAll(List.of(suite.mainClass(), apps.properties().toString(), "run"));
        }
        if (suite == Suite.SMOKE && !awaitDayThatHoldsTheInput(plan.duration(), stop)) {
            return;
        }
        started.sampler = new ThroughputSampler(apps.bootstrapServers(), suite);
        run.stopAtEnd(Step.SAMPLERS, "stopping the throughput sampler", started.sampler::close);
        started.timeline = run.faults(plan.faults(), history, out::println);
        SuiteProcesses.SuiteProcess driver = processes.start(DRIVER, command, driverLog);
        started.driverStartedAt = System.currentTimeMillis();
        started.sampler.start();
        started.timeline.startSchedule();
        out.println("driver: Kafka's " + (suite.driverVerifies() ? "SmokeTestDriver" : "EosTestDriver") + " writing for "
                + Durations.format(plan.duration()) + (plan.faults().isEmpty() ? "" : "; " + plan.faults().size()
                + " fault(s) scheduled") + " (log " + driverLog + ")");
        if (suite.driverVerifies()) {
            Duration deadline = plan.duration().multipliedBy(2).plus(Timeouts.VERIFY_GENERATION_MARGIN);
            boolean done = Poll.until(deadline, Duration.ofMillis(500), () -> stop.get()
                    || !processes.alive(driver)
                    || ProcessControl.readFrom(driverLog, 0).contains(SmokeDriver.GENERATED));
            if (!done) {
                throw new IllegalStateException("the smoke driver did not finish writing its input within "
                        + Timeouts.describe(deadline) + " (see " + driverLog + ")");
            }
        } else {
            long end = System.nanoTime() + plan.duration().toNanos();
            Poll.until(plan.duration().plusSeconds(1), Duration.ofMillis(250),
                    () -> stop.get() || System.nanoTime() >= end || !processes.alive(driver));
            if (!processes.alive(driver)) {
                throw new IllegalStateException("Kafka's EOS driver exited before it was stopped; its log says:\n"
                        + ProcessControl.tail(driverLog, 20));
            }
            if (!stop.get()) {
                out.println("driver: stopping (SIGTERM), as Kafka's system test does");
                processes.stop(driver, Timeouts.VERIFY_DRIVER_STOP);
            }
        }
        started.inputEndedAt = System.currentTimeMillis();
    }

    /**
     * Smoke: Kafka's smoke app keeps 1-day windows aligned to UTC days, so an input written across
     * midnight UTC fails its min, dif and count checks whatever the faults did. When the input is
     * likely to cross midnight, the driver starts once the day has turned; the wait is printed with
     * its reason, and Ctrl-C ends it.
     *
     * @return false when stopped while waiting
     */
    private boolean awaitDayThatHoldsTheInput(Duration duration, AtomicBoolean stop) {
        long now = System.currentTimeMillis();
        Duration wait = waitForTheDayToTurn(now, duration);
        if (wait.isZero()) {
            return true;
        }
        out.println("waiting " + Durations.format(wait) + ", until " + Instant.ofEpochMilli(now + wait.toMillis())
                .truncatedTo(ChronoUnit.SECONDS) + ", to start the driver: its input (about "
                + Durations.format(inputSpan(duration)) + ") would cross midnight UTC, and Kafka's smoke app keeps 1-day "
                + "windows aligned to UTC days, so its min, dif and count checks would fail by construction");
        Poll.until(wait, Duration.ofMillis(250), stop::get);
        return !stop.get();
    }

    /** How long the smoke input takes to write, with room for a busy machine: half the duration again. */
    static Duration inputSpan(Duration duration) {
        return duration.multipliedBy(3).dividedBy(2);
    }

    /**
     * How long to wait from {@code nowMillis} so that an input written for {@link #inputSpan} stays
     * inside one UTC day: zero when it does already, else until {@link #DAY_TURN_MARGIN} past midnight.
     */
    static Duration waitForTheDayToTurn(long nowMillis, Duration duration) {
        long span = inputSpan(duration).toMillis();
        if (utcDay(nowMillis) == utcDay(nowMillis + span)) {
            return Duration.ZERO;
        }
        long midnight = (utcDay(nowMillis) + 1) * Duration.ofDays(1).toMillis();
        return Duration.ofMillis(midnight - nowMillis).plus(DAY_TURN_MARGIN);
    }

    /** Where this tool's classes are (target/classes): the smoke driver's launcher class runs from there. */
    private static String ownClasses() {
        try {
            return Path.of(SmokeDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the tool's classes", e);
        }
    }

    private void heal(Started started, List<String> errors) {
        try {
            if (!started.timeline.recover(Timeouts.VERIFY_HEAL)) {
                out.println("heal: not finished after " + Timeouts.describe(Timeouts.VERIFY_HEAL));
            }
        } catch (RuntimeException e) {
            errors.add("heal: " + e.getMessage());
        }
    }

    // ---- verification --------------------------------------------------------------------------

    private void verification(VerifyPlan plan, TestApps apps, Started started, AtomicBoolean stop, List<String> errors) {
        Suite suite = plan.suite();
        SuiteProcesses processes = apps.processes();
        Path verifierLog = apps.logs().verifier();
        if (suite.driverVerifies()) {
            out.println("verification: Kafka's SmokeTestDriver.verify reads every output topic (up to 6 min)");
            SuiteProcesses.SuiteProcess driver = processes.process(DRIVER).orElseThrow();
            if (!awaitExit(driver, processes, Timeouts.VERIFY_SMOKE_CHECK, stop)) {
                errors.add("Kafka's smoke verification did not end within " + Timeouts.describe(Timeouts.VERIFY_SMOKE_CHECK));
            }
            started.verificationEndedAt = System.currentTimeMillis();
            started.sampler.close();
            stopApps(apps);
            if (!stop.get()) {
                started.input = auditInput(apps.bootstrapServers(), suite);
            }
            return;
        }
        stopApps(apps);
        // nothing writes any more: the throughput chart ends here, not after the verifier's reading
        started.sampler.close();
        if (stop.get()) {
            return;
        }
        removeDeadMembers(apps.bootstrapServers(), suite.applicationId());
        Path tmp = StateDir.createOwned(apps.work().resolve(VERIFIER));
        List<String> command = apps.jvm(VERIFIER, tmp, apps.classpath());
        command.addAll(List.of(suite.mainClass(), apps.properties().toString(), suite.verifyCommand()));
        out.println("verification: Kafka's EosTestDriver." + suite.verifyCommand().replace("-c", "C")
                + " (read_committed; log " + verifierLog + ")");
        SuiteProcesses.SuiteProcess verifier = processes.start(VERIFIER, command, verifierLog);
        if (!awaitExit(verifier, processes, Timeouts.VERIFY_EOS_CHECK, stop)) {
            errors.add("Kafka's EOS verifier did not end within " + Timeouts.describe(Timeouts.VERIFY_EOS_CHECK));
        }
        started.verificationEndedAt = System.currentTimeMillis();
    }

    /** The smoke input read back, to tell a record duplicated before the app from one the app duplicated. */
    private InputAudit.Result auditInput(String bootstrap, Suite suite) {
        try {
            InputAudit.Result input = InputAudit.read(bootstrap, suite.inputTopic(), Timeouts.RUN_READ_BACK);
            if (input.extraCopies() > 0) {
                out.println("input: " + input.extraCopies() + " record(s) of " + suite.inputTopic()
                        + " written twice by the driver, e.g. " + input.duplicates().get(0));
            }
            return input;
        } catch (RuntimeException e) {
            out.println("input: " + suite.inputTopic() + " could not be read back (" + e.getMessage() + ")");
            return null;
        }
    }

    private static boolean awaitExit(SuiteProcesses.SuiteProcess process, SuiteProcesses processes, Duration timeout,
                                     AtomicBoolean stop) {
        return Poll.until(timeout, Duration.ofMillis(250), () -> stop.get() || !processes.alive(process));
    }

    /** SIGTERM: the test apps close their Streams clients and print that they closed. */
    private void stopApps(TestApps apps) {
        out.println("stopping the test app instances (SIGTERM)");
        apps.instances().stopAll(Timeouts.VERIFY_APP_STOP);
    }

    /**
     * Kafka's EOS verifier waits until the test app's group has no member. Streams does not leave
     * the group when it closes, so the stopped instances would stay members until their session
     * times out (45 s); their JVMs are gone, so they are removed now instead.
     */
    private void removeDeadMembers(String bootstrap, String group) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.ADMIN_QUICK.toMillis()));
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.ADMIN_QUICK.toMillis()));
        try (Admin admin = Admin.create(props)) {
            admin.removeMembersFromConsumerGroup(group, new RemoveMembersFromConsumerGroupOptions()).all()
                    .get(Timeouts.ADMIN_QUICK.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // the verifier then waits for the session timeout itself
            out.println("verification: the stopped instances stay in group " + group + " until their session times out ("
                    + e.getMessage() + ")");
        }
    }

    // ---- check ---------------------------------------------------------------------------------

    private Outcome check(VerifyPlan plan, TestApps apps, Started started, HistoryLog history, List<String> errors,
                          boolean interrupted, long startedAt) {
        Suite suite = plan.suite();
        Path driverLog = apps.logs().driver();
        Path verifierLog = apps.logs().verifier();
        List<Path> appLogs = apps.logs().apps();
        // logs an earlier verify left (this one failed before it began) say nothing about this run
        String driverOutput = apps.logsOurs() ? ProcessControl.readFrom(driverLog, 0) : "";
        String verification;
        String driverSide;
        if (suite.driverVerifies()) {
            int generated = driverOutput.indexOf(SmokeDriver.GENERATED);
            verification = generated < 0 ? "" : driverOutput.substring(generated);
            driverSide = generated < 0 ? driverOutput : driverOutput.substring(0, generated);
        } else {
            verification = apps.logsOurs() ? ProcessControl.readFrom(verifierLog, 0) : "";
            driverSide = driverOutput;
        }
        KafkaOutcome kafka = KafkaOutcome.read(suite, verification, driverSide);
        Long inputExtra = started.input != null && started.input.complete() ? Long.valueOf(started.input.extraCopies())
                : kafka.inputBeyondGenerated(Suite.PARTITIONS);
        boolean acrossMidnight = suite == Suite.SMOKE && started.driverStartedAt != null && started.inputEndedAt != null
                && utcDay(started.driverStartedAt) != utcDay(started.inputEndedAt);
        Reading reading = Reading.of(kafka, plan.guarantee(), inputExtra, acrossMidnight);
        List<HistoryEvent.Fault> faultEvents = history.events().stream().filter(HistoryEvent.Fault.class::isInstance)
                .map(HistoryEvent.Fault.class::cast).toList();
        List<RunResult.FaultEvent> faults = FaultIntervals.pair(faultEvents);
        Judgement judgement = judge(suite, plan.guarantee(), interrupted, errors, faults, kafka, reading);
        Verdict verdict = judgement.verdict();
        String why = judgement.why();
        List<ThroughputSampler.Sample> samples = started.sampler == null ? List.of() : started.sampler.samples();
        long origin = started.driverStartedAt == null ? startedAt : started.driverStartedAt;
        List<VerifyResult.Throughput> throughput = throughput(samples, origin);
        double inputRate = rate(samples, origin, started.inputEndedAt, true);
        double outputRate = rate(samples, origin, started.inputEndedAt, false);
        List<VerifyResult.AppLife> lives = new ArrayList<>();
        for (int i = 0; i < appLogs.size() && apps.logsOurs(); i++) {
            lives.add(appLife(i + 1, suite, appLogs.get(i)));
        }
        VerifyResult.Env envResult = new VerifyResult.Env(plan.env().name(), plan.env().brokers(),
                plan.env().replicationFactor(), plan.env().minInsyncReplicas(), Suite.PARTITIONS, apps.bootstrapServers());
        VerifyResult result = new VerifyResult(suite.cliName(), AppInfoParser.getVersion(), envResult, plan.guarantee(),
                plan.instances(), plan.duration().toSeconds(),
                plan.faultsFile() == null ? null : plan.faultsFile().toString(), verdict, why, kafka, reading,
                reading.text(), started.input, faults, throughput, inputRate, outputRate, lives,
                new VerifyResult.Timings(startedAt, started.driverStartedAt, started.inputEndedAt,
                        started.verificationEndedAt, System.currentTimeMillis()),
                errors, excerpt(verification));
        Map<String, Path> logs = new LinkedHashMap<>();
        if (!apps.logsOurs()) {
            return new Outcome(result, logs);
        }
        logs.put("driver.log", driverLog);
        if (!suite.driverVerifies()) {
            logs.put("verifier.log", verifierLog);
        }
        for (int i = 0; i < appLogs.size(); i++) {
            logs.put("app-" + (i + 1) + ".log", appLogs.get(i));
        }
        return new Outcome(result, logs);
    }

    /** Per second, from the samples: input and output records per second, at the second's end. */
    static List<VerifyResult.Throughput> throughput(List<ThroughputSampler.Sample> samples, long origin) {
        List<VerifyResult.Throughput> rows = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            ThroughputSampler.Sample a = samples.get(i - 1);
            ThroughputSampler.Sample b = samples.get(i);
            double seconds = (b.at() - a.at()) / 1000.0;
            if (seconds <= 0) {
                continue;
            }
            rows.add(new VerifyResult.Throughput((b.at() - origin) / 1000.0, Math.max(0, b.input() - a.input()) / seconds,
                    Math.max(0, b.output() - a.output()) / seconds));
        }
        return rows;
    }

    /** Mean records per second while the driver wrote: from its start to the end of its input. */
    static double rate(List<ThroughputSampler.Sample> samples, long origin, Long inputEnded, boolean input) {
        if (samples.size() < 2) {
            return 0;
        }
        long end = inputEnded == null ? samples.get(samples.size() - 1).at() : inputEnded;
        ThroughputSampler.Sample first = samples.get(0);
        ThroughputSampler.Sample last = first;
        for (ThroughputSampler.Sample s : samples) {
            if (s.at() <= end) {
                last = s;
            }
        }
        double seconds = (last.at() - first.at()) / 1000.0;
        long records = input ? last.input() - first.input() : last.output() - first.output();
        return seconds <= 0 ? 0 : records / seconds;
    }

    private static VerifyResult.AppLife appLife(int index, Suite suite, Path log) {
        String text = ProcessControl.readFrom(log, 0);
        int starts = count(text, "StreamsTest instance started");
        int ready = count(text, suite.readyLine());
        int exceptions = count(text, suite == Suite.SMOKE ? "SMOKE-TEST-CLIENT-EXCEPTION" : "EOS-TEST-CLIENT-EXCEPTION");
        String closedLine = suite == Suite.SMOKE ? "SMOKE-TEST-CLIENT-CLOSED" : "EOS-TEST-CLIENT-CLOSED";
        // closed cleanly at the end: the last life's output ends with the close line
        int lastStart = text.lastIndexOf("StreamsTest instance started");
        boolean closed = lastStart >= 0 && text.indexOf(closedLine, lastStart) >= 0;
        return new VerifyResult.AppLife(index, starts, ready, exceptions, closed, "app-" + index + ".log");
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
            n++;
        }
        return n;
    }

    /** The verifier's "Result Verification" section (smoke) or its last lines, bounded. */
    private static String excerpt(String verification) {
        int section = verification.lastIndexOf("Result Verification");
        String text;
        if (section >= 0) {
            int lineStart = verification.lastIndexOf('\n', Math.max(0, verification.lastIndexOf('\n', section) - 1));
            text = verification.substring(Math.max(0, lineStart + 1));
        } else {
            List<String> lines = verification.lines().toList();
            text = String.join("\n", lines.subList(Math.max(0, lines.size() - OUTPUT_TAIL), lines.size()));
        }
        return text.length() > OUTPUT_MAX_CHARS ? text.substring(0, OUTPUT_MAX_CHARS) + "\n..." : text;
    }

    static long utcDay(long epochMillis) {
        return Math.floorDiv(epochMillis, Duration.ofDays(1).toMillis());
    }

    /** The run's verdict and why, from what happened: a pure function of its parts. */
    record Judgement(Verdict verdict, String why) {
    }

    /**
     * Judges a verify run. Interrupted, then a tool error, then a fault that did not play as
     * written; then Kafka's verdict as its own system tests read it: passed with the suite's
     * success marker and no failure marker; and, as Kafka's streams_smoke_test reads a run whose
     * at_least_once processors it SIGKILLed ({@code crash=True}), a smoke run under at_least_once
     * with a played {@code kill-app} passes on {@code PROCESSED-MORE-THAN-GENERATED} even when
     * the verifier also printed {@code FAILURE}: a processor killed between writing a result and
     * committing its input writes that result again when restarted (a suppressed window emitted
     * twice, an aggregate counted twice), which at-least-once allows. We ask one thing more than
     * Kafka's grep: nothing lost ({@code ALL-RECORDS-DELIVERED}, no missed records).
     */
    static Judgement judge(Suite suite, String guarantee, boolean interrupted, List<String> errors,
                           List<RunResult.FaultEvent> faults, KafkaOutcome kafka, Reading reading) {
        List<String> failedFaults = faults.stream().filter(f -> f.error() != null)
                .map(f -> f.action() + " " + f.target() + " " + f.failure()).toList();
        if (interrupted) {
            return new Judgement(Verdict.INTERRUPTED, "interrupted (Ctrl-C)");
        }
        if (!errors.isEmpty()) {
            return new Judgement(Verdict.ERROR, errors.get(0));
        }
        if (!failedFaults.isEmpty()) {
            return new Judgement(Verdict.FAIL, "the fault schedule did not play as written: " + firstLine(failedFaults.get(0)));
        }
        if (kafka.passed()) {
            return new Judgement(Verdict.PASS, "Kafka's verifier passed"
                    + (faults.isEmpty() ? " (no fault)" : " under " + faults.size() + " fault(s)"));
        }
        if (kafka.verdict() == KafkaOutcome.Verdict.NONE) {
            return new Judgement(Verdict.FAIL, "Kafka's verifier printed no verdict");
        }
        long kills = faults.stream().filter(f -> FaultType.KILL_APP.cliName().equals(f.action())).count();
        boolean duplicatesOnly = reading == Reading.AT_LEAST_ONCE_DUPLICATES || reading == Reading.INPUT_DUPLICATES;
        if (suite == Suite.SMOKE && "at_least_once".equals(guarantee) && kills > 0 && duplicatesOnly
                && kafka.has(KafkaOutcome.MORE_THAN_GENERATED) && kafka.has(KafkaOutcome.ALL_DELIVERED)) {
            String failed = kafka.failures().isEmpty() ? "" : " (it failed on: " + String.join(" ", kafka.failures().subList(0,
                    Math.min(2, kafka.failures().size()))) + ")";
            return new Judgement(Verdict.PASS, "Kafka's streams_smoke_test accepts PROCESSED-MORE-THAN-GENERATED from "
                    + "at_least_once processors it SIGKILLed (" + kills + " " + FaultType.KILL_APP.cliName() + " here), and nothing was lost: "
                    + reading.text() + failed);
        }
        return new Judgement(Verdict.FAIL, "Kafka's verifier failed: " + reading.text());
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end) + " ...";
    }
}
