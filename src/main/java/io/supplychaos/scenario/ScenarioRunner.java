package io.supplychaos.scenario;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import org.apache.kafka.common.TopicPartition;

import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.chaos.Faults;
import io.supplychaos.check.RunAnalysis;
import io.supplychaos.cluster.AppFleet;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.kind.Environments;
import io.supplychaos.metrics.BrokerMetrics;
import io.supplychaos.metrics.ConsumerLag;
import io.supplychaos.metrics.LiveSeries;
import io.supplychaos.metrics.PartitionWatch;
import io.supplychaos.metrics.ProgressLine;
import io.supplychaos.metrics.Sampler;
import io.supplychaos.provenance.RunProvenance;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topics;
import io.supplychaos.workload.OutcomeConsumer;
import io.supplychaos.workload.RunRecorder;
import io.supplychaos.workload.ToolFailures;
import io.supplychaos.workload.WorkloadGenerator.PhaseEnd;
import io.supplychaos.workload.WorkloadGenerator;

/**
 * Runs one scenario as a sequence of phases, each bounded by its deadline ({@link RunDeadlines}):
 *
 * <ol>
 * <li>validate: a running env is reused only when the scenario says so and it is the same env;</li>
 * <li>env: bring it up (or reuse it);</li>
 * <li>apps: start the app instances and wait until each is RUNNING;</li>
 * <li>workload + fault timeline: warm-up phases, then the measured phase while the
 *     {@link FaultTimeline} plays the fault schedule; sending stops when it stalls;</li>
 * <li>drain: wait for acknowledged orders to complete;</li>
 * <li>heal/recover: heal every fault that can be healed and wait for every order-placed partition to
 *     have a leader;</li>
 * <li>read-back: read order-placed from the run's start offsets;</li>
 * <li>check: {@link ResultAssembly} turns what was recorded into the result.</li>
 * </ol>
 *
 * The caller writes the result files. Everything the run sees goes to its {@link HistoryLog},
 * returned in the {@link Outcome} for {@code history.jsonl.gz}. Teardown (also on Ctrl-C, also when
 * a phase failed) stops, in order: the fault timeline (actions in flight awaited, bounded), the
 * samplers, the outcome consumer, the app instances and the env it started.
 */
public final class ScenarioRunner {

    /** The run's result, its per-second rows and its whole history. */
    public record Outcome(RunResult result, List<TimeSeriesRow> rows, List<HistoryEvent> history) {
    }


    private final ChaosPaths paths;
    private final int basePort;
    private final Environments environments;
    private final boolean deleteTopics;
    private final PrintWriter out;
    private final ProgressLine progress;

    /**
     * @param environments  brings up or attaches to the scenario's cluster, whatever its kind
     * @param deleteTopics  on a cluster the tool did not start, delete the supply-chain topics at the end
     */
    public ScenarioRunner(ChaosPaths paths, int basePort, Environments environments, boolean deleteTopics,
                          PrintWriter out) {
        this.paths = paths;
        this.basePort = basePort;
        this.environments = environments;
        this.deleteTopics = deleteTopics;
        this.out = out;
        this.progress = ProgressLine.forConsole(out);
    }

    /** A line of its own on the console, never in the middle of the progress line. */
    private void say(String line) {
        progress.println(line);
    }

    /** What the progress line counts against: every order the run sends, or the measured phase's length. */
    private static Sampler.Plan plan(Scenario scenario) {
        WorkloadSpec w = scenario.workload();
        long warmup = w.warmup().stream().mapToLong(Long::longValue).sum();
        return w.orders() > 0 ? new Sampler.Plan(warmup + w.orders(), 0, w.ratePerSecond())
                : new Sampler.Plan(0, w.durationSeconds() * 1000L, w.ratePerSecond());
    }

    /** The run enters {@code phase}: in its history, and on the rows sampled from now on. */
    private static void enter(Phase phase, HistoryLog history, Started started, long at) {
        history.append(new HistoryEvent.PhaseStarted(phase, at));
        if (started.sampler != null) {
            started.sampler.phase(phase);
        }
    }

