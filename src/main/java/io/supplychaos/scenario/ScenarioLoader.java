package io.supplychaos.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.supplychaos.app.Tuning;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.Partitioning;
import io.supplychaos.history.Expectations;
import io.supplychaos.metrics.SteadyState;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.RunResult;
import io.supplychaos.spec.Durations;
import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
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

    private static final List<String> TUNINGS = List.of("auto", "latency", "throughput");
    private static final List<String> GUARANTEES = List.of("exactly_once_v2", "at_least_once");
    private static final String PAPER_RATE = "paper";
    private static final String LOSS_EXPECTED = "expected";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private static final Rule<Long> INSTANCES = Rule.whole(1, MAX_INSTANCES);
    private static final Rule<String> GUARANTEE = Rule.oneOf(GUARANTEES);
    private static final Rule<String> TUNING = Rule.oneOf(TUNINGS);
    private static final Rule<Long> ORDERS = Rule.whole(0, MAX_ORDERS, "orders", null);
    private static final Rule<Long> DURATION_SECONDS = Rule.whole(0, MAX_DURATION_SECONDS, "seconds", null);
    private static final Rule<Double> RATE = Rule.of(Rule.decimal(0, MAX_RATE, "orders per second").expected()
            + " (0 = as fast as possible) or '" + PAPER_RATE + "' (Table II's throughput for the env and order count)",
            Rule.decimal(0, MAX_RATE, null)::parse, Shape.json("anyOf", List.of(Rule.decimal(0, MAX_RATE, null).schema(),
                    Shape.json("const", PAPER_RATE))));
    private static final Rule<Long> PRODUCERS = Rule.whole(1, MAX_PRODUCERS);
    private static final Rule<Long> LOST = Rule.of(TOLERANCE.expected() + " or '" + LOSS_EXPECTED + "'", TOLERANCE::parse,
            Shape.json("anyOf", List.of(TOLERANCE.schema(), Shape.json("const", LOSS_EXPECTED))));
    private static final Rule<Double> MAX_P99 = Rule.decimal(0, 1e9, null);
    private static final Rule<Double> MIN_RATE = Rule.decimal(0, MAX_RATE, null);
    private static final Rule<Double> MAX_RECOVERY = Rule.decimal(0, MAX_DURATION_SECONDS, null);
    private static final Rule<Long> REPEAT = Rule.whole(1, MAX_REPEAT);
    private static final Rule<Double> ACKED_SHARE = Rule.decimal(0, 1, null);
    private static final String STEADY = "steady";
    private static final String NO_WARMUP = "none";
    /** A warm-up as one word: a count, or 'steady' or 'none' (read before the count). */
    private static final Rule<Long> WARMUP_WORD = Rule.of(ORDER_COUNT.expected() + ", '" + STEADY + "' or '" + NO_WARMUP
            + "'", ORDER_COUNT::parse, Shape.json("anyOf", List.of(ORDER_COUNT.schema(),
                    Shape.json("enum", List.of(STEADY, NO_WARMUP)))));
    private static final String JIT_QUIET = "jit-quiet";
    private static final Rule<String> WARMUP_UNTIL = Rule.oneOf(List.of(STEADY, JIT_QUIET));
    private static final Rule<Duration> WARMUP_MAX = Rule.duration(Duration.ofSeconds(1), Duration.ofMinutes(30));
    private static final Rule<Duration> WARMUP_WINDOW = Rule.duration(Duration.ofSeconds(1), Duration.ofMinutes(5));
    private static final Rule<Long> WARMUP_WINDOWS = Rule.whole(1, 20);
    private static final Rule<Double> WARMUP_TOLERANCE = Rule.decimal(0, 99, "percent");

    /** An env by name (env/NAME.yaml, or a path) or an inline env block. */
    private static final Shape ENV = Shape.anyOf(Shape.text("an env name (c1, c2, c3, ...) or the path of an env file"),
            new Shape.Named("env", "An inline env block, as in an env file", EnvSpecReader.SHAPE));
    private static final Shape.Keys APP = Shape.keys(
            Shape.optional("instances", INSTANCES, "App instances to run (default 1)"),
            Shape.optional("processingGuarantee", GUARANTEE, "The Streams processing guarantee (default exactly_once_v2)"),
            Shape.optional("config", KafkaProperties.APP_CONFIG,
                    "App properties: kafka-streams.* (Streams and its clients), supply.* (the supply chain's) or quarkus.*"),
            Shape.optional("tuning", TUNING, "Commit interval and caches for latency or throughput (default auto: by the rate)"));
    private static final Shape.Keys WARMUP_STEADY = Shape.keys(
            Shape.required("until", WARMUP_UNTIL, "What ends the warm-up: steady, the p50 stopped falling and rising and the backlog "
                    + "held; or jit-quiet, a round of orders in which the JIT compilers of the JVMs here were quiet (any rate, "
                    + "as fast as possible too)"),
            Shape.optional("max", WARMUP_MAX, "The bound: not steady after this long, the measured phase starts anyway "
                    + "(default 90s; at least (windows + 1) x window)"),
            Shape.optional("orders", ORDER_COUNT, "With until: jit-quiet (and only there, where it is required): the "
                    + "orders of each round, sent at the rate and drained"),
            Shape.optional("window", WARMUP_WINDOW, "What each p50 and backlog is taken over (default 5s)"),
            Shape.optional("windows", WARMUP_WINDOWS, "How many windows in a row must hold (default 3)"),
            Shape.optional("tolerancePercent", WARMUP_TOLERANCE, "How far the p50 may still fall below the lowest before "
                    + "them, and the backlog grow as a share of the orders sent, and hold (default 10)"));
    private static final Shape.Keys WORKLOAD = Shape.keys(
            Shape.optional("warmup", Shape.anyOf(Shape.value(WARMUP_WORD), new Shape.ListOf(Shape.value(ORDER_COUNT), false),
                            WARMUP_STEADY),
                    "Before the measured phase: 'steady' (the default at a rate) or {until: steady, ...}: orders at the "
                            + "rate until the p50 stops falling; {until: jit-quiet, orders, max}: rounds of orders until the "
                            + "JIT is quiet; order counts sent in one or more rounds; or 'none'"),
            Shape.optional("orders", ORDERS, "Orders sent in the measured phase (this or durationSeconds)"),
            Shape.optional("durationSeconds", DURATION_SECONDS, "How long the measured phase sends, instead of a count"),
            Shape.optional("ratePerSecond", RATE, "The offered load"),
            Shape.optional("producers", PRODUCERS, "Producer threads sending orders (default 1)"),
            Shape.optional("partitioning", Shape.choice(Partitioning.values(), Partitioning::yamlName),
                    "How orders spread over partitions (default: the env's)"));
    private static final Shape.Keys EXPECT = Shape.keys(
            Shape.optional("lost", LOST, "Orders that may be lost (default 0); expected: a loss is the expected outcome"),
            Shape.optional("duplicates", TOLERANCE, "Orders that may be processed twice (default 0)"),
            Shape.optional("outOfOrder", TOLERANCE, "Orders that may arrive out of order (default 0)"),
            Shape.optional("inventoryConserved", Rule.bool(), "Whether stock must add up at the end (default true)"),
            Shape.optional("maxP99Ms", MAX_P99, "Highest p99 end-to-end latency in milliseconds"),
            Shape.optional("minOrdersPerSec", MIN_RATE, "Lowest throughput"),
            Shape.optional("maxRecoverySeconds", MAX_RECOVERY, "Longest recovery after a fault"),
            Shape.optional("minAcked", TOLERANCE, "Fewest measured orders the brokers must acknowledge (default 1)"),
            Shape.optional("minLost", TOLERANCE, "Fewest acknowledged orders that must be lost, with lost: expected (the"
                    + " loss the scenario sets out to show); fewer fails the run"),
            Shape.optional("writtenTwice", LOST, "Sends the load generator's producer may write twice to order-placed,"
                    + " judged apart from duplicates (default: counted as duplicates); expected: any, reported. Only for a"
                    + " producer without idempotence (acks other than all, or enable.idempotence: false)"),
            Shape.optional("minAckedShare", ACKED_SHARE, "Fewest measured orders the brokers must acknowledge, as a"
                    + " share of those sent (default 0.5; not checked when only minAcked is given)"));
    private static final Shape.Keys SWEEP = Shape.keys(
            Shape.required("env", new Shape.ListOf(ENV, true), "The envs to run on"),
            Shape.required("orders", new Shape.ListOf(Shape.value(ORDER_COUNT), true), "The order counts to run with"),
            Shape.optional("ratePerSecond", new Shape.ListOf(Shape.value(RATE), true),
                    "Offered loads to run each env and order count at, in place of the workload's: orders per second,"
                            + " 0 (as fast as possible) or 'paper'"));

    /** A scenario file: every key the loader takes. */
    public static final Shape.Keys SHAPE = Shape.keys(
            Shape.optional("name", Rule.matching(NAME, "letters, digits, '.', '_' or '-'"),
                    "The scenario's name; absent: the file's name without .yaml"),
            Shape.optional("env", ENV, "The env to run on: a name from env/ or an inline block (required unless sweep)"),
            Shape.optional("app", APP, "The supply-chain app instances"),
            Shape.optional("producer", KafkaProperties.PRODUCER, "Kafka producer configs of the load generator"),
            Shape.optional("workload", WORKLOAD, "What the load generator sends"),
            Shape.optional("faults", FaultSchedule.LIST, "The faults, each at its time from the start of the measured phase"),
            Shape.optional("expect", EXPECT, "What the verdict allows; absent: no loss, no duplicates, no reordering"),
            Shape.optional("drainTimeout", DRAIN_TIMEOUT, "How long to wait for the pipeline to deliver after sending"),
            Shape.optional("stallTimeout", STALL_TIMEOUT, "Sending stops after this long without an acknowledgement"),
            Shape.optional("repeat", REPEAT, "Runs of the scenario (default 1)"),
            Shape.optional("sweep", SWEEP, "Runs for every env and order count listed, in place of env"),
            Shape.optional("reuseEnv", Rule.bool(), "Run on an env that is already up instead of starting one (default false)"),
            Shape.optional("paper", Rule.bool(), "Compare the results with the paper's figures (default false)"))
            .and(new Shape.AnyRequired(List.of("env", "sweep")));

    private final Function<String, Path> envFiles;

    /** @param envFiles resolves an env name (c3) or path to its file; throws EnvSpecException when unknown */
    public ScenarioLoader(Function<String, Path> envFiles) {
        this.envFiles = envFiles;
    }

    public Scenario load(Path file) {
        String source = file.toString();
        SpecNode top = SpecFile.read(file, ScenarioException::new)
                .mapping("with name, env, workload, ...").only(SHAPE);
        String name = top.has("name") ? top.get("name").text()
                : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        if (!NAME.matcher(name).matches()) {
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
                // a rate the sweep lists wins over the workload's
                sweep = sweep.stream().map(point -> point.ratePerSecond() != null ? point : point.withRatePerSecond(
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
        // a repeating entry (every:) becomes its concrete faults, drawn among the first env's targets
        faults = FaultSchedule.expandRepeats(faults, top.get("faults"), envs.get(0), app.instances());
        Scenario scenario = new Scenario(name, source, env, app, producer, workload, faults, expect(top.get("expect"), producer),
                top.get("drainTimeout").as(DRAIN_TIMEOUT, DEFAULT_DRAIN_TIMEOUT),
                top.get("stallTimeout").as(STALL_TIMEOUT, DEFAULT_STALL_TIMEOUT),
                Math.toIntExact(top.get("repeat").as(REPEAT, 1L)), sweep,
                top.get("reuseEnv").as(Rule.bool(), false), top.get("paper").as(Rule.bool(), false));
        checkSteadyWarmup(scenario, workloadNode.get("warmup"));
        return scenario;
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
        String tuning = app.get("tuning").as(TUNING, "auto");
        return new AppSpec(Math.toIntExact(app.get("instances").as(INSTANCES, 1L)),
                app.get("processingGuarantee").as(GUARANTEE, GUARANTEES.get(0)),
                app.has("config") ? KafkaProperties.appConfig(app.get("config")) : Map.of(),
                "auto".equals(tuning) ? null : Tuning.parse(tuning));
    }

    private WorkloadSpec workload(SpecNode workload) {
        if (!workload.present()) {
            return new WorkloadSpec(Warmup.byDefault(), 0, 0, 0, 1, null);
        }
        workload.mapping("with orders, durationSeconds, ratePerSecond, ...").only(WORKLOAD);
        Warmup warmup = warmup(workload.get("warmup"));
        Partitioning partitioning = workload.has("partitioning")
                ? workload.get("partitioning").choice(Partitioning.values(), Partitioning::yamlName) : null;
        return new WorkloadSpec(warmup,
                workload.get("orders").as(ORDERS, 0L),
                workload.get("durationSeconds").as(DURATION_SECONDS, 0L),
                paperRate(workload) ? 0 : workload.get("ratePerSecond").as(RATE, 0.0),
                Math.toIntExact(workload.get("producers").as(PRODUCERS, 1L)), partitioning);
    }

    /**
     * Absent: until steady by the default rule (none as fast as possible); 'steady'; 'none'; a count
     * or a list of counts; {until: steady, max, window, windows, tolerancePercent}; or {until: jit-quiet,
     * orders, max}.
     */
    private static Warmup warmup(SpecNode node) {
        if (!node.present()) {
            return Warmup.byDefault();
        }
        if (node.isScalar()) {
            return switch (node.scalar()) {
                case STEADY -> new Warmup.UntilSteady(SteadyState.Rule.DEFAULT, false);
                case NO_WARMUP -> Warmup.none();
                default -> Warmup.orders(List.of(node.as(WARMUP_WORD)));
            };
        }
        if (node.isSequence()) {
            return Warmup.orders(node.items("order counts").stream().map(count -> count.as(ORDER_COUNT)).toList());
        }
        node.mapping("with until: steady, max, window, windows, tolerancePercent").only(WARMUP_STEADY);
        SteadyState.Rule defaults = SteadyState.Rule.DEFAULT;
        if (node.get("until").as(WARMUP_UNTIL).equals(JIT_QUIET)) {
            for (String steadyOnly : List.of("window", "windows", "tolerancePercent")) {
                if (node.has(steadyOnly)) {
                    throw node.get(steadyOnly).error("only with until: steady (a round ends when drained, and the JIT "
                            + "decides); with until: jit-quiet give orders and max");
                }
            }
            if (!node.has("orders")) {
                throw node.error("until: jit-quiet needs orders: the orders of each round (e.g. {until: jit-quiet, "
                        + "orders: 10000, max: 4m})");
            }
            return new Warmup.UntilJitQuiet(node.get("orders").as(ORDER_COUNT), node.get("max").as(WARMUP_MAX, defaults.max()));
        }
        if (node.has("orders")) {
            throw node.get("orders").error("only with until: jit-quiet; until steady sends at the rate until the rule holds");
        }
        Duration window = node.get("window").as(WARMUP_WINDOW, defaults.window());
        int windows = Math.toIntExact(node.get("windows").as(WARMUP_WINDOWS, (long) defaults.windows()));
        double tolerance = node.get("tolerancePercent").as(WARMUP_TOLERANCE, defaults.tolerance() * 100) / 100;
        Duration max = node.get("max").as(WARMUP_MAX, defaults.max());
        Duration least = window.multipliedBy(windows + 1L);
        if (max.compareTo(least) < 0) {
            throw node.get("max").error("at least " + Durations.format(least) + " ((windows + 1) x window: the rule needs "
                    + "a window before the last " + windows + "), got " + Durations.format(max)
                    + (node.has("max") ? "" : " (the default)"));
        }
        return new Warmup.UntilSteady(new SteadyState.Rule(window, windows, tolerance, max), false);
    }

    /**
     * A warm-up the scenario asks to end when steady needs an offered rate in every run: as fast as
     * possible, the latency grows with the backlog and there is no steady state to wait for.
     */
    private static void checkSteadyWarmup(Scenario scenario, SpecNode warmupNode) {
        if (!(scenario.workload().warmup() instanceof Warmup.UntilSteady steady) || steady.byDefault()) {
            return;
        }
        for (Scenario run : scenario.runs()) {
            if (run.workload().ratePerSecond() <= 0) {
                throw warmupNode.error("warm-up until steady needs an offered rate (ratePerSecond above 0): as fast as "
                        + "possible the latency grows with the backlog and never settles"
                        + (scenario.sweep().isEmpty() ? "" : "; run " + run.name() + " sends as fast as possible")
                        + "; give order counts (warmup: [1000]) or none");
            }
        }
    }

    private static Expectations expect(SpecNode expect, Map<String, String> producer) {
        if (!expect.present()) {
            return Expectations.strict();
        }
        expect.mapping("with lost, duplicates, outOfOrder, ...").only(EXPECT);
        SpecNode lostNode = expect.get("lost");
        boolean lossExpected = lostNode.isScalar() && lostNode.scalar().equals(LOSS_EXPECTED);
        Long minLost = expect.get("minLost").as(TOLERANCE, null);
        if (minLost != null && !lossExpected) {
            throw expect.get("minLost").error("only with lost: '" + LOSS_EXPECTED + "' (a scenario that sets out to show"
                    + " a loss); lost is " + (lostNode.present() ? lostNode.scalar() : "0 by default"));
        }
        Long writtenTwice = writtenTwice(expect.get("writtenTwice"), producer);
        return new Expectations(lossExpected ? null : lostNode.as(LOST, 0L), lossExpected,
                expect.get("duplicates").as(TOLERANCE, 0L),
                expect.get("outOfOrder").as(TOLERANCE, 0L),
                expect.get("inventoryConserved").as(Rule.bool(), true),
                expect.get("maxP99Ms").as(MAX_P99, null),
                expect.get("minOrdersPerSec").as(MIN_RATE, null),
                expect.get("maxRecoverySeconds").as(MAX_RECOVERY, null),
                expect.get("minAcked").as(TOLERANCE, 1L),
                // a scenario that sets the absolute floor alone keeps it alone, as before the share existed
                expect.get("minAckedShare").as(ACKED_SHARE,
                        expect.has("minAcked") ? null : Expectations.DEFAULT_ACKED_SHARE),
                minLost, writtenTwice);
    }

    /**
     * {@code expect.writtenTwice}: null when absent; refused for an idempotent producer, which never
     * writes one send twice (Kafka turns idempotence on by default unless {@code acks} is other than
     * all, or {@code enable.idempotence} is false, or in-flight requests exceed 5).
     */
    private static Long writtenTwice(SpecNode node, Map<String, String> producer) {
        if (!node.present()) {
            return null;
        }
        long allowed = node.isScalar() && node.scalar().equals(LOSS_EXPECTED) ? Expectations.ANY : node.as(LOST, 0L);
        if (allowed > 0 && idempotent(producer)) {
            throw node.error("the producer is idempotent (acks: " + producer.getOrDefault("acks", "all")
                    + ", enable.idempotence: " + producer.getOrDefault("enable.idempotence", "true by default")
                    + "), so it never writes one send twice; writtenTwice needs acks 0 or 1, or enable.idempotence: false");
        }
        return allowed;
    }

    /** Kafka's producer defaults: idempotent unless a setting it needs was changed. */
    private static boolean idempotent(Map<String, String> producer) {
        String acks = producer.getOrDefault("acks", "all").trim();
        String explicit = producer.get("enable.idempotence");
        if (explicit != null) {
            return Boolean.parseBoolean(explicit.trim());
        }
        boolean acksAll = acks.equals("all") || acks.equals("-1");
        int inFlight = Integer.parseInt(producer.getOrDefault("max.in.flight.requests.per.connection", "5").trim());
        long retries = Long.parseLong(producer.getOrDefault("retries", String.valueOf(Integer.MAX_VALUE)).trim());
        return acksAll && inFlight <= 5 && retries > 0;
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
        // a listed rate: a number, or NaN for 'paper' (resolved per point once env and count are known)
        List<Double> rates = new ArrayList<>();
        if (sweep.has("ratePerSecond")) {
            List<SpecNode> listed = sweep.get("ratePerSecond").items("offered loads");
            if (listed.isEmpty()) {
                throw sweep.get("ratePerSecond").error("a non-empty list of offered loads");
            }
            for (SpecNode rate : listed) {
                rates.add(rate.isScalar() && PAPER_RATE.equals(rate.scalar()) ? Double.NaN : rate.as(RATE));
            }
        } else {
            rates.add(null);
        }
        PaperTable paper = PaperTable.load();
        List<Scenario.SweepPoint> points = new ArrayList<>();
        for (SpecNode envNode : envs) {
            EnvSpec env = env(envNode, "sweep");
            for (Double rate : rates) {
                for (SpecNode count : counts) {
                    long orders = count.as(ORDER_COUNT);
                    if (rate == null) {
                        points.add(new Scenario.SweepPoint(env, orders, null));
                    } else if (rate.isNaN()) {
                        points.add(new Scenario.SweepPoint(env, orders, paperThroughput(paper, sweep, env, orders),
                                "paper-rate"));
                    } else {
                        points.add(new Scenario.SweepPoint(env, orders, rate, rate == 0 ? "max-rate"
                                : Math.round(rate) + "-per-s"));
                    }
                }
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
