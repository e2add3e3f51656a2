package io.supplychaos.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.supplychaos.app.Tuning;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.Expectations;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.RunResult;
import io.supplychaos.spec.Durations;
import io.supplychaos.spec.Rule;
import io.supplychaos.spec.SpecException;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;

/**
 * Reads a scenario file into a validated {@link Scenario}, whole, before anything starts. Every
 * problem — bad YAML, an unknown key, a number out of range, an unknown env, a fault the env
 * cannot take, a producer or app property Kafka does not know — is a {@link ScenarioException}
 * naming the file, the field path, its line and column and what was expected. Env names resolve
 * through the given function (env/NAME.yaml); an inline {@code env:} block is validated like an
 * env file. Reads the scenario and env files only.
 */
public final class ScenarioLoader {

    /** Sending stops after this long with no acknowledgement, unless the scenario says otherwise. */
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(60);

    /** Bounds of the scenario's numbers: generous for any experiment here, small enough never to overflow. */
    static final long MAX_ORDERS = 1_000_000_000L;
    static final long MAX_DURATION_SECONDS = Duration.ofHours(24).toSeconds();
    static final double MAX_RATE = 1_000_000;
    static final int MAX_PRODUCERS = 64;
    static final int MAX_INSTANCES = 8;
    static final int MAX_REPEAT = 100;
    static final Rule<Duration> STALL_TIMEOUT = Rule.duration(Duration.ofSeconds(5), Duration.ofMinutes(10));
    static final Rule<Duration> DRAIN_TIMEOUT = Rule.duration(Duration.ofSeconds(1), Duration.ofHours(1));
    static final Rule<Long> ORDER_COUNT = Rule.whole(1, MAX_ORDERS, "orders", null);
    static final Rule<Long> TOLERANCE = Rule.whole(0, MAX_ORDERS);

    private static final Set<String> TOP = Set.of("name", "env", "app", "producer", "workload", "faults", "expect",
            "drainTimeout", "stallTimeout", "repeat", "sweep", "reuseEnv", "paper");
    private static final Set<String> APP = Set.of("instances", "processingGuarantee", "config", "tuning");
    private static final List<String> TUNINGS = List.of("auto", "latency", "throughput");
    private static final Set<String> WORKLOAD = Set.of("warmup", "orders", "durationSeconds", "ratePerSecond",
            "producers", "partitioning");
    private static final Set<String> EXPECT = Set.of("lost", "duplicates", "outOfOrder", "inventoryConserved",
            "maxP99Ms", "minOrdersPerSec", "maxRecoverySeconds", "minAcked");
    private static final Set<String> SWEEP = Set.of("env", "orders");
    private static final List<String> GUARANTEES = List.of("exactly_once_v2", "at_least_once");
    private static final String PAPER_RATE = "paper";

    private final Function<String, Path> envFiles;

    /** @param envFiles resolves an env name (c3) or path to its file; throws EnvSpecException when unknown */
    public ScenarioLoader(Function<String, Path> envFiles) {
        this.envFiles = envFiles;
    }

