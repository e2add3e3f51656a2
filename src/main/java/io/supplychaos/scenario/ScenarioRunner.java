package io.supplychaos.scenario;

import io.supplychaos.workload.WorkloadGenerator;
import io.supplychaos.workload.OutcomeConsumer;
import io.supplychaos.workload.RunRecorder;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.check.CheckResult;
import io.supplychaos.check.CorrectnessChecker;
import io.supplychaos.check.Recovery;
import io.supplychaos.check.LegacyVerdict;
import io.supplychaos.check.Verdict;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvState;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.PortPlan;
import io.supplychaos.metrics.BrokerMetrics;
import io.supplychaos.metrics.HostMetrics;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.topology.SupplyChainSettings;

/**
 * Runs one scenario end to end: brings the environment up (or reuses the running one when the
 * scenario says so), starts the app instances, runs the warm-up phases and the measured phase
 * while the fault schedule plays and faults injected from other terminals are picked up from the
 * event log, samples a time-series row each second (with a progress line), drains, checks every
 * order, and stops the app instances and (unless the scenario reuses it) the env it started —
 * also when interrupted, in which case the result is marked interrupted. Writes no result files
 * (the caller does); its scheduled faults go to the fault event log like any other.
 */
public final class ScenarioRunner {

    /** The run's result and its per-second rows. */
    public record Outcome(RunResult result, List<TimeSeriesRow> rows) {
    }

    private record ActiveFault(FaultSpec spec, FaultAction action, RunResult.FaultEvent event) {
    }

