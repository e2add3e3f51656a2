package io.supplychaos.verify;

import io.supplychaos.kind.embedded.EmbeddedKind;
import io.supplychaos.kind.Host;
import io.supplychaos.chaos.Faults;
import io.supplychaos.check.FaultIntervals;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.utils.AppInfoParser;

import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.result.Verdict;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.BrokerClasspath;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.env.EnvBusyException;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.env.ExtraJavaOptions;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.spec.Durations;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.verify.driver.SmokeDriver;

/**
 * Runs one of Kafka's Streams verification suites on an embedded env while the tool's own fault
 * code plays a schedule, in phases:
 *
 * <ol>
 * <li>env: reuse the running env when it is the one asked for, or bring it up;</li>
 * <li>topics: delete what an earlier verify left, create the suite's topics ({@link SuiteTopics});</li>
 * <li>apps: start N instances of Kafka's test app, recorded as app instances (kill-app, restart-app,
 *     status and down act on them), and wait until each is RUNNING;</li>
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
 * and verifier, the test apps, then the env if this run started it. The caller writes the result.
 */
public final class VerifyRunner {

    /** The result and the logs it was read from (driver, verifier, each app instance), for the result directory. */
    public record Outcome(VerifyResult result, Map<String, Path> logs) {
    }

    private static final String DRIVER = "driver";
    private static final String VERIFIER = "verifier";
    /** Lines of the verifier's output kept in the result when it printed no "Result Verification" section. */
    private static final int OUTPUT_TAIL = 60;
    private static final int OUTPUT_MAX_CHARS = 20_000;

    private final ChaosPaths paths;
    private final int basePort;
    private final PrintWriter out;

    public VerifyRunner(ChaosPaths paths, int basePort, PrintWriter out) {
        this.paths = paths;
        this.basePort = basePort;
        this.out = out;
    }

    /** What the run started, for the teardown; each field is set by the phase that starts it. */
    private static final class Started {
        EmbeddedEnvironment environment;
        boolean env;
        EnvState state;
        AppInstances apps;
        SuiteProcesses processes;
        FaultTimeline timeline;
        ThroughputSampler sampler;
        Long driverStartedAt;
        Long inputEndedAt;
        Long verificationEndedAt;
        InputAudit.Result input;
        /** The driver's, verifier's and apps' logs are this run's (older ones were removed). */
        boolean logsOurs;
    }

    public Outcome run(VerifyPlan plan, AtomicBoolean stop) {
        Suite suite = plan.suite();
        HistoryLog history = new HistoryLog();
        List<String> errors = new ArrayList<>();
        Started started = new Started();
        started.environment = new EmbeddedEnvironment(paths);
        started.apps = new AppInstances(paths);
        started.processes = new SuiteProcesses(paths);
        long startedAt = System.currentTimeMillis();
        Path logs = paths.logDir();
        Path driverLog = logs.resolve("verify-driver.log");
        Path verifierLog = logs.resolve("verify-verifier.log");
        List<Path> appLogs = new ArrayList<>();
        for (int i = 1; i <= plan.instances(); i++) {
            appLogs.add(logs.resolve("verify-app-" + i + ".log"));
        }
        RuntimeException badInput = null;
        try {
            checkReusable(plan, started.environment);
            EnvState env = startEnv(plan, started);
            stopLeftovers(started);
            deleteLogs(driverLog, verifierLog, appLogs);
            started.logsOurs = true;
            SuiteTopics.prepare(paths, env.bootstrapServers(), suite, plan.env(), line -> out.println(line));
            Path work = workDir();
            Path props = writeProperties(work, plan, env);
            String classpath = BrokerClasspath.verifySuites(paths);
            startApps(plan, classpath, env, work, appLogs, started, stop);
            if (!stop.get()) {
                runInput(plan, env, classpath, props, work, driverLog, history, started, stop);
            }
            if (!stop.get()) {
                heal(started, errors);
            }
            if (!stop.get()) {
                verification(plan, env, classpath, props, work, driverLog, verifierLog, started, stop, errors);
            }
        } catch (IllegalArgumentException | EnvBusyException e) {
            // bad input found once the env answered (topics someone else created), or a busy port or env:
            // exit 2, after the teardown
            badInput = e;
        } catch (RuntimeException e) {
            errors.add(e.getMessage() == null ? e.toString() : e.getMessage());
            out.println("\nverify failed: " + e.getMessage());
        } finally {
            tearDown(started, stop.get());
        }
        if (badInput != null) {
            throw badInput;
        }
        return check(plan, started, history, errors, stop.get(), startedAt, driverLog, verifierLog, appLogs);
    }