    public Scenario load(Path file) {
        String source = file.toString();
        SpecNode top = SpecFile.read(file, ScenarioException::new)
                .mapping("with name, env, workload, ...").only(TOP);
        String name = top.has("name") ? top.get("name").text()
                : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw top.get("name").refuse("letters, digits, '.', '_' or '-'");
        }
        List<Scenario.SweepPoint> sweep = top.has("sweep") ? sweep(top.get("sweep")) : List.of();
        if (!top.has("env") && sweep.isEmpty()) {
            throw top.get("env").error("required: an env name (c1, c2, c3, ...) or an inline env block");
        }
        EnvSpec env = top.has("env") ? env(top.get("env"), name) : sweep.get(0).env();
        SpecNode workloadNode = top.get("workload");
        WorkloadSpec workload = workload(workloadNode);
        if (workload.orders() == 0 && workload.durationSeconds() == 0 && sweep.isEmpty()) {
            throw workloadNode.get("orders").error("orders > 0 or durationSeconds > 0");
        }
        if (paperRate(workloadNode)) {
            PaperTable paper = PaperTable.load();
            if (sweep.isEmpty()) {
                workload = workload.withRatePerSecond(paperThroughput(paper, workloadNode, env, workload.orders()));
            } else {
                sweep = sweep.stream().map(point -> point.withRatePerSecond(
                        paperThroughput(paper, workloadNode, point.env(), point.orders()))).toList();
            }
        }
        AppSpec app = app(top.get("app"));
        Map<String, String> producer = top.has("producer") ? KafkaProperties.producer(top.get("producer")) : Map.of();
        List<FaultSpec> faults = FaultSchedule.parse(top.get("faults"));
        // faults are checked against every env the scenario runs on: a sweep's points may differ
        List<EnvSpec> envs = sweep.isEmpty() ? List.of(env)
                : sweep.stream().map(Scenario.SweepPoint::env).distinct().toList();
        for (EnvSpec target : envs) {
            FaultSchedule.check(faults, top.get("faults"), target, app, envs.size() > 1);
        }
        return new Scenario(name, source, env, app, producer, workload, faults, expect(top.get("expect")),
                top.get("drainTimeout").as(DRAIN_TIMEOUT, DEFAULT_DRAIN_TIMEOUT),
                top.get("stallTimeout").as(STALL_TIMEOUT, DEFAULT_STALL_TIMEOUT),
                Math.toIntExact(top.get("repeat").as(Rule.whole(1, MAX_REPEAT), 1L)), sweep,
                top.get("reuseEnv").as(Rule.bool(), false), top.get("paper").as(Rule.bool(), false));
    }

    /** An env by name (its own file's problems quoted at this field) or an inline block. */
    private EnvSpec env(SpecNode node, String scenarioName) {
        if (!node.isScalar()) {
            return EnvSpecReader.fromNode(node, scenarioName);
        }
        try {
            return EnvSpecReader.read(envFiles.apply(node.scalar()));
        } catch (SpecException e) {
            throw node.error(e.getMessage());
        }
    }

    private AppSpec app(SpecNode app) {
        if (!app.present()) {
            return new AppSpec(1, GUARANTEES.get(0), Map.of());
        }
        app.mapping("with instances, processingGuarantee, tuning, config").only(APP);
        String tuning = app.get("tuning").as(Rule.oneOf(TUNINGS), "auto");
        return new AppSpec(Math.toIntExact(app.get("instances").as(Rule.whole(1, MAX_INSTANCES), 1L)),
                app.get("processingGuarantee").as(Rule.oneOf(GUARANTEES), GUARANTEES.get(0)),
                app.has("config") ? KafkaProperties.appConfig(app.get("config")) : Map.of(),
                "auto".equals(tuning) ? null : Tuning.parse(tuning));
    }

    private WorkloadSpec workload(SpecNode workload) {
        if (!workload.present()) {
            return new WorkloadSpec(List.of(), 0, 0, 0, 1, null);
        }
        workload.mapping("with orders, durationSeconds, ratePerSecond, ...").only(WORKLOAD);
        List<Long> warmup = new ArrayList<>();
        SpecNode warmupNode = workload.get("warmup");
        if (warmupNode.isScalar()) {
            warmup.add(warmupNode.as(ORDER_COUNT));
        } else if (warmupNode.present()) {
            warmupNode.items("order counts").forEach(count -> warmup.add(count.as(ORDER_COUNT)));
        }
        Partitioning partitioning = workload.has("partitioning")
                ? workload.get("partitioning").choice(Partitioning.values(), Partitioning::yamlName) : null;
        return new WorkloadSpec(warmup,
                workload.get("orders").as(Rule.whole(0, MAX_ORDERS, "orders", null), 0L),
                workload.get("durationSeconds").as(Rule.whole(0, MAX_DURATION_SECONDS, "seconds", null), 0L),
                paperRate(workload) ? 0 : workload.get("ratePerSecond").as(RATE, 0.0),
                Math.toIntExact(workload.get("producers").as(Rule.whole(1, MAX_PRODUCERS), 1L)), partitioning);
    }

    private static final Rule<Double> RATE = Rule.of(Rule.decimal(0, MAX_RATE, "orders per second").expected()
            + " (0 = as fast as possible) or '" + PAPER_RATE + "' (Table II's throughput for the env and order count)",
            Rule.decimal(0, MAX_RATE, null)::parse);

    private static Expectations expect(SpecNode expect) {
        if (!expect.present()) {
            return Expectations.strict();
        }
        expect.mapping("with lost, duplicates, outOfOrder, ...").only(EXPECT);
        SpecNode lostNode = expect.get("lost");
        boolean lossExpected = lostNode.isScalar() && lostNode.scalar().equals("expected");
        Rule<Long> lost = Rule.of(TOLERANCE.expected() + " or 'expected'", TOLERANCE::parse);
        Rule<Double> ceiling = Rule.decimal(0, 1e9, null);
        return new Expectations(lossExpected ? null : lostNode.as(lost, 0L), lossExpected,
                expect.get("duplicates").as(TOLERANCE, 0L),
                expect.get("outOfOrder").as(TOLERANCE, 0L),
                expect.get("inventoryConserved").as(Rule.bool(), true),
                expect.get("maxP99Ms").as(ceiling, null),
                expect.get("minOrdersPerSec").as(Rule.decimal(0, MAX_RATE, null), null),
                expect.get("maxRecoverySeconds").as(Rule.decimal(0, MAX_DURATION_SECONDS, null), null),
                expect.get("minAcked").as(TOLERANCE, 1L));
    }

    private List<Scenario.SweepPoint> sweep(SpecNode sweep) {
        sweep.mapping("with env and orders lists").only(SWEEP);
        List<SpecNode> envs = sweep.get("env").items("env names");
        List<SpecNode> counts = sweep.get("orders").items("order counts");
        if (envs.isEmpty()) {
            throw sweep.get("env").error("a non-empty list of env names");
        }
        if (counts.isEmpty()) {
            throw sweep.get("orders").error("a non-empty list of order counts");
        }
        List<Scenario.SweepPoint> points = new ArrayList<>();
        for (SpecNode envNode : envs) {
            EnvSpec env = env(envNode, "sweep");
            for (SpecNode count : counts) {
                points.add(new Scenario.SweepPoint(env, count.as(ORDER_COUNT), null));
            }
        }
        return points;
    }

    /** {@code ratePerSecond: paper}: the paper's own throughput, resolved per run once env and order count are known. */
    private static boolean paperRate(SpecNode workload) {
        SpecNode rate = workload.get("ratePerSecond");
        return rate.isScalar() && PAPER_RATE.equals(rate.scalar());
    }

    /**
     * The throughput Table II gives for the env's config at this order count: offering the load
     * the paper's system carried makes the latencies comparable, where a burst would measure queueing.
     */
    private static double paperThroughput(PaperTable paper, SpecNode workload, EnvSpec env, long orders) {
        return paper.figures(env.name(), orders).map(RunResult.PaperFigures::throughputPerSec)
                .orElseThrow(() -> workload.get("ratePerSecond").error("'" + PAPER_RATE + "' only for an env named c1, c2 "
                        + "or c3 and an order count of the paper's Table II (" + paper.messageCounts().stream()
                        .map(String::valueOf).collect(Collectors.joining(", ")) + "); got env '" + env.name() + "' with " + orders + " orders"));
    }

    /** "10s", "500ms", "2m", "1h", or a plain number of seconds; null for anything else. */
    public static Duration parseDuration(String text) {
        return Durations.parse(text).orElse(null);
    }
}
