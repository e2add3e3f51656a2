package io.supplychaos.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.producer.RecordMetadata;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.cluster.ClusterTopics;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.env.AppHeap;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.BrokerClasspath;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.ExternalCommand;
import io.supplychaos.env.JavaRuntime;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.StateDir;
import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.kind.Environments;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.metrics.HostMetrics;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.metrics.SteadyState;
import io.supplychaos.provenance.MachineCalibration;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.scenario.AppSpec;
import io.supplychaos.scenario.ClusterOffsets;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.scenario.Warmup;
import io.supplychaos.scenario.WorkloadSpec;
import io.supplychaos.session.Apps;
import io.supplychaos.session.ClusterSource;
import io.supplychaos.session.Session;
import io.supplychaos.session.SessionPlan.Reuse;
import io.supplychaos.session.SessionPlan;
import io.supplychaos.session.Sessions;
import io.supplychaos.spec.Durations;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topics;
import io.supplychaos.workload.WorkloadGenerator;

/**
 * Puts the project beside Kafka's own producer benchmark in one invocation on one machine:
 * Kafka's ProducerPerformance (from the brokers' own kafka-tools) through the proxies and on a
 * direct env, the project's load generator alone with the same producer settings and record size
 * (placed as Kafka's benchmark places its keyless records, and keyed by order id as in a run), in
 * alternating rounds whose median is the figure, and the whole pipeline as fast as it goes, after
 * rounds of as many orders until the JIT compilers are quiet, under exactly_once_v2 and at_least_once, with the resident memory of brokers,
 * Toxiproxy and app while the pipeline runs; and, when the env has a secured twin (ENV-sasl-ssl),
 * Kafka's benchmark and the EOS light load on both, for what TLS and SASL cost. Starts and stops its
 * own envs (refuses when one is running) and writes nothing but the figures. A raised stop flag
 * (Ctrl-C) ends it between steps, envs stopped.
 */
public final class Benchmark {

    /**
     * What one bench measured; field names are the JSON keys the issue asks for.
     *
     * @param loadGenerator      the load generator with Kafka's benchmark's partitioning (sticky
     *                           batches, the key not used for placement): the figure compared
     * @param loadGeneratorKeyed the load generator placing each order by its id, as runs do
     */
    public record Figures(Throughput producerPerformance, Throughput loadGenerator, Throughput loadGeneratorKeyed,
                          Pipelines pipeline, LightLoads lightLoad, Throughput direct, double rssMb,
                          double rssFileMb, Map<String, Double> rssMbByProcess, Map<String, Object> settings,
                          TlsCost tls) {

        /** Kafka's benchmark through the proxies: the same figure as {@link #producerPerformance}, under its own key. */
        @JsonProperty("proxied")
        public Throughput proxied() {
            return producerPerformance;
        }
    }

    /** One producer's figures; {@code rounds} holds every round's records/s, the rest is the median round's. */
    public record Throughput(double recordsPerSec, double avgLatencyMs, double p99LatencyMs, List<Double> rounds) {

        Throughput(double recordsPerSec, double avgLatencyMs, double p99LatencyMs) {
            this(recordsPerSec, avgLatencyMs, p99LatencyMs, List.of(recordsPerSec));
        }

        /** The round with the median records/s (the upper one of an even count), carrying all rounds. */
        static Throughput median(List<Throughput> rounds) {
            List<Throughput> sorted = rounds.stream().sorted(Comparator.comparingDouble(Throughput::recordsPerSec)).toList();
            Throughput middle = sorted.get(sorted.size() / 2);
            return new Throughput(middle.recordsPerSec(), middle.avgLatencyMs(), middle.p99LatencyMs(),
                    rounds.stream().map(Throughput::recordsPerSec).toList());
        }
    }

    /**
     * One pipeline run as fast as it goes.
     *
     * @param recordsPerOrder             records per order over the whole run (its unmeasured orders too,
     *                                    from before the app started to after it stopped and flushed its
     *                                    caches) by class of topic
     *                                    ({@link RecordsPerOrder}): business, repartition, changelog,
     *                                    other, markers, total
     * @param recordsPerOrderByTopic      the same run's data records per order in each topic, the most
     *                                    written first ({@link RecordsPerOrder#byTopic})
     * @param cpuSecondsPerThousandOrders each process's CPU seconds per 1,000 measured orders, from the
     *                                    measured phase's start to the end of their drain (the warm-up,
     *                                    the app's start and stop and the run's check left out)
     * @param profiles                    flame graphs written (with {@code --profile}), by process: of the
     *                                    measured phase
     * @param warmupOrders                orders of the warm-up's rounds (as fast as they go, each drained)
     * @param warmupMs                    how long the rounds took
     * @param jitQuiet                    the last round's JIT compilers were quiet (else the bound ended
     *                                    the warm-up)
     * @param warmupJitCores              the cores the watched JVMs' compilers used in each round, per
     *                                    second of the round that carried orders
     * @param jitShareOfCpu               the share of each JVM's CPU in the measured phase that its JIT
     *                                    compilers used (0 to 1): what is left of the warm-up in the figure
     * @param calibration                 the machine's calibration ({@link MachineCalibration}) taken just
     *                                    before the run, the env idle: two runs' figures compare only when
     *                                    their calibrations are alike
     */
    public record Pipeline(double ordersPerSec, double recordsPerSec, double avgLatencyMs, double p99LatencyMs,
                           String verdict, Map<String, Double> recordsPerOrder,
                           Map<String, Double> recordsPerOrderByTopic,
                           Map<String, Double> cpuSecondsPerThousandOrders, Map<String, String> profiles,
                           long warmupOrders, long warmupMs, boolean jitQuiet, List<Double> warmupJitCores,
                           Map<String, Double> jitShareOfCpu, Provenance.Calibration calibration) {
    }

