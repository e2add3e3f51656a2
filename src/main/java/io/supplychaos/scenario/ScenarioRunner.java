package io.supplychaos.scenario;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import org.apache.kafka.common.TopicPartition;

import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.check.RunAnalysis;
import io.supplychaos.check.WarmupPhase;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.history.HistoryEvent.WarmupEnd;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.kind.Environments;
import io.supplychaos.metrics.BrokerMetrics;
import io.supplychaos.metrics.ConsumerLag;
import io.supplychaos.metrics.LiveSeries;
import io.supplychaos.metrics.PartitionWatch;
import io.supplychaos.metrics.ProgressLine;
import io.supplychaos.metrics.Sampler;
import io.supplychaos.metrics.JitCpu;
import io.supplychaos.metrics.JitQuietRounds;
import io.supplychaos.metrics.SteadyState;
import io.supplychaos.provenance.RunProvenance;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.session.ClusterSource;
import io.supplychaos.session.RunScope;
import io.supplychaos.session.Session;
import io.supplychaos.session.SessionPlan.Reuse;
import io.supplychaos.session.SessionPlan;
import io.supplychaos.session.Sessions;
import io.supplychaos.session.SupplyChainApps;
import io.supplychaos.session.Teardown.Step;
import io.supplychaos.spec.Durations;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topics;
import io.supplychaos.workload.OutcomeConsumer;
import io.supplychaos.workload.RunRecorder;
import io.supplychaos.workload.StallDetector;
import io.supplychaos.workload.ToolFailures;
import io.supplychaos.workload.WorkloadGenerator.PhaseEnd;
import io.supplychaos.workload.WorkloadGenerator;

/**
 * Runs one scenario as a sequence of phases, each bounded by its deadline ({@link RunDeadlines}):
 *
 * <ol>
 * <li>validate, env, apps: the scenario's {@link Session} ({@link #open}): a running env is reused
 *     only when the scenario says so and it is the same env; the env is brought up (or reused); the
 *     app instances are started and awaited until each is RUNNING;</li>
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
 * samplers, the outcome consumer, the connections ({@link RunScope}), then, when the session ends,
 * the app instances and the env it started ({@link Session#close}).
 */
public final class ScenarioRunner {

    /** The run's result, its per-second rows and its whole history. */
    public record Outcome(RunResult result, List<TimeSeriesRow> rows, List<HistoryEvent> history,
                          Map<TopicPartition, Long> offsetsAtMeasure, Map<TopicPartition, Long> offsetsAtEnd) {

        public Outcome(RunResult result, List<TimeSeriesRow> rows, List<HistoryEvent> history) {
            this(result, rows, history, Map.of(), Map.of());
        }
    }

    /**
     * The checker failed on a run's history (a defect of the checker, never of the system under
     * test): the history is kept, so that the caller can persist it and {@code ./chaos check}
     * reproduces the failure from the file.
     */
    public static final class CheckFailed extends RuntimeException {
        private final transient List<HistoryEvent> history;

        public CheckFailed(List<HistoryEvent> history, RuntimeException cause) {
            super("the checker failed on the run's history: " + cause, cause);
            this.history = List.copyOf(history);
        }

        /** Everything the run recorded, up to and including its end. */
        public List<HistoryEvent> history() {
            return history;
        }
    }

    private final ChaosPaths paths;
    private final Sessions sessions;
    private final PrintWriter out;
    private final ProgressLine progress;
    private volatile Runnable onMeasure = () -> { };
    private volatile Runnable onDrained = () -> { };

    /**
     * @param environments  brings up or attaches to the scenario's cluster, whatever its kind
     * @param deleteTopics  on a cluster the tool did not start, delete the supply-chain topics at the end
     */
    public ScenarioRunner(ChaosPaths paths, int basePort, Environments environments, boolean deleteTopics,
                          PrintWriter out) {
        this(paths, new Sessions(paths, basePort, ClusterSource.of(environments), deleteTopics, out::println), out);
    }

    /**
     * Called as each run's measured phase starts, after its warm-up (the bench starts its CPU count
     * and profiles there).
     */
    public ScenarioRunner onMeasureStart(Runnable listener) {
        this.onMeasure = listener;
        return this;
    }

    /**
     * Called as each run's measured orders are drained, before heal, read-back and the check (the
     * bench ends its CPU count and profiles there).
     */
    public ScenarioRunner onDrained(Runnable listener) {
        this.onDrained = listener;
        return this;
    }