    // ---- env, apps -----------------------------------------------------------------------------

    /** A running env is used when it is the one asked for (same name, same settings), never replaced. */
    private static void checkReusable(VerifyPlan plan, EmbeddedEnvironment environment) {
        environment.running().ifPresent(up -> {
            if (!up.envName().equals(plan.env().name())) {
                throw new IllegalArgumentException("--env " + plan.env().name() + ": env " + up.envName()
                        + " is up here; `./chaos down` first, or run on it with --env " + up.envName());
            }
            if (!up.spec().equals(plan.env())) {
                throw new IllegalArgumentException("--env " + plan.env().name() + ": the env " + up.envName()
                        + " that is up was started with other settings; `./chaos down` first");
            }
        });
    }

    private EnvState startEnv(VerifyPlan plan, Started started) {
        EmbeddedEnvironment.UpResult up = started.environment.upOrReuse(plan.env(), plan.envSource(), basePort, out::println);
        started.state = up.state();
        started.env = !up.reused();
        return started.state;
    }

    /** Test apps, drivers and verifiers a crashed CLI left would write into the suite's fresh topics. */
    private void stopLeftovers(Started started) {
        started.processes.stopAll(Timeouts.APP_STOP_GRACE).forEach(left -> out.println("stopped the " + left.role()
                + " (pid " + left.pid() + ") an earlier verify left behind"));
        started.apps.stopLeftovers().forEach(left -> out.println("stopped app instance " + left.index()
                + " (pid " + left.pid() + ") an earlier run left behind"));
    }