    public record Pipelines(Pipeline eos, Pipeline alos) {
    }

    /**
     * The pipeline at a light, steady load: end-to-end latency and each hop's p50 (see the run's
     * {@code hops}), with the tuning the offered rate chooses.
     */
    public record LightLoad(double offeredPerSec, double ordersPerSec, double p50LatencyMs, double p99LatencyMs,
                            String tuning, Map<String, Double> hopP50Ms, String verdict, String warmup,
                            boolean steady, long warmupMs) {
    }

    public record LightLoads(LightLoad eos, LightLoad alos) {
    }

    /**
     * What the SASL_SSL client listener costs: Kafka's benchmark with the same settings on the
     * plaintext env and on its secured twin of the same shape (ENV-sasl-ssl), and the EOS pipeline's
     * light-load latency on both.
     *
     * @param env        the plaintext env, e.g. c3
     * @param securedEnv its secured twin, e.g. c3-sasl-ssl, and its mechanism
     */
    public record TlsCost(String env, String securedEnv, String mechanism, Throughput plaintext, Throughput secured,
                          LightLoad plaintextLightEos, LightLoad securedLightEos) {

        /** Secured records/s over plaintext records/s. */
        @JsonProperty("ratio")
        public double ratio() {
            return secured.recordsPerSec() / plaintext.recordsPerSec();
        }
    }

    /** The secured twin of an env: the same shape with a SASL_SSL client listener. */
    public static String securedTwin(String envName) {
        return envName + "-sasl-ssl";
    }

    /** What the proxied env gave. */
    private record OnProxied(Throughput producerPerformance, Throughput loadGenerator, Throughput loadGeneratorKeyed,
                             Pipelines pipelines, LightLoads lightLoads, double rssMb, double rssFileMb,
                             Map<String, Double> rssMbByProcess) {
    }

    private static final String BENCH_TOPIC = "bench-orders";
    /** Orders of the unmeasured run that trains the app's AOT cache: enough to run every stage and store. */
    private static final long APP_TRAINING_ORDERS = 2_000;
    /**
     * The bound on a pipeline run's warm-up rounds: at 600-1,000 orders/s on two cores the compilers of
     * five JVMs took 2-3 minutes to fall quiet (docs/PERFORMANCE.md, "A throughput after the JIT").
     */
    private static final Duration PIPELINE_WARMUP_MAX = Duration.ofSeconds(240);
    /** Orders per warm-up round of a pipeline run: 7-15 s here, so that a round's JIT figure is not one burst. */
    private static final long PIPELINE_ROUND_ORDERS = 10_000;
    /** Warm-up passes send this fraction of the measured records. */
    private static final long WARM_UP_DIVISOR = 3;
    /**
     * Producer rounds per figure, alternated between the producers compared: one round each gave
     * ratios from 0.6 to 1.2 between back-to-back benches here, as brokers, JIT and page cache drift.
     */
    private static final int ROUNDS = 3;
    /** The light load: a third of the paper's C3 rate, steady, long enough for a stable p99. */
    private static final double LIGHT_RATE = 100;
    private static final long LIGHT_ORDERS = 3000;
    /**
     * The light load warms up until steady (metrics.SteadyState), as the figure asks: a fixed
     * count ended inside a fresh app's JIT and measured the drain of its queue. A fresh app on two
     * cores took 140-205 s to a steady p50 at 100/s with its compilers quiet (session 22), and with a
     * 3-minute bound the full benches of sessions 15, 19 and 20 measured light loads that were not
     * steady yet (docs/PERFORMANCE.md); 5 minutes leaves room for the slow start of a busy machine.
     */
    private static final SteadyState.Rule LIGHT_STEADY = SteadyState.Rule.DEFAULT.withMax(Duration.ofSeconds(300));
    private static final Pattern PERF_SUMMARY = Pattern.compile(
            "(\\d+) records sent, ([\\d.]+) records/sec .*?, ([\\d.]+) ms avg latency, ([\\d.]+) ms max latency, "
                    + "(\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th");

    private final ChaosPaths paths;
    private final int basePort;
    private final PrintWriter out;
    private final Environments environments;
    private final Sessions sessions;
    private final Path profiles;