    /** @param sessions where the scenario's sessions open (tests give one on a fake cluster) */
    public ScenarioRunner(ChaosPaths paths, Sessions sessions, PrintWriter out) {
        this.paths = paths;
        this.sessions = sessions;
        this.out = out;
        this.progress = ProgressLine.forConsole(out);
    }

    /** A line of its own on the console, never in the middle of the progress line. */
    private void say(String line) {
        progress.println(line);
    }

    /**
     * What the progress line counts against: every order the run sends (the measured phase's only
     * after a warm-up until steady, whose length is not known ahead), or the measured phase's length.
     */
    private static Sampler.Plan plan(WorkloadSpec w) {
        if (w.orders() <= 0) {
            return new Sampler.Plan(0, w.durationSeconds() * 1000L, w.ratePerSecond());
        }
        return w.warmupAsRun() instanceof Warmup.Orders counts
                ? new Sampler.Plan(counts.total() + w.orders(), 0, w.ratePerSecond())
                : Sampler.Plan.measuredOnly(w.orders(), 0, w.ratePerSecond());
    }

    /** The run enters {@code phase}: in its history, and on the rows sampled from now on. */
    private static void enter(Phase phase, HistoryLog history, Started started, long at) {
        history.append(new HistoryEvent.PhaseStarted(phase, at));
        if (started.sampler != null) {
            started.sampler.phase(phase);
        }
    }

    /**
     * The session a scenario needs: its env (a running one used only with {@code reuseEnv: true},
     * and then left up), and its app (instances, guarantee, tuning, properties). A refusal names the
     * scenario's file and its field {@code env}. The points of a sweep whose plans are equal can share
     * one session; their producer, workload and faults may differ.
     */
    public SessionPlan plan(Scenario scenario) {
        String note = scenario.app().processingGuarantee() + ", tuned for " + scenario.tuning().property()
                + (scenario.app().tuning() == null ? ", chosen from the offered rate" : "");
        return new SessionPlan(scenario.env(), scenario.source(), scenario.reuseEnv() ? Reuse.KEEP : Reuse.NONE,
                new SupplyChainApps(paths, scenario.app().instances(), appProperties(scenario), OrdersHeld.heap(scenario), note),
                reason -> new ScenarioException(scenario.source(), "env", reason));
    }