    private static void deleteLogs(Path driverLog, Path verifierLog, List<Path> appLogs) {
        try {
            Files.deleteIfExists(driverLog);
            Files.deleteIfExists(verifierLog);
            for (Path log : appLogs) {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove an old verify log", e);
        }
    }

    /** The suite's working directory in the env's data: properties files and each JVM's temp (state) directory. */
    private Path workDir() {
        Path verify = StateDir.createOwned(StateDir.createOwned(paths.dataDir()).resolve("verify"));
        return StateDir.createOwned(verify.resolve("run"));
    }

    /**
     * The properties file Kafka's mains read (bootstrap servers, processing guarantee); the smoke
     * app's internal topics get the env's replication factor, as the suite's own topics do (the EOS
     * app sets its own: 3).
     */
    private static Path writeProperties(Path work, VerifyPlan plan, EnvState env) {
        return store(baseProperties(plan, env), work.resolve("streams.properties"), plan);
    }

    /**
     * A test app instance's properties file: the suite's, plus a state directory of its own in its
     * working directory, as Kafka's system tests give each StreamsTest node its persistent root.
     * Without one the smoke app keeps its stores in a temporary directory that a shutdown hook of
     * Kafka's test utilities deletes while Streams is still closing them on SIGTERM: RocksDB then
     * retries its flush every second until the stop's grace runs out and the instance is killed,
     * never printing that it closed.
     */
    private static Path writeAppProperties(Path appWork, VerifyPlan plan, EnvState env) {
        Path state = appWork.resolve("state");
        if (Files.isDirectory(state)) {
            // an earlier verify's stores on a reused env: this run's topics are new
            StateDir.wipeData(appWork);
            StateDir.createOwned(appWork);
        }
        Properties props = baseProperties(plan, env);
        props.setProperty("state.dir", StateDir.createOwned(state).toString());
        return store(props, appWork.resolve("streams.properties"), plan);
    }

    private static Properties baseProperties(VerifyPlan plan, EnvState env) {
        Properties props = new Properties();
        props.setProperty("bootstrap.servers", env.bootstrapServers());
        props.setProperty("processing.guarantee", plan.guarantee());
        if (plan.suite() == Suite.SMOKE) {
            props.setProperty("replication.factor", Integer.toString(plan.env().replicationFactor()));
        }
        return props;
    }

    private static Path store(Properties props, Path file, VerifyPlan plan) {
        try (var writer = Files.newBufferedWriter(file)) {
            props.store(writer, "written by ./chaos verify " + plan.suite().cliName());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private void startApps(VerifyPlan plan, String classpath, EnvState env, Path work, List<Path> appLogs,
                           Started started, AtomicBoolean stop) {
        Suite suite = plan.suite();
        List<AppInstances.AppInstance> instances = new ArrayList<>();
        for (int index = 1; index <= plan.instances() && !stop.get(); index++) {
            Path tmp = StateDir.createOwned(work.resolve("app-" + index));
            List<String> command = jvm("app-" + index, tmp, classpath);
            command.addAll(List.of(suite.mainClass(), writeAppProperties(tmp, plan, env).toString(),
                    suite.processCommand()));
            instances.add(started.apps.start(index, command, appLogs.get(index - 1), suite.readyLine()));
        }
        for (AppInstances.AppInstance instance : instances) {
            boolean ready = Poll.until(Timeouts.APP_READY, Duration.ofMillis(250), () -> {
                if (!started.apps.alive(instance)) {
                    throw new IllegalStateException("test app instance " + instance.index() + " exited; its log says:\n"
                            + ProcessControl.tail(Path.of(instance.log()), 20));
                }
                return stop.get() || instance.ready();
            });
            if (stop.get()) {
                return;
            }
            if (!ready) {
                throw new IllegalStateException("test app instance " + instance.index() + " did not print '"
                        + suite.readyLine() + "' within " + Timeouts.describe(Timeouts.APP_READY) + " (see " + instance.log() + ")");
            }
        }
        out.println(instances.size() + " instance(s) of Kafka's " + simpleName(suite.mainClass()) + " app RUNNING ("
                + plan.guarantee() + ")");
    }

    /** A suite JVM: its own temp directory (Streams state, Kafka's TestUtils temp dirs), the suites' logging. */
    private List<String> jvm(String role, Path tmp, String classpath) {
        List<String> command = new ArrayList<>(List.of(ProcessControl.javaBinary(), "-Xms64m", "-Xmx512m",
                "-XX:+ExitOnOutOfMemoryError", "-Dsupplychaos.verify=" + role,
                "-Djava.io.tmpdir=" + tmp,
                "-Dlog4j2.configurationFile=" + paths.envDir().resolve("verify").resolve("log4j2.properties")));
        command.addAll(ExtraJavaOptions.from(ExtraJavaOptions.APP));
        command.addAll(List.of("-cp", classpath));
        return command;
    }

    // ---- input + faults ------------------------------------------------------------------------

    private void runInput(VerifyPlan plan, EnvState env, String classpath, Path props, Path work, Path driverLog,
                          HistoryLog history, Started started, AtomicBoolean stop) {
        Suite suite = plan.suite();
        Path tmp = StateDir.createOwned(work.resolve(DRIVER));
        List<String> command;
        if (suite.driverVerifies()) {
            command = jvm(DRIVER, tmp, classpath + java.io.File.pathSeparator + ownClasses());
            command.addAll(List.of(SmokeDriver.class.getName(), env.bootstrapServers(), plan.guarantee(),
                    Long.toString(plan.duration().toSeconds())));
        } else {
            command = jvm(DRIVER, tmp, classpath);
            command.addAll(List.of(suite.mainClass(), props.toString(), "run"));
        }
        started.sampler = new ThroughputSampler(env.bootstrapServers(), suite);
        started.timeline = new FaultTimeline(plan.faults(), Faults.on(EmbeddedKind.faults(Host.of(paths), env), paths.stateDir()), new FaultEventLog(paths.stateDir()),
                history, line -> out.println(line));
        started.timeline.followJournal();
        SuiteProcesses.SuiteProcess driver = started.processes.start(DRIVER, command, driverLog);
        started.driverStartedAt = System.currentTimeMillis();
        started.sampler.start();
        started.timeline.startSchedule();
        out.println("driver: Kafka's " + (suite.driverVerifies() ? "SmokeTestDriver" : "EosTestDriver") + " writing for "
                + Durations.format(plan.duration()) + (plan.faults().isEmpty() ? "" : "; " + plan.faults().size()
                + " fault(s) scheduled") + " (log " + driverLog + ")");
        if (suite == Suite.SMOKE && utcDay(started.driverStartedAt) != utcDay(started.driverStartedAt
                + plan.duration().multipliedBy(3).dividedBy(2).toMillis())) {
            out.println("note: the input will likely cross midnight UTC; Kafka's smoke app keeps 1-day windows aligned to "
                    + "UTC days, so its min checks would fail by construction (the result will say so)");
        }
        if (suite.driverVerifies()) {
            Duration deadline = plan.duration().multipliedBy(2).plus(Timeouts.VERIFY_GENERATION_MARGIN);
            boolean done = Poll.until(deadline, Duration.ofMillis(500), () -> stop.get()
                    || !started.processes.alive(driver)
                    || ProcessControl.readFrom(driverLog, 0).contains(SmokeDriver.GENERATED));
            if (!done) {
                throw new IllegalStateException("the smoke driver did not finish writing its input within "
                        + Timeouts.describe(deadline) + " (see " + driverLog + ")");
            }
        } else {
            long end = System.nanoTime() + plan.duration().toNanos();
            Poll.until(plan.duration().plusSeconds(1), Duration.ofMillis(250),
                    () -> stop.get() || System.nanoTime() >= end || !started.processes.alive(driver));
            if (!started.processes.alive(driver)) {
                throw new IllegalStateException("Kafka's EOS driver exited before it was stopped; its log says:\n"
                        + ProcessControl.tail(driverLog, 20));
            }
            if (!stop.get()) {
                out.println("driver: stopping (SIGTERM), as Kafka's system test does");
                started.processes.stop(driver, Timeouts.VERIFY_DRIVER_STOP);
            }
        }
        started.inputEndedAt = System.currentTimeMillis();
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

    private void verification(VerifyPlan plan, EnvState env, String classpath, Path props, Path work, Path driverLog,
                              Path verifierLog, Started started, AtomicBoolean stop, List<String> errors) {
        Suite suite = plan.suite();
        if (suite.driverVerifies()) {
            out.println("verification: Kafka's SmokeTestDriver.verify reads every output topic (up to 6 min)");
            SuiteProcesses.SuiteProcess driver = started.processes.process(DRIVER).orElseThrow();
            if (!awaitExit(driver, started.processes, Timeouts.VERIFY_SMOKE_CHECK, stop)) {
                errors.add("Kafka's smoke verification did not end within " + Timeouts.describe(Timeouts.VERIFY_SMOKE_CHECK));
            }
            started.verificationEndedAt = System.currentTimeMillis();
            started.sampler.close();
            stopApps(started);
            if (!stop.get()) {
                started.input = auditInput(env.bootstrapServers(), suite);
            }
            return;
        }
        stopApps(started);
        // nothing writes any more: the throughput chart ends here, not after the verifier's reading
        started.sampler.close();
        if (stop.get()) {
            return;
        }
        removeDeadMembers(env.bootstrapServers(), suite.applicationId());
        Path tmp = StateDir.createOwned(work.resolve(VERIFIER));
        List<String> command = jvm(VERIFIER, tmp, classpath);
        command.addAll(List.of(suite.mainClass(), props.toString(), suite.verifyCommand()));
        out.println("verification: Kafka's EosTestDriver." + suite.verifyCommand().replace("-c", "C")
                + " (read_committed; log " + verifierLog + ")");
        SuiteProcesses.SuiteProcess verifier = started.processes.start(VERIFIER, command, verifierLog);
        if (!awaitExit(verifier, started.processes, Timeouts.VERIFY_EOS_CHECK, stop)) {
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
    private void stopApps(Started started) {
        out.println("stopping the test app instances (SIGTERM)");
        started.apps.stopAll(Timeouts.VERIFY_APP_STOP);
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

    private Outcome check(VerifyPlan plan, Started started, HistoryLog history, List<String> errors, boolean interrupted,
                          long startedAt, Path driverLog, Path verifierLog, List<Path> appLogs) {
        Suite suite = plan.suite();
        // logs an earlier verify left (this one failed before it began) say nothing about this run
        String driverOutput = started.logsOurs ? ProcessControl.readFrom(driverLog, 0) : "";
        String verification;
        String driverSide;
        if (suite.driverVerifies()) {
            int generated = driverOutput.indexOf(SmokeDriver.GENERATED);
            verification = generated < 0 ? "" : driverOutput.substring(generated);
            driverSide = generated < 0 ? driverOutput : driverOutput.substring(0, generated);
        } else {
            verification = started.logsOurs ? ProcessControl.readFrom(verifierLog, 0) : "";
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
        var faults = FaultIntervals.pair(faultEvents);
        List<String> failedFaults = faults.stream().filter(f -> f.error() != null)
                .map(f -> f.action() + " " + f.target() + " " + f.failure()).toList();
        Verdict verdict;
        String why;
        if (interrupted) {
            verdict = Verdict.INTERRUPTED;
            why = "interrupted (Ctrl-C)";
        } else if (!errors.isEmpty()) {
            verdict = Verdict.ERROR;
            why = errors.get(0);
        } else if (!failedFaults.isEmpty()) {
            verdict = Verdict.FAIL;
            why = "the fault schedule did not play as written: " + firstLine(failedFaults.get(0));
        } else if (kafka.passed()) {
            verdict = Verdict.PASS;
            why = "Kafka's verifier passed" + (faults.isEmpty() ? " (no fault)" : " under " + faults.size() + " fault(s)");
        } else {
            verdict = Verdict.FAIL;
            why = kafka.verdict() == KafkaOutcome.Verdict.NONE ? "Kafka's verifier printed no verdict"
                    : "Kafka's verifier failed: " + reading.text();
        }
        List<ThroughputSampler.Sample> samples = started.sampler == null ? List.of() : started.sampler.samples();
        long origin = started.driverStartedAt == null ? startedAt : started.driverStartedAt;
        List<VerifyResult.Throughput> throughput = throughput(samples, origin);
        double inputRate = rate(samples, origin, started.inputEndedAt, true);
        double outputRate = rate(samples, origin, started.inputEndedAt, false);
        List<VerifyResult.AppLife> apps = new ArrayList<>();
        for (int i = 0; i < appLogs.size() && started.logsOurs; i++) {
            apps.add(appLife(i + 1, suite, appLogs.get(i)));
        }
        EnvState env = started.state;
        VerifyResult.Env envResult = new VerifyResult.Env(plan.env().name(), plan.env().brokers(),
                plan.env().replicationFactor(), plan.env().minInsyncReplicas(), Suite.PARTITIONS,
                env == null ? null : env.bootstrapServers());
        VerifyResult result = new VerifyResult(suite.cliName(), AppInfoParser.getVersion(), envResult, plan.guarantee(),
                plan.instances(), plan.duration().toSeconds(),
                plan.faultsFile() == null ? null : plan.faultsFile().toString(), verdict, why, kafka, reading,
                reading.text(), started.input, faults, throughput, inputRate, outputRate, apps,
                new VerifyResult.Timings(startedAt, started.driverStartedAt, started.inputEndedAt,
                        started.verificationEndedAt, System.currentTimeMillis()),
                errors, excerpt(verification));
        Map<String, Path> logs = new java.util.LinkedHashMap<>();
        if (!started.logsOurs) {
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

    // ---- teardown ------------------------------------------------------------------------------

    private void tearDown(Started started, boolean interrupted) {
        if (started.timeline != null) {
            FaultTimeline timeline = started.timeline;
            started.timeline = null;
            quietly("ending the fault timeline", () -> timeline.close(Timeouts.FAULTS_IN_FLIGHT));
        }
        if (started.sampler != null) {
            quietly("stopping the throughput sampler", started.sampler::close);
        }
        Duration grace = interrupted ? Timeouts.APP_STOP_GRACE_INTERRUPTED : Timeouts.APP_STOP_GRACE;
        quietly("stopping the driver and verifier", () -> started.processes.stopAll(grace));
        quietly("stopping the test app instances", () -> started.apps.stopAll(grace));
        if (started.env) {
            started.env = false;
            out.println("stopping env " + started.state.envName());
            quietly("stopping the env", () -> started.environment.down(false));
        }
    }

    private void quietly(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            out.println("teardown: " + what + " failed: " + e.getMessage() + " (`./chaos down` stops what is left)");
        }
    }

    static long utcDay(long epochMillis) {
        return Math.floorDiv(epochMillis, Duration.ofDays(1).toMillis());
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end) + " ...";
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