    /**
     * The env and the app instances one or more runs share: the points of a sweep on one env run
     * in one session, on the same brokers and the same warm app ({@link #open}, {@link #run(Session,
     * Scenario, AtomicBoolean)}); a single run opens and closes its own. Closing it stops the apps and
     * the env it started (not a reused one).
     */
    public final class Session implements AutoCloseable {
        private final Scenario scenario;
        private final AtomicBoolean stop;
        final AppInstances apps;
        Cluster opened;
        /** The app instances the cluster runs itself (a Kubernetes env's Deployment), when it does. */
        AppFleet appFleet;
        private int runs;
        // closed from the run's thread, or from the Ctrl-C hook when the run overran its teardown
        private final AtomicBoolean closed = new AtomicBoolean();

        private Session(Scenario scenario, AtomicBoolean stop) {
            this.scenario = scenario;
            this.stop = stop;
            this.apps = new AppInstances(paths);
        }

        /**
         * Whether {@code next} can run in this session: the same env and the same app (instances,
         * guarantee, tuning, properties). Its producer, workload and faults may differ.
         */
        public boolean hosts(Scenario next) {
            return !closed.get() && next.env().equals(scenario.env()) && appProperties(next).equals(appProperties(scenario))
                    && next.app().instances() == scenario.app().instances() && next.reuseEnv() == scenario.reuseEnv();
        }

        /** Whether the session's apps and env have been stopped (or are being stopped). */
        public boolean closed() {
            return closed.get();
        }