    /** What one run started and the later phases read; each field is set by the phase that starts it. */
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
        return sessions.open(plan(scenario), stop);
    }

    /**
     * Phases workload + fault timeline, drain, heal, read back and check, in a session that
     * {@link Session#hosts hosts} the scenario. The first run of a session warms up as its scenario
     * says; a later one finds the app warm and warms up less ({@link #laterWarmup}: the same steady rule
     * bounded shorter, or at most {@link Session#LATER_WARMUP} orders; its own producer and outcome
     * consumer are new). Every run has its own history: it starts from the
     * order-placed end offsets at its start and sees only its own orders.
     */
    public Outcome run(Session session, Scenario scenario, AtomicBoolean stop) throws InterruptedException {
        if (!session.hosts(plan(scenario))) {
            throw new IllegalArgumentException("scenario " + scenario.name() + " needs another env or app than the session's");
        }
        RunDeadlines deadlines = RunDeadlines.of(scenario);
        HistoryLog history = new HistoryLog();
        ToolFailures failures = new ToolFailures(history);
        RunRecorder recorder = new RunRecorder(history, failures);
        BooleanSupplier halted = () -> stop.get() || failures.any();
        Started started = new Started();
        long runStart = System.currentTimeMillis();
        try (RunScope scope = session.beginRun()) {
            Scenario run = scope.first() ? scenario : scenario.withWarmup(laterWarmup(scenario.workload()));
            Cluster env = scope.cluster();
            Workload workload = new Workload();
            HistoryEvent.EndReason reason = HistoryEvent.EndReason.COMPLETED;
            boolean clusterAvailable = true;
            if (!stop.get()) {
                try {
                    runWorkload(run, scope, deadlines, history, failures, recorder, started, workload, halted,
                            runStart);
                    Drain.End drained = drain(history, recorder, started, deadlines,
                            workload.end == PhaseEnd.STALLED, halted, run.app().recordsPastCommitWhenCaughtUp());
                    clusterAvailable = started.watch.allHaveLeader();
                    if (workload.end == PhaseEnd.STALLED) {
                        reason = HistoryEvent.EndReason.STALLED;
                    } else if (drained == Drain.End.TIMED_OUT && recorder.inFlight() > 0) {
                        reason = HistoryEvent.EndReason.DRAIN_TIMEOUT;
                    }
                    if (!stop.get()) {
                        healAndRecover(history, started, deadlines, failures);
                        readBack(env, history, workload, deadlines, stop, recorder, started);
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
        }
    }

    /**
     * A later run's warm-up: until steady by the scenario's rule bounded by {@link Session#LATER_STEADY_MAX}
     * (or its own bound when shorter; never below what the rule needs) when the scenario warms up
     * until steady; else one phase of {@link Session#LATER_WARMUP} orders, or fewer when the
     * scenario asks fewer; none when it asks none.
     */
    static Warmup laterWarmup(WorkloadSpec workload) {
        Warmup asked = workload.warmupAsRun();
        if (asked instanceof Warmup.UntilSteady steady) {
            Duration bound = steady.rule().max().compareTo(Session.LATER_STEADY_MAX) < 0 ? steady.rule().max()
                    : Session.LATER_STEADY_MAX;
            return new Warmup.UntilSteady(steady.rule().withMax(bound), steady.byDefault());
        }
        if (asked instanceof Warmup.UntilJitQuiet rounds) {
            // warm JVMs are quiet in the first round; cold ones (an app started again) get the short bound
            Duration bound = rounds.max().compareTo(Session.LATER_STEADY_MAX) < 0 ? rounds.max() : Session.LATER_STEADY_MAX;
            return new Warmup.UntilJitQuiet(rounds.roundOrders(), bound);
        }
        long total = ((Warmup.Orders) asked).total();
        return total == 0 ? Warmup.none() : Warmup.orders(List.of(Math.min(total, Session.LATER_WARMUP)));
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

    // ---- workload + fault timeline -------------------------------------------------------------

    private void runWorkload(Scenario scenario, RunScope scope, RunDeadlines deadlines, HistoryLog history,
                             ToolFailures failures, RunRecorder recorder, Started started, Workload workload,
                             BooleanSupplier halted, long runStart) throws InterruptedException {
        Cluster env = scope.cluster();
        KafkaAccess bootstrap = env.access();
        workload.orderPlacedStarts = ClusterOffsets.orderPlacedEnds(bootstrap, Timeouts.ADMIN_CALL);
        String runId = scenario.name() + "-" + Long.toString(runStart, 36);
        started.watch = new PartitionWatch(bootstrap, Topics.ORDER_PLACED.name(), history);
        scope.stopAtEnd(Step.SAMPLERS, "stopping the partition watch", started.watch::close);
        // whether a leader change can lose acknowledged records whatever the acks: the checker needs it
        Boolean unclean = started.watch.uncleanLeaderElection(Timeouts.ADMIN_QUICK);
        history.append(new HistoryEvent.RunStarted(runId, scenario.name(), env.spec().name(), scenario.env().brokers(),
                scenario.env().partitions(), scenario.env().replicationFactor(), scenario.env().minInsyncReplicas(),
                scenario.app().processingGuarantee(), scenario.producer().getOrDefault("acks", "all"),
                scenario.expect(), workload.orderPlacedStarts, unclean, System.currentTimeMillis(),
                scenario.faultDifferences()));
        String applicationId = OutcomeConsumer.applicationId(scenario.app().config());
        started.watch.start(Timeouts.ADMIN_CALL);
        started.outcomes = new OutcomeConsumer(bootstrap, recorder, history, failures, applicationId);
        scope.stopAtEnd(Step.CONSUMERS, "stopping the outcome consumer", started.outcomes::close);
        started.brokerMetrics = BrokerMetrics.open(env.metrics());
        scope.stopAtEnd(Step.CONNECTIONS, "closing JMX connections", started.brokerMetrics::close);
        started.timeline = scope.faults(scenario.faults(), history, this::say);
        Map<Integer, List<String>> subtopologies = ConsumerLag.subtopologies(applicationId);
        workload.provenance = RunProvenance.collect(env.spec(), env.access(), scenario.source(), paths.home(), subtopologies);
        started.lag = new ConsumerLag(bootstrap, applicationId, subtopologies);
        scope.stopAtEnd(Step.CONNECTIONS, "closing the consumer-lag client", started.lag::close);
        started.sampler = new Sampler(recorder, started.brokerMetrics, started.timeline::activeFaults,
                started.lag::latest, progress, plan(scenario.workload()));
        scope.stopAtEnd(Step.SAMPLERS, "stopping the sampler", started.sampler::close);
        started.lag.start();
        started.sampler.onRow(LiveSeries.start(paths.stateDir())::append);
        started.sampler.start();

        Partitioning partitioning = scenario.workload().partitioning() != null ? scenario.workload().partitioning()
                : scenario.env().partitioning();
        WorkloadGenerator generator = new WorkloadGenerator(bootstrap, scenario.producer(), partitioning,
                scenario.workload().producers(), drugs(scenario), runId, recorder, deadlines.stall())
                .excusingFaults(() -> started.timeline.plannedFaultInPlace() ? StallDetector.FAULT_IN_PLACE
                        : started.timeline.lastFaultEndedAt());
        // the JIT of the JVMs on this machine: the tool's, the brokers' of an env it started, the apps' it started
        JitCpu jit = new JitCpu(() -> {
            List<Long> pids = new ArrayList<>(env.localJvms());
            pids.add(ProcessHandle.current().pid());
            new AppInstances(paths).read().stream().map(AppInstances.AppInstance::pid).filter(Objects::nonNull)
                    .forEach(pids::add);
            return pids;
        });
        if (!warmUp(scenario.workload(), generator, history, recorder, started, workload, deadlines, halted, jit)) {
            return;
        }
        workload.offsetsAtMeasure = ClusterOffsets.allEnds(bootstrap, Timeouts.ADMIN_QUICK);
        workload.measuredStart = System.currentTimeMillis();
        started.sampler.measuringFrom(workload.measuredStart);
        history.append(new HistoryEvent.PhaseStarted(Phase.MEASURE, workload.measuredStart));
        onMeasure.run();
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

    /**
     * The warm-up, watched window by window by the steady rule ({@link SteadyState}) and ended by a
     * {@code warmup} event in the history: until steady, orders at the scenario's rate until the rule
     * holds or its bound passes, and the measured phase follows at once (the chain keeps the state it
     * reached, backlog included); by count, each phase sent and drained as before, and the event says
     * whether the count happened to reach a steady state. False when the run ends in it (sending
     * stalled, Ctrl-C, a tool failure).
     */
    private boolean warmUp(WorkloadSpec load, WorkloadGenerator generator, HistoryLog history, RunRecorder recorder,
                           Started started, Workload workload, RunDeadlines deadlines, BooleanSupplier halted,
                           JitCpu jit) throws InterruptedException {
        Warmup warmup = load.warmupAsRun();
        long began = System.currentTimeMillis();
        if (warmup.equals(Warmup.none())) {
            history.append(new HistoryEvent.WarmupEnded(WarmupEnd.NONE, false, began, "", List.of(), began));
            return true;
        }
        if (warmup instanceof Warmup.UntilJitQuiet rounds) {
            return warmUpInRounds(rounds, load, generator, history, recorder, started, workload, deadlines, halted, jit);
        }
        SteadyState.Rule rule = warmup instanceof Warmup.UntilSteady until ? until.rule() : SteadyState.Rule.DEFAULT;
        SteadyState steady = new SteadyState(rule, System::currentTimeMillis, jit::secondsByJvm);
        String jitRule = Double.isNaN(jit.seconds()) ? "" : String.format(Locale.ROOT,
                "; and the JIT compilers of the %d JVMs here under %.2f of a core each", jit.jvms(),
                SteadyState.JIT_QUIET_CORES_PER_JVM);
        recorder.onWarmupCompletion(steady::completed);
        BooleanSupplier settled = () -> steady.poll(recorder.backlog(), recorder.sentCount()) != SteadyState.Status.WARMING;
        WarmupEnd end;
        try {
            if (warmup instanceof Warmup.UntilSteady) {
                enter(Phase.WARMUP, history, started, began);
                say("warm-up: until steady at " + load.ratePerSecond() + "/s (" + rule.describe() + jitRule + ")");
                workload.end = generator.runPhase(Long.MAX_VALUE, load.ratePerSecond(), 0, true, halted, settled);
                if (workload.end != PhaseEnd.COMPLETED) {
                    stalled(workload, deadlines);
                    return false;
                }
                end = steady.poll(recorder.backlog(), recorder.sentCount()) == SteadyState.Status.STEADY
                        ? WarmupEnd.STEADY : WarmupEnd.NOT_STEADY;
            } else {
                for (long count : ((Warmup.Orders) warmup).phases()) {
                    enter(Phase.WARMUP, history, started, System.currentTimeMillis());
                    say("warm-up: " + count + " orders");
                    workload.end = generator.runPhase(count, load.ratePerSecond(), 0, true, halted, () -> {
                        settled.getAsBoolean();
                        return false;
                    });
                    if (workload.end != PhaseEnd.COMPLETED) {
                        stalled(workload, deadlines);
                        return false;
                    }
                    // the windows keep closing through the drain, each with the backlog at its end
                    BooleanSupplier haltedWhileWatched = () -> {
                        settled.getAsBoolean();
                        return halted.getAsBoolean();
                    };
                    if (Drain.await(recorder, started.outcomes, deadlines.drain(), false, haltedWhileWatched,
                            System::currentTimeMillis) == Drain.End.STOPPED) {
                        return false;
                    }
                }
                steady.poll(recorder.backlog(), recorder.sentCount());
                end = WarmupEnd.ORDERS_SENT;
            }
        } finally {
            recorder.onWarmupCompletion(latencyMs -> { });
        }
        boolean held = end == WarmupEnd.STEADY || end == WarmupEnd.ORDERS_SENT && steady.holds();
        long at = System.currentTimeMillis();
        List<HistoryEvent.WarmupWindow> windows = steady.windows();
        history.append(new HistoryEvent.WarmupEnded(end, held, began, rule.describe() + jitRule, windows, at));
        String last = windows.stream().map(HistoryEvent.WarmupWindow::p50Ms).filter(p -> p != null)
                .reduce((first, second) -> second).map(p50 -> String.format(Locale.ROOT, "; p50 of the last window %.0f ms", p50))
                .orElse("; no warm-up order completed");
        long seconds = Math.round((at - began) / 1000.0);
        say(switch (end) {
            case STEADY -> "warm-up: steady after " + seconds + " s (" + recorder.sentCount() + " orders" + last + ")";
            case NOT_STEADY -> "warm-up: not steady after " + seconds + " s (" + recorder.sentCount() + " orders" + last
                    + "): measuring anyway";
            default -> "warm-up: " + recorder.sentCount() + " orders in " + seconds + " s, " + (held ? "steady" : "not steady")
                    + " when it ended" + last;
        });
        return true;
    }

    /**
     * Rounds of orders, each sent at the scenario's rate and drained, until one in which the JIT
     * compilers of the JVMs here were quiet or the bound passed ({@link JitQuietRounds}); each round
     * one window of the {@code warmup} event. False when the run ends in it.
     */
    private boolean warmUpInRounds(Warmup.UntilJitQuiet warmup, WorkloadSpec load, WorkloadGenerator generator,
                                   HistoryLog history, RunRecorder recorder, Started started, Workload workload,
                                   RunDeadlines deadlines, BooleanSupplier halted, JitCpu jit) throws InterruptedException {
        long began = System.currentTimeMillis();
        JitQuietRounds rounds = new JitQuietRounds(warmup.max(), System::currentTimeMillis, jit::secondsByJvm);
        String rule = String.format(Locale.ROOT, "rounds of %d orders, each drained, until one in which the JIT "
                + "compilers of the %d JVMs here used under %.2f of a core each while it carried orders", warmup.roundOrders(),
                Math.max(1, jit.jvms()), SteadyState.JIT_QUIET_CORES_PER_JVM);
        say("warm-up: " + rule + " (at most " + Durations.format(warmup.max()) + ")");
        recorder.onWarmupCompletion(rounds::completed);
        try {
            while (rounds.outcome() == JitQuietRounds.Outcome.WARMING) {
                rounds.roundStarted();
                enter(Phase.WARMUP, history, started, System.currentTimeMillis());
                workload.end = generator.runPhase(warmup.roundOrders(), load.ratePerSecond(), 0, true, halted, () -> false);
                if (workload.end != PhaseEnd.COMPLETED) {
                    stalled(workload, deadlines);
                    return false;
                }
                if (Drain.await(recorder, started.outcomes, deadlines.drain(), false, halted,
                        System::currentTimeMillis) == Drain.End.STOPPED) {
                    return false;
                }
                rounds.roundEnded(recorder.backlog(), recorder.sentCount());
                HistoryEvent.WarmupWindow last = rounds.windows().get(rounds.windows().size() - 1);
                say(String.format(Locale.ROOT, "warm-up round %d: %d orders in %.0f s, the JIT %s",
                        rounds.windows().size(), warmup.roundOrders(), last.endMs() / 1000.0,
                        last.jitCores() == null ? "not watched" : String.format(Locale.ROOT, "%.2f cores", last.jitCores())));
            }
        } finally {
            recorder.onWarmupCompletion(latencyMs -> { });
        }
        JitQuietRounds.Outcome outcome = rounds.outcome();
        WarmupEnd end = switch (outcome) {
            case QUIET -> WarmupEnd.STEADY;
            case NOT_QUIET -> WarmupEnd.NOT_STEADY;
            default -> WarmupEnd.ORDERS_SENT;
        };
        long at = System.currentTimeMillis();
        history.append(new HistoryEvent.WarmupEnded(end, outcome == JitQuietRounds.Outcome.QUIET, began, rule,
                rounds.windows(), at));
        long seconds = Math.round((at - began) / 1000.0);
        say(switch (outcome) {
            case QUIET -> "warm-up: the JIT quiet after " + seconds + " s (" + recorder.sentCount() + " orders)";
            case NOT_QUIET -> "warm-up: the JIT not quiet after " + seconds + " s (" + recorder.sentCount()
                    + " orders): measuring anyway";
            default -> "warm-up: " + recorder.sentCount() + " orders in " + seconds + " s (the JIT not watched here)";
        });
        return true;
    }

    private void stalled(Workload workload, RunDeadlines deadlines) {
        if (workload.end == PhaseEnd.STALLED) {
            say("sending stopped: no acknowledgement for " + Timeouts.describe(deadlines.stall()));
        }
    }

    // ---- drain, heal/recover, read-back --------------------------------------------------------

    private Drain.End drain(HistoryLog history, RunRecorder recorder, Started started, RunDeadlines deadlines,
                            boolean stalled, BooleanSupplier halted, long pastCommitWhenCaughtUp) {
        enter(Phase.DRAIN, history, started, System.currentTimeMillis());
        // the stock is read once the app caught up: under exactly-once a partition Streams wrote ends
        // with a transaction marker a commit may not pass yet, hence 1 record per partition there
        ConsumerLag lag = started.lag;
        Drain.End end = Drain.await(recorder, started.outcomes, deadlines.drain(), stalled, halted, System::currentTimeMillis,
                lag == null ? null : () -> lag.caughtUp(pastCommitWhenCaughtUp));
        onDrained.run();
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

    private void readBack(Cluster env, HistoryLog history, Workload workload, RunDeadlines deadlines,
                          AtomicBoolean stop, RunRecorder recorder, Started started) {
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
        if (started.outcomes != null && !interrupted) {
            // the stock is judged only when every output was read to its end: the checker needs to know
            history.append(started.outcomes.outputsRead(Timeouts.ADMIN_QUICK));
        }
        long endedAt = System.currentTimeMillis();
        history.append(new HistoryEvent.RunEnded(reason, describe(reason, history), clusterAvailable, endedAt));
        List<TimeSeriesRow> rows = started.sampler == null ? List.of() : started.sampler.rows();
        List<HistoryEvent> events = history.events();
        progress.finish();
        // the verdict is the checker's, on the history alone: `./chaos check` reproduces it from the file
        RunAnalysis analysis;
        RunResult result;
        try {
            analysis = RunAnalysis.of(events);
            double recordsPerSec = offsetsAtEnd.isEmpty() ? 0
                    : ClusterOffsets.recordsPerSecond(workload.offsetsAtMeasure, offsetsAtEnd, analysis.measuredSpanMillis());
            result = ResultAssembly.assemble(scenario, analysis, recordsPerSec);
        } catch (RuntimeException e) {
            throw new CheckFailed(events, e);
        }
        if (started.brokerMetrics != null) {
            result = result.withBrokerMetricsSource(started.brokerMetrics.source());
        }
        if (workload.provenance != null) {
            result = result.withProvenance(workload.provenance);
        }
        result = result.withWarmup(WarmupPhase.of(events));
        return new Outcome(result, rows, events, workload.offsetsAtMeasure, offsetsAtEnd);
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