    private static final Duration APP_READY_TIMEOUT = Duration.ofSeconds(180);
    /** Quiet time on the outcome topics after the last order completed before the run is checked. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private final ChaosPaths paths;
    private final int basePort;
    private final Function<EnvState, FaultActions> faultActions;
    private final PrintWriter out;

    public ScenarioRunner(ChaosPaths paths, int basePort, Function<EnvState, FaultActions> faultActions,
                          PrintWriter out) {
        this.paths = paths;
        this.basePort = basePort;
        this.faultActions = faultActions;
        this.out = out;
    }

    public Outcome run(Scenario scenario, AtomicBoolean stop) throws InterruptedException {
        EmbeddedEnvironment environment = new EmbeddedEnvironment(paths);
        EnvState env = null;
        boolean startedEnv = false;
        AppInstances apps = new AppInstances(paths);
        long startedAt = System.currentTimeMillis();
        List<TimeSeriesRow> rows = new CopyOnWriteArrayList<>();
        List<RunResult.FaultEvent> faultEvents = new CopyOnWriteArrayList<>();
        Map<String, ActiveFault> active = new LinkedHashMap<>();
        RunRecorder recorder = new RunRecorder();
        // one thread per fault at most: a slow inject (a broker start under load) delays no other fault
        ScheduledExecutorService timers = Executors.newScheduledThreadPool(2 + 2 * scenario.faults().size(), runnable -> {
            Thread thread = new Thread(runnable, "run-timer");
            thread.setDaemon(true);
            return thread;
        });
        OutcomeConsumer outcomes = null;
        BrokerMetrics brokerMetrics = null;
        long measuredStart = 0;
        Map<TopicPartition, Long> offsetsAtStart = Map.of();
        try {
            var running = environment.running();
            running.ifPresent(up -> checkReusable(up, scenario));
            if (running.isPresent()) {
                env = running.get();
                out.println("reusing env " + env.envName() + " at " + env.bootstrapServers());
            } else {
                EmbeddedEnvironment.UpResult up = environment.up(scenario.env(), scenario.source(),
                        basePort, line -> out.println("  " + line));
                env = up.state();
                startedEnv = true;
                out.printf("env %s up in %.1f s at %s%n", env.envName(), up.took().toMillis() / 1000.0,
                        env.bootstrapServers());
            }
            startApps(scenario, env, apps);
            outcomes = new OutcomeConsumer(env.bootstrapServers(), recorder);
            brokerMetrics = new BrokerMetrics(jmxPorts(env));
            FaultActions actions = faultActions.apply(env);
            FaultEventLog journal = new FaultEventLog(paths.stateDir());

            Partitioning partitioning = scenario.workload().partitioning() != null ? scenario.workload().partitioning()
                    : scenario.env().partitioning();
            String runId = scenario.name() + "-" + Long.toString(startedAt, 36);
            WorkloadGenerator generator = new WorkloadGenerator(env.bootstrapServers(), scenario.producer(),
                    partitioning, scenario.workload().producers(), drugs(scenario), runId, recorder);

            Sampler sampler = new Sampler(recorder, brokerMetrics, rows, active, journal, faultEvents);
            timers.scheduleAtFixedRate(sampler, 1, 1, TimeUnit.SECONDS);

            for (long warmup : scenario.workload().warmup()) {
                out.println("\nwarm-up: " + warmup + " orders");
                generator.runPhase(warmup, scenario.workload().ratePerSecond(), 0, true, stop::get);
                drain(recorder, outcomes, scenario.drainTimeout(), stop);
            }
            offsetsAtStart = endOffsets(env.bootstrapServers());
            measuredStart = System.currentTimeMillis();
            sampler.measuringFrom(measuredStart);
            out.println("\nmeasuring: " + describe(scenario.workload()));
            for (FaultSpec fault : scenario.faults()) {
                timers.schedule(() -> inject(fault, actions, active, faultEvents, journal, timers),
                        fault.start().toMillis(), TimeUnit.MILLISECONDS);
            }
            generator.runPhase(scenario.workload().orders() > 0 ? scenario.workload().orders() : Long.MAX_VALUE,
                    scenario.workload().ratePerSecond(), scenario.workload().durationSeconds() * 1000, false, stop::get);
            long sendingEnded = System.currentTimeMillis();
            drain(recorder, outcomes, scenario.drainTimeout(), stop);
            long endedAt = System.currentTimeMillis();
            timers.shutdownNow();
            // the sampler shares the latency histogram with the result: let its last tick finish
            timers.awaitTermination(5, TimeUnit.SECONDS);
            healAll(active, faultEvents, journal);
            double recordsPerSec = recordsPerSecond(env.bootstrapServers(), offsetsAtStart, recorder.measuredSpanMillis());
            out.println();
            return new Outcome(result(scenario, recorder, outcomes.baseline(), rows, faultEvents, measuredStart,
                    sendingEnded, endedAt, recordsPerSec, stop.get()), List.copyOf(rows));
        } finally {
            timers.shutdownNow();
            // teardown problems are reported, never thrown: they must not cost the run its results
            quietly("healing faults", () -> healAll(active, faultEvents, new FaultEventLog(paths.stateDir())));
            OutcomeConsumer consumer = outcomes;
            if (consumer != null) {
                quietly("stopping the outcome consumer", () -> {
                    try {
                        consumer.close();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            if (brokerMetrics != null) {
                quietly("closing JMX connections", brokerMetrics::close);
            }
            quietly("stopping the app instances", () -> apps.stopAll(Duration.ofSeconds(10)));
            if (startedEnv && !scenario.reuseEnv()) {
                out.println("stopping env " + env.envName());
                // the recorded state, not the one from start: faults may have restarted brokers under new pids
                quietly("stopping the env", () -> environment.down(false));
            }
        }
    }

    /**
     * A running env hosts the scenario only when the scenario says {@code reuseEnv: true} and the
     * env is the one it describes, settings included: a c3 started with other broker settings
     * would measure something else under the same name.
     */
    static void checkReusable(EnvState running, Scenario scenario) {
        String name = running.envName();
        if (!name.equals(scenario.env().name())) {
            throw new ScenarioException(scenario.source(), "env", "no environment running (" + name
                    + " is up: `./chaos down` first)");
        }
        if (!running.spec().equals(scenario.env())) {
            throw new ScenarioException(scenario.source(), "env", "the env " + name + " that is up was started with "
                    + "other settings than this scenario's: `./chaos down` first");
        }
        if (!scenario.reuseEnv()) {
            throw new ScenarioException(scenario.source(), "env", "no environment running (" + name
                    + " is up: `./chaos down` first, or set reuseEnv: true to run on it)");
        }
    }