    public Benchmark(ChaosPaths paths, int basePort, PrintWriter out) {
        this(paths, basePort, out, null);
    }

    /** @param profiles where the pipeline runs' flame graphs go; null for none */
    public Benchmark(ChaosPaths paths, int basePort, PrintWriter out, Path profiles) {
        this.paths = paths;
        this.basePort = basePort;
        this.out = out;
        this.profiles = profiles;
        this.environments = Environments.of(paths);
        this.sessions = new Sessions(paths, basePort, ClusterSource.of(environments), false, out::println);
    }

    /**
     * @param envName     the proxied env to measure on (c3 by default); its {@code -direct} twin
     *                    (e.g. c3-direct) gives the direct figure
     * @param producers   the throughput figures' producer settings, and the light load's
     * @param records     records per producer benchmark
     * @param orders      orders per pipeline run
     * @param stop        raised on Ctrl-C: the benchmark ends after the current step
     */
    public Figures run(String envName, BenchProducers producers, long records, long orders, AtomicBoolean stop)
            throws InterruptedException {
        Map<String, String> producer = producers.bench();
        EnvSpec proxiedSpec = EnvSpecReader.read(EnvFiles.resolve(paths, envName));
        EnvSpec directSpec = EnvSpecReader.read(EnvFiles.resolve(paths, envName + "-direct"));
        int recordSize = orderSize();
        requireNoEnv();
        Map<String, String> unkeyed = new LinkedHashMap<>(producer);
        unkeyed.putIfAbsent(ProducerConfig.PARTITIONER_IGNORE_KEYS_CONFIG, "true");
        Throughput direct = onEnv(directSpec, stop, cluster -> {
            producerPerformance(cluster.access(), producer, records / WARM_UP_DIVISOR, recordSize);
            List<Throughput> rounds = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                checkStop(stop);
                rounds.add(producerPerformance(cluster.access(), producer, records, recordSize));
            }
            return Throughput.median(rounds);
        });
        out.printf("ProducerPerformance, direct:   %s%n", describe(direct));
        checkStop(stop);
        OnProxied proxied = onEnv(proxiedSpec, stop, cluster -> {
            KafkaAccess access = cluster.access();
            // Fresh brokers run interpreted code for their first seconds: an unmeasured pass of each
            // producer first, so that none of the compared figures pays for the brokers' warm-up.
            producerPerformance(access, producer, records / WARM_UP_DIVISOR, recordSize);
            loadGenerator(access, unkeyed, records / WARM_UP_DIVISOR, stop);
            List<Throughput> kafka = new ArrayList<>();
            List<Throughput> generator = new ArrayList<>();
            List<Throughput> keyed = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                checkStop(stop);
                kafka.add(producerPerformance(access, producer, records, recordSize));
                generator.add(loadGenerator(access, unkeyed, records, stop));
                keyed.add(loadGenerator(access, producer, records, stop));
            }
            Throughput producerPerformance = Throughput.median(kafka);
            Throughput loadGenerator = Throughput.median(generator);
            Throughput loadGeneratorKeyed = Throughput.median(keyed);
            out.printf("ProducerPerformance, proxied:  %s%n", describe(producerPerformance));
            out.printf("load generator alone, proxied: %s%n", describe(loadGenerator));
            out.printf("  keyed by order id, as a run: %s%n", describe(loadGeneratorKeyed));
            checkStop(stop);
            ResidentMemory memory = new ResidentMemory(paths, environments.embedded().orElseThrow(
                    () -> new IllegalStateException("env " + proxiedSpec.name() + " is not recorded as running")));
            Pipeline eos = pipeline(proxiedSpec, access, "exactly_once_v2", producer, orders, stop, memory);
            checkStop(stop);
            Pipeline alos = pipeline(proxiedSpec, access, "at_least_once", producer, orders, stop, null);
            checkStop(stop);
            LightLoad eosLight = lightLoad(proxiedSpec, access, "exactly_once_v2", producers.lightLoad(), stop);
            checkStop(stop);
            LightLoad alosLight = lightLoad(proxiedSpec, access, "at_least_once", producers.lightLoad(), stop);
            return new OnProxied(producerPerformance, loadGenerator, loadGeneratorKeyed, new Pipelines(eos, alos),
                    new LightLoads(eosLight, alosLight), memory.peakMb(), memory.fileMbAtPeak(), memory.byProcessAtPeak());
        });
        checkStop(stop);
        TlsCost tls = null;
        if (Files.exists(EnvFiles.resolve(paths, securedTwin(envName)))) {
            tls = tlsCost(envName, producers, records, recordSize, proxiedSpec, stop);
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("env", envName);
        settings.put("recordSizeBytes", recordSize);
        settings.put("records", records);
        settings.put("orders", orders);
        settings.put("producer", producer);
        settings.put("rounds", ROUNDS);
        settings.put("lightLoad", Map.of("ratePerSecond", LIGHT_RATE, "warmup", LIGHT_STEADY.describe(),
                "orders", LIGHT_ORDERS, "producer", producers.lightLoad()));
        return new Figures(proxied.producerPerformance(), proxied.loadGenerator(), proxied.loadGeneratorKeyed(),
                proxied.pipelines(), proxied.lightLoads(), direct, proxied.rssMb(), proxied.rssFileMb(),
                proxied.rssMbByProcess(), settings, tls);
    }

    /** The pipeline runs alone ({@code bench --only pipeline}), and the RSS peak of the first, whole and by process. */
    public record PipelinesOnly(Pipelines pipelines, double rssMb, double rssFileMb, Map<String, Double> rssMbByProcess) {
    }

    /**
     * Only the two pipeline runs ({@code bench --only pipeline}), exactly_once_v2 then at_least_once,
     * on {@code envName} as the whole bench runs them (no producer benchmark first: brokers start
     * fresh, so compare these figures with one another, not with a whole bench's): the quick loop
     * for a change to the chain's records per order or CPU per order.
     */
    public PipelinesOnly runPipelines(String envName, Map<String, String> producer, long orders, AtomicBoolean stop)
            throws InterruptedException {
        requireNoEnv();
        EnvSpec spec = EnvSpecReader.read(EnvFiles.resolve(paths, envName));
        return onEnv(spec, stop, cluster -> {
            ResidentMemory memory = new ResidentMemory(paths, environments.embedded().orElseThrow(
                    () -> new IllegalStateException("env " + spec.name() + " is not recorded as running")));
            Pipeline eos = pipeline(spec, cluster.access(), "exactly_once_v2", producer, orders, stop, memory);
            checkStop(stop);
            Pipeline alos = pipeline(spec, cluster.access(), "at_least_once", producer, orders, stop, null);
            return new PipelinesOnly(new Pipelines(eos, alos), memory.peakMb(), memory.fileMbAtPeak(),
                    memory.byProcessAtPeak());
        });
    }

    /**
     * Only what TLS costs ({@code bench --only tls}): Kafka's benchmark on {@code envName} and on its
     * secured twin, and the EOS light load on both when {@code light}.
     */
    public TlsCost runTls(String envName, BenchProducers producers, long records, boolean light, AtomicBoolean stop)
            throws InterruptedException {
        requireNoEnv();
        EnvSpec plain = EnvSpecReader.read(EnvFiles.resolve(paths, envName));
        return tlsCost(envName, producers, records, orderSize(), light ? plain : null, stop);
    }

    /** @param lightOn the plaintext spec to measure the light load on too; null: Kafka's benchmark only */
    private TlsCost tlsCost(String envName, BenchProducers producers, long records, int recordSize, EnvSpec lightOn,
                            AtomicBoolean stop) throws InterruptedException {
        Map<String, String> producer = producers.bench();
        EnvSpec plain = EnvSpecReader.read(EnvFiles.resolve(paths, envName));
        EnvSpec secured = EnvSpecReader.read(EnvFiles.resolve(paths, securedTwin(envName)));
        if (secured.security() == null || secured.brokers() != plain.brokers() || secured.network() != plain.network()) {
            throw new IllegalArgumentException("env " + secured.name() + " must be " + envName
                    + " with a security: block (same brokers and network) to measure what TLS costs");
        }
        record Measured(Throughput throughput, LightLoad light) {
        }
        OnEnv<Measured> measure = cluster -> {
            producerPerformance(cluster.access(), producer, records / WARM_UP_DIVISOR, recordSize);
            List<Throughput> rounds = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                checkStop(stop);
                rounds.add(producerPerformance(cluster.access(), producer, records, recordSize));
            }
            Throughput median = Throughput.median(rounds);
            out.printf("ProducerPerformance, %s: %s%n", cluster.access().securityProtocol(), describe(median));
            checkStop(stop);
            return new Measured(median, lightOn == null ? null
                    : lightLoad(cluster.spec(), cluster.access(), "exactly_once_v2", producers.lightLoad(), stop));
        };
        Measured plaintext = onEnv(plain, stop, measure);
        checkStop(stop);
        Measured tls = onEnv(secured, stop, measure);
        TlsCost cost = new TlsCost(plain.name(), secured.name(), secured.security().mechanism(), plaintext.throughput(),
                tls.throughput(), plaintext.light(), tls.light());
        return cost;
    }

    /** The benchmark needs the machine to itself: refused before anything starts when an env is up or attached here. */
    private void requireNoEnv() {
        environments.current().ifPresent(running -> {
            throw new IllegalArgumentException("an env is running (" + running.name()
                    + "): the benchmark needs the machine to itself; `./chaos down` first");
        });
    }

    private static String describe(Throughput throughput) {
        return String.format("%,.0f records/s (median of %s)", throughput.recordsPerSec(), throughput.rounds().stream()
                .map(value -> String.format("%,.0f", value)).collect(Collectors.joining(" / ")));
    }

    private static void checkStop(AtomicBoolean stop) throws InterruptedException {
        if (stop.get()) {
            throw new InterruptedException("benchmark interrupted; its envs are stopped");
        }
    }

    private interface OnEnv<T> {
        T apply(Cluster cluster) throws InterruptedException;
    }

    /**
     * Brings the env up in a session of its own (no apps: a pipeline run opens its own session on
     * it) with the bench topic, runs {@code work} on it and stops it whatever happened.
     */
    /**
     * Brings {@code spec} up, does {@code work} on it and takes it down. No figure comes from a JVM
     * training its AOT cache (the first start of a new JDK, Kafka build or JVM options): such a JVM
     * records classes and profiles for its whole life, and on this machine the light-load hops of
     * at_least_once took 31-44 ms under training brokers against 14-17 ms (docs/PERFORMANCE.md).
     * Brokers that trained on this start are stopped (which writes their caches) and started
     * again; the app's cache is trained by a short unmeasured run before the first measured one.
     */
    private <T> T onEnv(EnvSpec spec, AtomicBoolean stop, OnEnv<T> work) throws InterruptedException {
        out.println("== env " + spec.name());
        SessionPlan plan = new SessionPlan(spec, spec.name(), Reuse.NONE, Apps.none());
        try (Session session = sessions.open(plan, stop)) {
            if (!brokersTrainingCaches()) {
                return measure(spec, session, stop, work);
            }
        }
        out.println("  the brokers trained their AOT caches on this start: stopped, which wrote the caches, and"
                + " started again, so that nothing is measured in a training JVM");
        checkStop(stop);
        try (Session session = sessions.open(plan, stop)) {
            return measure(spec, session, stop, work);
        }
    }

    private <T> T measure(EnvSpec spec, Session session, AtomicBoolean stop, OnEnv<T> work) throws InterruptedException {
        ClusterTopics.ensure(session.cluster().access(), spec, List.of(BENCH_TOPIC));
        trainAppCache(spec, stop);
        return work.apply(session.cluster());
    }

    /** True when a broker of the running embedded env is training its AOT cache. */
    private boolean brokersTrainingCaches() {
        return environments.embedded().stream().flatMap(state -> state.brokers().stream())
                .map(EnvState.BrokerState::pid).filter(Objects::nonNull)
                .anyMatch(pid -> ProcessControl.arguments(pid).map(JavaRuntime::trainsCache).orElse(false));
    }

    /**
     * When an app instance would train the app's AOT cache (a new build), one short unmeasured run
     * (at_least_once, {@link #APP_TRAINING_ORDERS} orders) trains it; its instance writes the cache
     * as it stops, and the measured runs start from it.
     */
    private void trainAppCache(EnvSpec env, AtomicBoolean stop) throws InterruptedException {
        if (!new AppInstances(paths).trainsCache(AppHeap.DEFAULT)) {
            return;
        }
        out.println("  the app has no AOT cache for this build and its JVM options yet: a run of "
                + APP_TRAINING_ORDERS + " unmeasured orders trains it");
        Scenario scenario = new Scenario("bench-app-cache", "bench", env, new AppSpec(1, "at_least_once", Map.of()),
                Map.of(), new WorkloadSpec(Warmup.none(), APP_TRAINING_ORDERS, 0, 0, 1, null), List.of(),
                Expectations.strict(), Duration.ofSeconds(60), Duration.ofSeconds(60), 1, List.of(), true, false);
        new ScenarioRunner(paths, basePort, environments, false, new PrintWriter(Writer.nullWriter())).run(scenario, stop);
        checkStop(stop);
        // the JVM hands its recording to a child that assembles the cache after the app has gone: an
        // instance started before that file exists trains again, and would be measured training
        if (!Poll.until(Timeouts.AOT_CACHE_WRITE, Duration.ofSeconds(2), () -> !new AppInstances(paths).trainsCache(AppHeap.DEFAULT))) {
            out.println("  the app's AOT cache was not written within " + Timeouts.describe(Timeouts.AOT_CACHE_WRITE)
                    + ": the first measured instance trains it (its RSS is named so)");
        }
    }

    /**
     * Kafka's own producer benchmark, on the brokers' classpath, against the env's bootstrap servers.
     * A secured env's client config goes in a {@code --producer.config} file (0600, in the state
     * directory, removed afterwards): its passwords stay off the command line.
     */
    private Throughput producerPerformance(KafkaAccess access, Map<String, String> producer, long records, int recordSize) {
        List<String> command = new ArrayList<>(List.of(ProcessControl.javaBinary(),
                "-Xmx512m", "-cp", BrokerClasspath.resolve(paths), "org.apache.kafka.tools.ProducerPerformance",
                "--topic", BENCH_TOPIC, "--num-records", Long.toString(records), "--record-size",
                Integer.toString(recordSize), "--throughput", "-1", "--producer-props",
                "bootstrap.servers=" + access.bootstrapServers()));
        producer.forEach((key, value) -> command.add(key + "=" + value));
        Path config = null;
        String output;
        try {
            if (!access.clientConfig().isEmpty()) {
                config = writeClientConfig(access);
                command.addAll(List.of("--producer.config", config.toString()));
            }
            output = ExternalCommand.run("ProducerPerformance", command, paths.home(), Map.of(), 600);
        } finally {
            deleteQuietly(config);
        }
        // the last summary line is the whole run's; the ones before it are intervals
        Matcher summaries = PERF_SUMMARY.matcher(output);
        MatchResult last = null;
        while (summaries.find()) {
            last = summaries.toMatchResult();
        }
        if (last == null) {
            throw new IllegalStateException("ProducerPerformance printed no summary:\n" + output);
        }
        return new Throughput(Double.parseDouble(last.group(2)), Double.parseDouble(last.group(3)),
                Double.parseDouble(last.group(7)));
    }

    private Path writeClientConfig(KafkaAccess access) {
        Path file = paths.stateDir().resolve("bench-producer.properties");
        try {
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Properties properties = new Properties();
            properties.putAll(access.clientConfig());
            try (Writer writer = Files.newBufferedWriter(file)) {
                properties.store(writer, "supply-chaos bench: the env's client config; removed after the run");
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // the state directory is the owner's only, and the next bench overwrites it
            }
        }
    }

    /** The run's own load generator, alone, into the bench topic. */
    private Throughput loadGenerator(KafkaAccess access, Map<String, String> producer, long records, AtomicBoolean stop)
            throws InterruptedException {
        AtomicLong acked = new AtomicLong();
        LatencyHistogram latency = new LatencyHistogram();
        WorkloadGenerator generator = new WorkloadGenerator(access, BENCH_TOPIC, producer,
                Partitioning.KEY, 1, List.copyOf(SupplyChainSettings.defaults().catalogue().keySet()), "bench",
                new WorkloadGenerator.Listener() {
                    @Override
                    public void acked(Order order, boolean warmup, RecordMetadata metadata, long sentAt, long ackedAt) {
                        acked.incrementAndGet();
                        latency.recordMillis(ackedAt - sentAt);
                    }
                });
        long start = System.nanoTime();
        generator.runPhase(records, 0, 0, false, stop::get);
        double seconds = (System.nanoTime() - start) / 1e9;
        RunResult.Latency summary = latency.summary();
        return new Throughput(acked.get() / seconds, summary.avg(), summary.p99());
    }

    private Pipeline pipeline(EnvSpec env, KafkaAccess access, String guarantee, Map<String, String> producer, long orders,
                              AtomicBoolean stop, ResidentMemory memory) throws InterruptedException {
        freshChain(access, env);
        // the machine's speed drifts by up to 2x between runs here (every process's CPU per order with it)
        Provenance.Calibration calibration = MachineCalibration.take();
        Warmup warmup = new Warmup.UntilJitQuiet(PIPELINE_ROUND_ORDERS, PIPELINE_WARMUP_MAX);
        Scenario scenario = new Scenario("bench-" + guarantee, "bench", env, new AppSpec(1, guarantee, Map.of()),
                producer, new WorkloadSpec(warmup, orders, 0, 0, 1, null), List.of(),
                Expectations.strict(), Duration.ofSeconds(60), Duration.ofSeconds(60), 1, List.of(), true, false);
        // A fresh app, its first transactions and the load generator keep the JIT busy for minutes: in a
        // run of 10,000 orders after as many, the compilers took 51-53 % of the app's CPU, 37-50 % of a
        // broker's and 57-65 % of the tool's (docs/PERFORMANCE.md, "A throughput after the JIT")
        out.println("== pipeline, " + guarantee + ", " + orders + " orders as fast as they go, after " + warmup.describe());
        out.printf("  machine calibration before it: %.2f sorts/s (slowest %.2f, fastest %.2f; %s)%n",
                calibration.perSecond(), calibration.slowest(), calibration.fastest(), calibration.method());
        if (memory != null) {
            memory.start();
        }
        EnvState state = environments.embedded().orElseThrow(
                () -> new IllegalStateException("env " + env.name() + " is not recorded as running"));
        PipelineWatch watch = new PipelineWatch(paths, state, profiles,
                guarantee.equals("at_least_once") ? "alos" : "eos", out);
        // records per order over the app's whole life: its caches hold changelog writes until a commit
        // and flush them at close, so the measured span alone would count the warm-up's writes there and
        // miss its own last ones
        Map<TopicPartition, Long> beforeRun = ClusterOffsets.allEnds(access, Timeouts.ADMIN_CALL);
        ScenarioRunner.Outcome outcome;
        try {
            watch.start();
            outcome = new ScenarioRunner(paths, basePort, environments, false, new PrintWriter(Writer.nullWriter()))
                    .onMeasureStart(watch::measuring).onDrained(() -> {
                        try {
                            watch.drained();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }).run(scenario, stop);
        } finally {
            watch.close();
            if (memory != null) {
                memory.stop();
            }
        }
        RunResult result = outcome.result();
        RunResult.Warmup warmedUp = result.warmup();
        long warmupOrders = warmedUp == null ? 0 : warmedUp.orders();
        String jitByRound = warmedUp == null ? "" : warmedUp.windows().stream()
                .map(w -> w.jitCores() == null ? "-" : String.format(Locale.ROOT, "%.2f", w.jitCores()))
                .collect(Collectors.joining(", "));
        boolean jitQuiet = warmedUp != null && warmedUp.end() == HistoryEvent.WarmupEnd.STEADY;
        out.printf("  warm-up %s: %,d orders in %d round(s), %.0f s, the JIT %s; its cores by round: %s%n", guarantee,
                warmupOrders, warmedUp == null ? 0 : warmedUp.windows().size(),
                warmedUp == null ? 0 : warmedUp.ms() / 1000.0, jitQuiet ? "quiet" : "not quiet", jitByRound);
        out.printf("pipeline %s: %,.0f orders/s, %,.0f records/s, latency avg %.0f ms p99 %.0f ms, %s%n", guarantee,
                result.throughput().ordersPerSec(), result.throughput().recordsPerSec(), result.latencyMs().avg(),
                result.latencyMs().p99(), result.verdict());
        Map<String, Double> perOrder = Map.of();
        Map<String, Double> byTopic = Map.of();
        Map<TopicPartition, Long> afterRun = ClusterOffsets.allEnds(access, Timeouts.ADMIN_CALL);
        if (!beforeRun.isEmpty() && !afterRun.isEmpty()) {
            // every order of the run, its unmeasured ones included: the app stopped, its caches flushed
            Map<TopicPartition, Long> data = DataRecords.count(access, beforeRun, afterRun, Duration.ofSeconds(60));
            perOrder = RecordsPerOrder.of(beforeRun, afterRun, data, warmupOrders + orders);
            out.printf("  records per order %s (whole run, app stopped): %s%n", guarantee, rounded(perOrder, 2));
            byTopic = RecordsPerOrder.byTopic(beforeRun, afterRun, data, warmupOrders + orders);
            out.printf("  by topic %s: %s%n", guarantee, rounded(byTopic, 2));
        }
        // the measured orders, from the measured phase's start to their drain's end
        Map<String, Double> cpu = watch.cpuSecondsPerThousandOrders(orders);
        out.printf("  CPU s per 1,000 orders %s (measured phase): %s%n", guarantee, rounded(cpu, 2));
        Map<String, Double> jitShare = watch.jitShareOfCpu();
        out.printf("  JIT compilers' share of each JVM's CPU %s (measured phase): %s%n", guarantee, rounded(jitShare, 2));
        Map<String, String> written = new LinkedHashMap<>();
        watch.profiles().forEach((process, file) -> written.put(process, file.toString()));
        if (!written.isEmpty()) {
            out.printf("  flame graphs %s: %s%n", guarantee, written);
        }
        return new Pipeline(result.throughput().ordersPerSec(), result.throughput().recordsPerSec(),
                result.latencyMs().avg(), result.latencyMs().p99(), result.verdict().name(), perOrder, byTopic, cpu, written,
                warmupOrders, warmedUp == null ? 0 : warmedUp.ms(), jitQuiet,
                warmedUp == null ? List.of() : warmedUp.windows().stream().map(HistoryEvent.WarmupWindow::jitCores).toList(),
                jitShare, calibration);
    }

    /**
     * The chain starts afresh on the env's warm brokers: its topics and the app's internal topics
     * (its stores' changelogs, its repartition topics) are deleted, the supply-chain topics created
     * again, and the app instances' local state removed, so each pipeline and light-load run of one
     * bench begins with empty stores. Before, each run's app restored every order its predecessors
     * kept within {@code supply.order-retention} (10 minutes): the at_least_once pipeline began
     * with every order of the exactly_once_v2 one in its stores and its heap, and the light loads
     * with both runs' (docs/PERFORMANCE.md, session 18).
     */
    private void freshChain(KafkaAccess access, EnvSpec env) {
        try (ClusterTopics.TopicAdmin admin = ClusterTopics.admin(access)) {
            List<String> deleted = ClusterTopics.delete(admin, Topics.SUPPLY_CHAIN_TOPIC_NAMES, Topics.APPLICATION_ID,
                    List.of()).topics();
            Poll.require("the deleted topics " + deleted + " to be gone", Timeouts.TOPICS_CREATE,
                    () -> Collections.disjoint(admin.topics(), deleted));
        }
        ClusterTopics.ensure(access, env, Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        Path apps = paths.dataDir().resolve("apps");
        if (!StateDir.deleteOwned(apps)) {
            throw new IllegalStateException("cannot start the chain afresh: " + apps + " is not the tool's to delete");
        }
    }

    private static Map<String, Double> rounded(Map<String, Double> figures, int decimals) {
        double scale = Math.pow(10, decimals);
        Map<String, Double> out = new LinkedHashMap<>();
        figures.forEach((key, value) -> out.put(key, Math.round(value * scale) / scale));
        return out;
    }

    private LightLoad lightLoad(EnvSpec env, KafkaAccess access, String guarantee, Map<String, String> producer,
                                AtomicBoolean stop) throws InterruptedException {
        freshChain(access, env);
        Scenario scenario = new Scenario("bench-light-" + guarantee, "bench", env, new AppSpec(1, guarantee, Map.of()),
                producer, new WorkloadSpec(new Warmup.UntilSteady(LIGHT_STEADY, false), LIGHT_ORDERS, 0, LIGHT_RATE, 1, null),
                List.of(), Expectations.strict(), Duration.ofSeconds(60), Duration.ofSeconds(60), 1, List.of(), true,
                false);
        String tuning = scenario.tuning().property();
        out.printf("== light load, %s, %,d orders at %.0f/s after a warm-up until steady (at most %s; tuned for %s)%n",
                guarantee, LIGHT_ORDERS, LIGHT_RATE, Durations.format(LIGHT_STEADY.max()), tuning);
        RunResult result = new ScenarioRunner(paths, basePort, environments, false,
                new PrintWriter(Writer.nullWriter())).run(scenario, stop).result();
        Map<String, Double> hops = new LinkedHashMap<>();
        result.hops().forEach(hop -> hops.put(hop.via(), hop.latencyMs().p50()));
        out.printf("light load %s: %,.0f orders/s, latency p50 %.0f ms p99 %.0f ms, hops p50 %s, %s%n", guarantee,
                result.throughput().ordersPerSec(), result.latencyMs().p50(), result.latencyMs().p99(), hops,
                result.verdict());
        RunResult.Warmup warmup = result.warmup();
        out.printf("light load %s: warm-up %s%n", guarantee, warmup.describe());
        return new LightLoad(LIGHT_RATE, result.throughput().ordersPerSec(), result.latencyMs().p50(),
                result.latencyMs().p99(), tuning, hops, result.verdict().name(), warmup.describe(), warmup.steady(),
                warmup.ms());
    }

    /** The serialized size of a typical order, so that Kafka's benchmark sends records of the same size. */
    private static int orderSize() {
        Order order = new Order("bench-p0-123456", "hospital-12", "atorvastatin", 3, Priority.ROUTINE,
                System.currentTimeMillis());
        return Topics.ORDER_PLACED.valueSerde().serializer().serialize(Topics.ORDER_PLACED.name(), order).length;
    }

    /** Writes the figures as JSON. */
    public static void writeJson(Figures figures, Path file) throws IOException {
        ResultFiles.writeJson(file.toAbsolutePath(), figures);
    }

    /**
     * Peak resident memory (VmRSS) of the env's brokers, Toxiproxy and the app instances, sampled each
     * second: the peak of their sum, how much of that sample was file-backed (RssFile), and what each
     * process held in it (where a cut would have to come from).
     */
    private static final class ResidentMemory {
        private final ChaosPaths paths;
        private final EnvState state;
        private volatile double peakMb;
        private volatile double fileMbAtPeak;
        private volatile Map<String, Double> byProcessAtPeak = Map.of();
        private ScheduledExecutorService sampler;

        ResidentMemory(ChaosPaths paths, EnvState state) {
            this.paths = paths;
            this.state = state;
        }

        void start() {
            sampler = Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(() -> {
                Map<String, Long> pids = new LinkedHashMap<>();
                state.brokers().forEach(broker -> pids.put("broker " + broker.id(), broker.pid()));
                pids.put("toxiproxy", state.toxiproxyPid());
                new AppInstances(paths).read().forEach(app -> pids.put("app " + app.index(), app.pid()));
                pids.values().removeIf(Objects::isNull);
                Map<String, Double> resident = new LinkedHashMap<>();
                // a JVM training its AOT cache holds its recording too (about 200 MB more for an app)
                pids.forEach((name, pid) -> resident.put(ProcessControl.arguments(pid).map(JavaRuntime::trainsCache)
                        .orElse(false) ? name + " (training its AOT cache)" : name, HostMetrics.residentMb(pid)));
                double total = resident.values().stream().mapToDouble(Double::doubleValue).sum();
                if (total > peakMb) {
                    fileMbAtPeak = pids.values().stream().mapToDouble(HostMetrics::residentFileMb).sum();
                    byProcessAtPeak = Collections.unmodifiableMap(resident);
                    peakMb = total;
                }
            }, 0, 1, TimeUnit.SECONDS);
        }

        void stop() throws InterruptedException {
            sampler.shutdownNow();
            sampler.awaitTermination(5, TimeUnit.SECONDS);
        }

        double peakMb() {
            return peakMb;
        }

        /** The file-backed part (RssFile) of the sample that set the peak: jars, libraries, AOT caches. */
        double fileMbAtPeak() {
            return fileMbAtPeak;
        }

        /**
         * Each process's VmRSS in the sample that set the peak ("broker 1", "toxiproxy", "app 0"), in
         * MB; a JVM that was training its AOT cache is named so ("app 1 (training its AOT cache)").
         */
        Map<String, Double> byProcessAtPeak() {
            return byProcessAtPeak;
        }
    }
}