        /** How many runs this session has hosted so far. */
        public int runs() {
            return runs;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                tearDownSession(this, stop.get());
            }
        }
    }

    /** What one run started, for its teardown; each field is set by the phase that starts it. */
    private static final class Started {
        FaultTimeline timeline;
        Sampler sampler;
        PartitionWatch watch;
        ConsumerLag lag;
        OutcomeConsumer outcomes;
        BrokerMetrics brokerMetrics;
    }

    /** One run in a session of its own: env and apps up, the run, env and apps down. */
    public Outcome run(Scenario scenario, AtomicBoolean stop) throws InterruptedException {
        try (Session session = open(scenario, stop)) {
            return run(session, scenario, stop);
        }
    }

    /**
     * Phases validate, env and apps: brings the scenario's env up (or reuses it, when the scenario
     * says so) and starts its app instances, for one or more runs. On failure what was started is
     * stopped again before the exception leaves.
     */
    public Session open(Scenario scenario, AtomicBoolean stop) {
        Session session = new Session(scenario, stop);
        try {
            validate(scenario, session);
            session.opened = environments.open(scenario.env(), scenario.source(), basePort, "run", out::println);
            // instances a crashed CLI left on this env would process the run's orders beside ours
            session.apps.stopLeftovers().forEach(left -> out.println("stopped app instance " + left.index()
                    + " (pid " + left.pid() + ") that an earlier run left behind"));
            session.appFleet = session.opened.appFleet().orElse(null);
            if (session.appFleet != null) {
                out.println(session.appFleet.start(scenario.app().instances()));
            } else {
                startApps(scenario, session.opened, session.apps, stop);
            }
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * Phases workload + fault timeline, drain, heal, read back and check, in a session that
     * {@link Session#hosts hosts} the scenario. The first run of a session warms up as its scenario
     * says; a later one finds the app warm and sends only {@link #LATER_WARMUP} warm-up orders (its
     * own producer and outcome consumer are new). Every run has its own history: it starts from the
     * order-placed end offsets at its start and sees only its own orders.
     */
    public Outcome run(Session session, Scenario scenario, AtomicBoolean stop) throws InterruptedException {
        if (!session.hosts(scenario)) {
            throw new IllegalArgumentException("scenario " + scenario.name() + " needs another env or app than the session's");
        }
        RunDeadlines deadlines = RunDeadlines.of(scenario);
        HistoryLog history = new HistoryLog();
        ToolFailures failures = new ToolFailures(history);
        RunRecorder recorder = new RunRecorder(history, failures);
        BooleanSupplier halted = () -> stop.get() || failures.any();
        Started started = new Started();
        long runStart = System.currentTimeMillis();
        Scenario run = session.runs++ == 0 ? scenario : scenario.withWarmup(laterWarmup(scenario.workload()));
        Cluster env = session.opened;
        try {
            Workload workload = new Workload();
            HistoryEvent.EndReason reason = HistoryEvent.EndReason.COMPLETED;
            boolean clusterAvailable = true;
            if (!stop.get()) {
                try {
                    runWorkload(run, env, deadlines, history, failures, recorder, started, workload, halted,
                            runStart);
                    Drain.End drained = drain(history, recorder, started, deadlines,
                            workload.end == PhaseEnd.STALLED, halted);
                    clusterAvailable = started.watch.allHaveLeader();
                    if (workload.end == PhaseEnd.STALLED) {
                        reason = HistoryEvent.EndReason.STALLED;
                    } else if (drained == Drain.End.TIMED_OUT && recorder.inFlight() > 0) {
                        reason = HistoryEvent.EndReason.DRAIN_TIMEOUT;
                    }
                    if (!stop.get()) {
                        healAndRecover(history, started, deadlines, failures);
                        readBack(env, history, started, workload, deadlines, stop, recorder);
                    }
                } catch (RuntimeException e) {
                    failures.record("run", e);
                    say("the run failed: " + e.getMessage());
                }
            }
            if (failures.any()) {
                reason = HistoryEvent.EndReason.ERROR;
            } else if (stop.get()) {
                reason = HistoryEvent.EndReason.INTERRUPTED;
            }
            return check(run, env, history, started, workload, reason, clusterAvailable, stop.get());
        } finally {
            tearDownRun(started);
        }
    }

    /** Warm-up orders of a run after a session's first: enough for a new producer's connections and metadata. */
    public static final long LATER_WARMUP = 200;

    /** A later run's warm-up: one phase of {@link #LATER_WARMUP} orders, or fewer when the scenario asks fewer. */
    static List<Long> laterWarmup(WorkloadSpec workload) {
        long asked = workload.warmup().stream().mapToLong(Long::longValue).sum();
        return asked == 0 ? List.of() : List.of(Math.min(asked, LATER_WARMUP));
    }

    /** The app properties a scenario starts its instances with. */
    private static Map<String, String> appProperties(Scenario scenario) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("kafka-streams.processing.guarantee", scenario.app().processingGuarantee());
        properties.put("supply.tuning", scenario.tuning().property());
        properties.putAll(scenario.app().config());
        return properties;
    }

    /** What the workload phase leaves for the later ones. */
    private static final class Workload {
        PhaseEnd end = PhaseEnd.COMPLETED;
        List<Long> orderPlacedStarts = List.of();
        Map<TopicPartition, Long> offsetsAtMeasure = Map.of();
        long measuredStart = System.currentTimeMillis();
        long sendingEnded = System.currentTimeMillis();
        Provenance provenance;
    }

    // ---- validate, env, apps -------------------------------------------------------------------

    private void validate(Scenario scenario, Session session) {
        environments.current().ifPresent(up -> checkReusable(up, scenario));
    }

    /**
     * A running env hosts the scenario only when the scenario says {@code reuseEnv: true} and the
     * env is the one it describes, settings included: a c3 started with other broker settings
     * would measure something else under the same name.
     */
    static void checkReusable(EnvSpec running, Scenario scenario) {
        String name = running.name();
        if (!name.equals(scenario.env().name())) {
            throw new ScenarioException(scenario.source(), "env", "no environment running (" + name
                    + " is up: `./chaos down` first)");
        }
        if (!running.equals(scenario.env())) {
            throw new ScenarioException(scenario.source(), "env", "the env " + name + " that is up was started with "
                    + "other settings than this scenario's: `./chaos down` first");
        }
        if (!scenario.reuseEnv()) {
            throw new ScenarioException(scenario.source(), "env", "no environment running (" + name
                    + " is up: `./chaos down` first, or set reuseEnv: true to run on it)");
        }
    }

    private void startApps(Scenario scenario, Cluster env, AppInstances apps, AtomicBoolean stop) {
        Map<String, String> properties = appProperties(scenario);
        List<AppInstances.AppInstance> started = new ArrayList<>();
        for (int index = 1; index <= scenario.app().instances() && !stop.get(); index++) {
            started.add(apps.start(index, env.access(), properties));
        }
        for (AppInstances.AppInstance instance : started) {
            // our own wait rather than apps.awaitReady: Ctrl-C must end it at once
            boolean ready = Poll.until(Timeouts.APP_READY, Duration.ofMillis(250), () -> {
                if (!apps.alive(instance)) {
                    throw new IllegalStateException("app instance " + instance.index() + " exited; see "
                            + instance.log());
                }
                return stop.get() || instance.ready();
            });
            if (stop.get()) {
                return;
            }
            if (!ready) {
                apps.awaitReady(instance, Duration.ofSeconds(1)); // throws, naming the exit or the timeout
            }
        }
        out.println(started.size() + " app instance(s) ready (" + scenario.app().processingGuarantee() + ", tuned for "
                + scenario.tuning().property() + (scenario.app().tuning() == null ? ", chosen from the offered rate" : "")
                + ")");
    }

    // ---- workload + fault timeline -------------------------------------------------------------

    private void runWorkload(Scenario scenario, Cluster env, RunDeadlines deadlines, HistoryLog history,
                             ToolFailures failures, RunRecorder recorder, Started started, Workload workload,
                             BooleanSupplier halted, long runStart) throws InterruptedException {
        KafkaAccess bootstrap = env.access();
        workload.orderPlacedStarts = ClusterOffsets.orderPlacedEnds(bootstrap, Timeouts.ADMIN_CALL);
        String runId = scenario.name() + "-" + Long.toString(runStart, 36);
        history.append(new HistoryEvent.RunStarted(runId, scenario.name(), env.spec().name(), scenario.env().brokers(),
                scenario.env().partitions(), scenario.env().replicationFactor(), scenario.env().minInsyncReplicas(),
                scenario.app().processingGuarantee(), scenario.producer().getOrDefault("acks", "all"),
                scenario.expect(), workload.orderPlacedStarts, System.currentTimeMillis()));
        started.watch = new PartitionWatch(bootstrap, Topics.ORDER_PLACED.name(), history);
        started.watch.start(Timeouts.ADMIN_CALL);
        started.outcomes = new OutcomeConsumer(bootstrap, recorder, history, failures,
                OutcomeConsumer.applicationId(scenario.app().config()));
        started.brokerMetrics = BrokerMetrics.open(env.metrics());
        started.timeline = new FaultTimeline(scenario.faults(), Faults.on(env.faults(), paths.stateDir()),
                new FaultEventLog(paths.stateDir()), history, this::say);
        started.timeline.followJournal();
        Map<Integer, List<String>> subtopologies = ConsumerLag.subtopologies(
                OutcomeConsumer.applicationId(scenario.app().config()));
        workload.provenance = RunProvenance.collect(env.spec(), env.access(), scenario.source(), paths.home(), subtopologies);
        started.lag = new ConsumerLag(bootstrap, OutcomeConsumer.applicationId(scenario.app().config()), subtopologies);
        started.sampler = new Sampler(recorder, started.brokerMetrics, started.timeline::activeFaults,
                started.lag::latest, progress, plan(scenario));
        started.lag.start();
        started.sampler.onRow(LiveSeries.start(paths.stateDir())::append);
        started.sampler.start();

        Partitioning partitioning = scenario.workload().partitioning() != null ? scenario.workload().partitioning()
                : scenario.env().partitioning();
        WorkloadGenerator generator = new WorkloadGenerator(bootstrap, scenario.producer(), partitioning,
                scenario.workload().producers(), drugs(scenario), runId, recorder, deadlines.stall());
        for (long warmup : scenario.workload().warmup()) {
            enter(Phase.WARMUP, history, started, System.currentTimeMillis());
            say("warm-up: " + warmup + " orders");
            workload.end = generator.runPhase(warmup, scenario.workload().ratePerSecond(), 0, true, halted);
            if (workload.end != PhaseEnd.COMPLETED) {
                stalled(workload, deadlines);
                return;
            }
            if (Drain.await(recorder, started.outcomes, deadlines.drain(), false, halted,
                    System::currentTimeMillis) == Drain.End.STOPPED) {
                return;
            }
        }
        workload.offsetsAtMeasure = ClusterOffsets.allEnds(bootstrap, Timeouts.ADMIN_QUICK);
        workload.measuredStart = System.currentTimeMillis();
        started.sampler.measuringFrom(workload.measuredStart);
        history.append(new HistoryEvent.PhaseStarted(Phase.MEASURE, workload.measuredStart));
        say("measuring: " + describe(scenario.workload()));
        started.timeline.startSchedule();
        if (!started.timeline.awaitFaultsAtStart(Timeouts.FAULTS_AT_START)) {
            say("a fault scheduled at 0 s was still injecting after " + Timeouts.describe(Timeouts.FAULTS_AT_START)
                    + ": sending starts without waiting for it");
        }
        workload.end = generator.runPhase(scenario.workload().orders() > 0 ? scenario.workload().orders()
                        : Long.MAX_VALUE, scenario.workload().ratePerSecond(),
                scenario.workload().durationSeconds() * 1000, false, halted);
        workload.sendingEnded = System.currentTimeMillis();
        stalled(workload, deadlines);
    }

    private void stalled(Workload workload, RunDeadlines deadlines) {
        if (workload.end == PhaseEnd.STALLED) {
            say("sending stopped: no acknowledgement for " + Timeouts.describe(deadlines.stall()));
        }
    }

    // ---- drain, heal/recover, read-back --------------------------------------------------------

    private Drain.End drain(HistoryLog history, RunRecorder recorder, Started started, RunDeadlines deadlines,
                            boolean stalled, BooleanSupplier halted) {
        enter(Phase.DRAIN, history, started, System.currentTimeMillis());
        Drain.End end = Drain.await(recorder, started.outcomes, deadlines.drain(), stalled, halted, System::currentTimeMillis);
        if (end == Drain.End.TIMED_OUT) {
            say("drain: no order completed for " + Timeouts.describe(deadlines.drain()) + "; "
                    + recorder.inFlight() + " still in flight");
        }
        return end;
    }

    private void healAndRecover(HistoryLog history, Started started, RunDeadlines deadlines, ToolFailures failures) {
        enter(Phase.HEAL, history, started, System.currentTimeMillis());
        long deadline = System.nanoTime() + deadlines.heal().toNanos();
        try {
            if (!started.timeline.recover(deadlines.heal())) {
                say("heal: not finished after " + Timeouts.describe(deadlines.heal()));
            }
        } catch (RuntimeException e) {
            // faults may still be in place: what the run saw after this is not what it claims
            failures.record("heal", e);
        }
        Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        // a partition whose every replica the scenario killed for good gets no leader: no wait for it
        if (!started.watch.awaitLeaders(left, started.timeline.brokersDown())) {
            say("heal: some order-placed partition has no leader"
                    + (started.timeline.brokerDown() ? " (a broker the scenario killed is down)" : ""));
        }
    }

    private void readBack(Cluster env, HistoryLog history, Started started, Workload workload,
                          RunDeadlines deadlines, AtomicBoolean stop, RunRecorder recorder) {
        enter(Phase.READ_BACK, history, started, System.currentTimeMillis());
        HistoryEvent.ReadBackDone done = OrderPlacedReadBack.read(env.access(), workload.orderPlacedStarts,
                deadlines.readBack(), history, stop::get, recorder::orderId);
        if (!done.complete()) {
            say("read-back: order-placed could not be read to its end");
        }
    }

    // ---- check ---------------------------------------------------------------------------------

    private Outcome check(Scenario scenario, Cluster env, HistoryLog history, Started started,
                          Workload workload, HistoryEvent.EndReason reason, boolean clusterAvailable,
                          boolean interrupted) {
        if (started.sampler != null) {
            started.sampler.close();
        }
        history.append(new HistoryEvent.PhaseStarted(Phase.CHECK, System.currentTimeMillis()));
        Map<TopicPartition, Long> offsetsAtEnd = workload.offsetsAtMeasure.isEmpty() || interrupted ? Map.of()
                : ClusterOffsets.allEnds(env.access(), Timeouts.ADMIN_QUICK);
        long endedAt = System.currentTimeMillis();
        history.append(new HistoryEvent.RunEnded(reason, describe(reason, history), clusterAvailable, endedAt));
        List<TimeSeriesRow> rows = started.sampler == null ? List.of() : started.sampler.rows();
        List<HistoryEvent> events = history.events();
        progress.finish();
        // the verdict is the checker's, on the history alone: `./chaos check` reproduces it from the file
        RunAnalysis analysis = RunAnalysis.of(events);
        double recordsPerSec = offsetsAtEnd.isEmpty() ? 0
                : ClusterOffsets.recordsPerSecond(workload.offsetsAtMeasure, offsetsAtEnd, analysis.measuredSpanMillis());
        RunResult result = ResultAssembly.assemble(scenario, analysis, recordsPerSec);
        if (started.brokerMetrics != null) {
            result = result.withBrokerMetricsSource(started.brokerMetrics.source());
        }
        if (workload.provenance != null) {
            result = result.withProvenance(workload.provenance);
        }
        return new Outcome(result, rows, events);
    }

    private static String describe(HistoryEvent.EndReason reason, HistoryLog history) {
        return switch (reason) {
            case COMPLETED -> "every order sent, drained and read back";
            case STALLED -> "sending stopped: no acknowledgement for the stall timeout";
            case DRAIN_TIMEOUT -> "the drain ended at its deadline with orders in flight";
            case INTERRUPTED -> "interrupted (Ctrl-C)";
            case ERROR -> history.events().stream().filter(HistoryEvent.ToolError.class::isInstance)
                    .map(HistoryEvent.ToolError.class::cast).findFirst()
                    .map(error -> error.where() + ": " + error.cause()).orElse("tool error");
        };
    }

    // ---- teardown ------------------------------------------------------------------------------

    private void tearDownRun(Started started) {
        // fault actions first: nothing is stopped under an inject or heal still running
        if (started.timeline != null) {
            FaultTimeline timeline = started.timeline;
            quietly("ending the fault timeline", () -> timeline.close(Timeouts.FAULTS_IN_FLIGHT));
        }
        if (started.sampler != null) {
            quietly("stopping the sampler", started.sampler::close);
        }
        if (started.watch != null) {
            quietly("stopping the partition watch", started.watch::close);
        }
        OutcomeConsumer consumer = started.outcomes;
        if (consumer != null) {
            quietly("stopping the outcome consumer", () -> {
                try {
                    consumer.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        if (started.brokerMetrics != null) {
            quietly("closing JMX connections", started.brokerMetrics::close);
        }
        if (started.lag != null) {
            quietly("closing the consumer-lag client", started.lag::close);
        }
    }

    /** Stops the session's apps and, unless the scenario reuses it, the env it started. */
    private void tearDownSession(Session session, boolean interrupted) {
        // after Ctrl-C the apps get less grace, so that apps and brokers are down within the 30 s promised
        Duration appGrace = interrupted ? Timeouts.APP_STOP_GRACE_INTERRUPTED : Timeouts.APP_STOP_GRACE;
        quietly("stopping the app instances", () -> session.apps.stopAll(appGrace));
        if (session.appFleet != null) {
            quietly("restoring the app Deployment's replicas", session.appFleet::close);
        }
        Cluster opened = session.opened;
        if (opened != null && opened.started() && !session.scenario.reuseEnv()) {
            quietly("releasing the env", () -> opened.release(deleteTopics, out::println));
        } else if (opened != null && !opened.spec().kind().toolOwned() && deleteTopics) {
            out.println("--delete-topics: the env stays attached (reuseEnv or `up`); `./chaos down --delete-topics` deletes them");
        }
    }

    private void quietly(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            // teardown problems are reported, never thrown: they must not cost the run its results
            out.println("teardown: " + what + " failed: " + e.getMessage() + " (`./chaos down` stops what is left)");
        }
    }

    private static List<String> drugs(Scenario scenario) {
        String configured = scenario.app().config().get("supply.drugs");
        return configured != null ? List.of(configured.split("\\s*,\\s*"))
                : List.copyOf(SupplyChainSettings.defaults().catalogue().keySet());
    }

    private static String describe(WorkloadSpec workload) {
        return (workload.orders() > 0 ? workload.orders() + " orders" : "")
                + (workload.durationSeconds() > 0 ? " for " + workload.durationSeconds() + " s" : "")
                + (workload.ratePerSecond() > 0 ? " at " + workload.ratePerSecond() + "/s" : " as fast as possible")
                + " from " + workload.producers() + " producer(s)";
    }

}