    private void quietly(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            out.println("teardown: " + what + " failed: " + e.getMessage() + " (`./chaos down` stops what is left)");
        }
    }

    private void startApps(Scenario scenario, EnvState env, AppInstances apps) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("kafka-streams.processing.guarantee", scenario.app().processingGuarantee());
        properties.putAll(scenario.app().config());
        List<AppInstances.AppInstance> started = new ArrayList<>();
        for (int index = 1; index <= scenario.app().instances(); index++) {
            started.add(apps.start(index, env.bootstrapServers(), properties));
        }
        for (AppInstances.AppInstance instance : started) {
            apps.awaitReady(instance, APP_READY_TIMEOUT);
        }
        out.println(started.size() + " app instance(s) ready (" + scenario.app().processingGuarantee() + ")");
    }

    private static List<String> drugs(Scenario scenario) {
        String configured = scenario.app().config().get("supply.drugs");
        return configured != null ? List.of(configured.split("\\s*,\\s*"))
                : List.copyOf(SupplyChainSettings.defaults().catalogue().keySet());
    }

    /**
     * Waits until every acknowledged order is final and the outcome topics were quiet for
     * {@link #SETTLE}, or until nothing completed for the drain timeout.
     */
    private static void drain(RunRecorder recorder, OutcomeConsumer outcomes, Duration timeout, AtomicBoolean stop)
            throws InterruptedException {
        long lastCompleted = -1;
        long lastProgress = System.currentTimeMillis();
        while (!stop.get()) {
            long completed = recorder.completedCount();
            if (completed != lastCompleted) {
                lastCompleted = completed;
                lastProgress = System.currentTimeMillis();
            }
            // the releases that move delivered units to shipped come one commit and one hop after DELIVERED
            boolean settled = recorder.inFlight() == 0
                    && System.currentTimeMillis() - outcomes.lastRecordAt() > SETTLE.toMillis();
            if (settled || System.currentTimeMillis() - lastProgress > timeout.toMillis()) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private void inject(FaultSpec fault, FaultActions actions, Map<String, ActiveFault> active,
                        List<RunResult.FaultEvent> events, FaultEventLog journal, ScheduledExecutorService timers) {
        long begun = System.currentTimeMillis();
        try {
            FaultAction action = actions.bind(fault);
            out.println("\nfault: " + action.describe());
            action.inject();
            journal.append(new FaultEventLog.Entry(begun, FaultEventLog.Entry.INJECT, fault.type().cliName(),
                    String.valueOf(fault.target()), action.describe(), "schedule"));
            long done = System.currentTimeMillis();
            if (done - begun > 1000) {
                out.printf("%nfault: %s took %.1f s%n", action.describe(), (done - begun) / 1000.0);
            }
            if (fault.type().isInstantaneous()) {
                events.add(new RunResult.FaultEvent(fault.type().cliName(), String.valueOf(fault.target()),
                        action.describe(), "schedule", begun, done, null));
                if (fault.type().isRepair()) {
                    endRepairedFaults(fault, action, active, events, done);
                }
                return;
            }
            RunResult.FaultEvent event = new RunResult.FaultEvent(fault.type().cliName(), String.valueOf(fault.target()),
                    action.describe(), "schedule", begun, null, null);
            String key = fault.describe() + "@" + begun;
            synchronized (active) {
                active.put(key, new ActiveFault(fault, action, event));
            }
            events.add(event);
            if (fault.duration() != null) {
                timers.schedule(() -> heal(key, active, events, journal), fault.duration().toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (RuntimeException e) {
            out.println("\nfault " + fault.describe() + " could not be injected: " + e.getMessage());
            events.add(new RunResult.FaultEvent(fault.type().cliName(), String.valueOf(fault.target()),
                    "failed: " + e.getMessage(), "schedule", begun, begun, null));
        }
    }

    /** A start or resume ends the kill, stop or pause of the same broker; heal ends every fault. */
    private static void endRepairedFaults(FaultSpec repair, FaultAction action, Map<String, ActiveFault> active,
                                          List<RunResult.FaultEvent> events, long at) {
        String broker = action.describe().substring(action.describe().lastIndexOf(' ') + 1);
        List<ActiveFault> ended = new ArrayList<>();
        synchronized (active) {
            active.values().removeIf(fault -> {
                boolean repaired = repair.type() == FaultType.HEAL
                        || fault.spec().type().kind() == FaultType.Kind.BROKER
                        && fault.action().describe().endsWith(" " + broker);
                if (repaired) {
                    ended.add(fault);
                }
                return repaired;
            });
        }
        for (ActiveFault fault : ended) {
            RunResult.FaultEvent injected = fault.event();
            events.replaceAll(event -> event == injected ? new RunResult.FaultEvent(event.action(), event.target(),
                    event.detail(), event.source(), event.injectedAt(), at, null) : event);
        }
    }

    private void heal(String key, Map<String, ActiveFault> active, List<RunResult.FaultEvent> events,
                      FaultEventLog journal) {
        ActiveFault fault;
        synchronized (active) {
            fault = active.remove(key);
        }
        if (fault == null) {
            return;
        }
        fault.action().heal();
        long now = System.currentTimeMillis();
        journal.append(new FaultEventLog.Entry(now, FaultEventLog.Entry.HEAL, fault.spec().type().cliName(),
                String.valueOf(fault.spec().target()), fault.action().describe(), "schedule"));
        RunResult.FaultEvent injected = fault.event();
        events.replaceAll(event -> event == injected ? new RunResult.FaultEvent(event.action(), event.target(),
                event.detail(), event.source(), event.injectedAt(), now, null) : event);
        out.println("\nhealed: " + fault.action().describe());
    }

    private void healAll(Map<String, ActiveFault> active, List<RunResult.FaultEvent> events, FaultEventLog journal) {
        List<String> keys;
        synchronized (active) {
            keys = new ArrayList<>(active.keySet());
        }
        keys.forEach(key -> heal(key, active, events, journal));
    }

    /** Turns the recorder's counters into one row a second and prints the progress line. */
    private final class Sampler implements Runnable {
        private final RunRecorder recorder;
        private final BrokerMetrics brokers;
        private final HostMetrics host = new HostMetrics();
        private final List<TimeSeriesRow> rows;
        private final Map<String, ActiveFault> active;
        private final FaultEventLog journal;
        private final List<RunResult.FaultEvent> events;
        private long journalPosition;
        private volatile long measuredStart = Long.MAX_VALUE;
        private long sent;
        private long acked;
        private long completed;

        Sampler(RunRecorder recorder, BrokerMetrics brokers, List<TimeSeriesRow> rows, Map<String, ActiveFault> active,
                FaultEventLog journal, List<RunResult.FaultEvent> events) {
            this.recorder = recorder;
            this.brokers = brokers;
            this.rows = rows;
            this.active = active;
            this.journal = journal;
            this.events = events;
            this.journalPosition = journal.position();
        }

        void measuringFrom(long start) {
            measuredStart = start;
        }

        @Override
        public void run() {
            try {
                FaultEventLog.Read read = journal.readFrom(journalPosition);
                journalPosition = read.next();
                read.entries().stream().filter(entry -> !"schedule".equals(entry.source()))
                        .forEach(entry -> recordForeignFault(entry, events));
                long now = System.currentTimeMillis();
                Histogram latency = recorder.latencyInterval();
                Histogram request = recorder.requestTimeInterval();
                BrokerMetrics.Sample broker = brokers.sample();
                List<String> faults = activeFaults();
                long sentNow = recorder.sentCount();
                long ackedNow = recorder.ackedCount();
                long completedNow = recorder.completedCount();
                long inFlight = recorder.inFlight();
                rows.add(new TimeSeriesRow(measuredStart == Long.MAX_VALUE ? -1 : (now - measuredStart) / 1000,
                        sentNow - sent, ackedNow - acked, completedNow - completed, inFlight, broker.messagesInPerSec(),
                        percentile(latency, 50), percentile(latency, 99), percentile(latency, 100),
                        percentile(request, 99), faults, broker.underReplicated(), broker.bytesInPerSec(),
                        broker.bytesOutPerSec(), broker.isrShrinksPerSec(), broker.isrExpandsPerSec(),
                        broker.requestHandlerIdlePct(), broker.produceTotalTimeP99Ms(), host.cpuPercent(),
                        host.memoryUsedMb()));
                out.printf("\rsent %d  acked %d  completed %d  in flight %d  |  %d orders/s  p99 %s ms  |  faults: %s    ",
                        sentNow, ackedNow, completedNow, inFlight, completedNow - completed,
                        latency.getTotalCount() == 0 ? "-" : String.format("%.0f", percentile(latency, 99)),
                        faults.isEmpty() ? "none" : String.join(", ", faults));
                out.flush();
                sent = sentNow;
                acked = ackedNow;
                completed = completedNow;
            } catch (RuntimeException e) {
                out.println("\nsampling failed: " + e);
            }
        }

        private List<String> activeFaults() {
            List<String> faults = new ArrayList<>();
            synchronized (active) {
                active.values().forEach(fault -> faults.add(fault.action().describe()));
            }
            events.stream().filter(event -> !"schedule".equals(event.source()) && event.healedAt() == null)
                    .forEach(event -> faults.add(event.detail()));
            return faults;
        }

        private static double percentile(Histogram histogram, double percentile) {
            return histogram.getTotalCount() == 0 ? Double.NaN
                    : LatencyHistogram.millis(histogram.getValueAtPercentile(percentile));
        }
    }

    /** A fault injected or healed from another terminal, as the event log tells it. */
    private static void recordForeignFault(FaultEventLog.Entry entry, List<RunResult.FaultEvent> events) {
        if (FaultEventLog.Entry.INJECT.equals(entry.phase())) {
            events.add(new RunResult.FaultEvent(entry.action(), entry.target(), entry.detail(), entry.source(),
                    entry.at(), null, null));
            return;
        }
        for (int i = events.size() - 1; i >= 0; i--) {
            RunResult.FaultEvent event = events.get(i);
            boolean heals = event.healedAt() == null && !"schedule".equals(event.source())
                    && (entry.action().equals("heal") || event.target().equals(entry.target()));
            if (heals) {
                events.set(i, new RunResult.FaultEvent(event.action(), event.target(), event.detail(), event.source(),
                        event.injectedAt(), entry.at(), null));
                if (!entry.action().equals("heal")) {
                    return;
                }
            }
        }
    }

    private RunResult result(Scenario scenario, RunRecorder recorder, Map<String, io.supplychaos.domain.InventoryUpdate> baseline,
                             List<TimeSeriesRow> rows, List<RunResult.FaultEvent> faultEvents, long measuredStart,
                             long sendingEnded, long endedAt, double recordsPerSec, boolean interrupted) {
        CheckResult check = CorrectnessChecker.check(recorder.history(baseline));
        long[] completedPerSecond = completedPerSecond(rows, measuredStart, sendingEnded);
        List<RunResult.FaultEvent> faults = new ArrayList<>();
        List<String> unrecovered = new ArrayList<>();
        double worstRecovery = 0;
        for (RunResult.FaultEvent event : faultEvents) {
            int second = (int) ((event.injectedAt() - measuredStart) / 1000);
            OptionalLong recovery = Recovery.seconds(completedPerSecond, second);
            if (recovery.isEmpty()) {
                unrecovered.add(event.detail());
            } else {
                worstRecovery = Math.max(worstRecovery, recovery.getAsLong());
            }
            faults.add(new RunResult.FaultEvent(event.action(), event.target(), event.detail(), event.source(),
                    event.injectedAt(), event.healedAt(), recovery.isPresent() ? recovery.getAsLong() * 1000 : null));
        }
        RunResult.Latency latency = recorder.latency();
        double ordersPerSec = recorder.ordersPerSecond();
        LegacyVerdict verdict = LegacyVerdict.judge(check, scenario.expect(), latency.p99(), ordersPerSec,
                faults.isEmpty() ? null : worstRecovery, unrecovered);
        // an interrupted run's unfinished orders are in flight, not lost: only say what was cut short
        List<String> violations = interrupted ? List.of("interrupted before the run finished: partial results; "
                + check.lost().size() + " acknowledged orders were still in flight and are not judged")
                : verdict.violations();
        RunResult.Orders orders = LegacyVerdict.orders(check, recorder.sentCount(), recorder.ackedCount(),
                verdict.expectedLost());
        return new RunResult(scenario.name(), scenario.env().name(), workload(scenario), orders,
                new RunResult.Throughput(ordersPerSec, recordsPerSec), latency, recorder.requestTime(),
                recorder.jitter(), recorder.stages(), faults, interrupted ? Verdict.INTERRUPTED : verdict.verdict(),
                violations, List.of(), measuredStart, endedAt, interrupted, recorder.distribution(), null);
    }

    private static List<String> head(List<String> items) {
        return List.copyOf(items.subList(0, Math.min(20, items.size())));
    }

    /** Completed orders in each second of the measured sending phase (index 0 = first second). */
    private static long[] completedPerSecond(List<TimeSeriesRow> rows, long measuredStart, long sendingEnded) {
        int seconds = (int) Math.max(1, (sendingEnded - measuredStart) / 1000);
        long[] perSecond = new long[seconds];
        for (TimeSeriesRow row : rows) {
            if (row.second() >= 0 && row.second() < seconds) {
                perSecond[(int) row.second()] += row.completed();
            }
        }
        return perSecond;
    }

    private static Map<String, Object> workload(Scenario scenario) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("warmup", scenario.workload().warmup());
        workload.put("orders", scenario.workload().orders());
        workload.put("durationSeconds", scenario.workload().durationSeconds());
        workload.put("ratePerSecond", scenario.workload().ratePerSecond());
        workload.put("producers", scenario.workload().producers());
        workload.put("partitioning", scenario.workload().partitioning() == null ? scenario.env().partitioning().yamlName()
                : scenario.workload().partitioning().yamlName());
        workload.put("producer", scenario.producer());
        workload.put("app", Map.of("instances", scenario.app().instances(), "processingGuarantee",
                scenario.app().processingGuarantee(), "config", scenario.app().config()));
        return workload;
    }

    private static String describe(WorkloadSpec workload) {
        return (workload.orders() > 0 ? workload.orders() + " orders" : "")
                + (workload.durationSeconds() > 0 ? " for " + workload.durationSeconds() + " s" : "")
                + (workload.ratePerSecond() > 0 ? " at " + workload.ratePerSecond() + "/s" : " as fast as possible")
                + " from " + workload.producers() + " producer(s)";
    }

    private static Map<Integer, Integer> jmxPorts(EnvState env) {
        Map<Integer, Integer> ports = new HashMap<>();
        env.brokers().forEach(broker -> ports.put(broker.id(), broker.jmxPort()));
        return ports;
    }

    private static Map<TopicPartition, Long> endOffsets(String bootstrapServers) {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(config)) {
            Map<TopicPartition, OffsetSpec> request = new HashMap<>();
            admin.describeTopics(admin.listTopics().names().get(30, TimeUnit.SECONDS)).allTopicNames()
                    .get(30, TimeUnit.SECONDS).forEach((topic, description) -> description.partitions()
                            .forEach(partition -> request.put(new TopicPartition(topic, partition.partition()),
                                    OffsetSpec.latest())));
            Map<TopicPartition, Long> offsets = new HashMap<>();
            admin.listOffsets(request).all().get(30, TimeUnit.SECONDS)
                    .forEach((partition, info) -> offsets.put(partition, info.offset()));
            return offsets;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    /**
     * Records written on all topics since {@code before} (internal ones included, Kafka's own
     * excluded), per second of the span that orders/s is counted over: the two figures share a
     * denominator, so their ratio is records per order.
     */
    private static double recordsPerSecond(String bootstrapServers, Map<TopicPartition, Long> before, long spanMillis) {
        Map<TopicPartition, Long> after = endOffsets(bootstrapServers);
        long records = 0;
        for (Map.Entry<TopicPartition, Long> end : after.entrySet()) {
            if (!end.getKey().topic().startsWith("__")) {
                records += end.getValue() - before.getOrDefault(end.getKey(), 0L);
            }
        }
        return spanMillis == 0 ? 0 : records * 1000.0 / spanMillis;
    }
}
