package io.supplychaos.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TopicExistsException;

import io.supplychaos.chaos.Faults;
import io.supplychaos.check.Expectations;
import io.supplychaos.domain.Order;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.BrokerClasspath;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.EnvState;
import io.supplychaos.env.ExternalCommand;
import io.supplychaos.env.Partitioning;
import io.supplychaos.metrics.RunResult;
import io.supplychaos.scenario.AppSpec;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.scenario.WorkloadGenerator;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topics;

/**
 * Puts the project beside Kafka's own producer benchmark in one invocation on one machine:
 * Kafka's ProducerPerformance (from the brokers' own kafka-tools) through the proxies and on a
 * direct env, the project's load generator alone with the same producer settings and record size,
 * and the whole pipeline as fast as it goes under exactly_once_v2 and at_least_once, with the
 * resident memory of brokers, Toxiproxy and app while the pipeline runs. Starts and stops its
 * own envs (refuses when one is running) and writes nothing but the figures.
 */
public final class Benchmark {

    /** What one bench measured; field names are the JSON keys the issue asks for. */
    public record Figures(Throughput producerPerformance, Throughput loadGenerator, Pipelines pipeline,
                          Throughput proxied, Throughput direct, double rssMb, Map<String, Object> settings) {
    }

    public record Throughput(double recordsPerSec, double avgLatencyMs, double p99LatencyMs) {
    }

    public record Pipeline(double ordersPerSec, double recordsPerSec, double avgLatencyMs, double p99LatencyMs,
                           String verdict) {
    }

    public record Pipelines(Pipeline eos, Pipeline alos) {
    }

    private static final String BENCH_TOPIC = "bench-orders";
    /** Warm-up passes send this fraction of the measured records. */
    private static final long WARM_UP_DIVISOR = 3;
    private static final Pattern PERF_SUMMARY = Pattern.compile(
            "(\\d+) records sent, ([\\d.]+) records/sec .*?, ([\\d.]+) ms avg latency, ([\\d.]+) ms max latency, "
                    + "(\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th");

    private final ChaosPaths paths;
    private final int basePort;
    private final PrintWriter out;

    public Benchmark(ChaosPaths paths, int basePort, PrintWriter out) {
        this.paths = paths;
        this.basePort = basePort;
        this.out = out;
    }

    /**
     * @param envName     the proxied env to measure on (c3 by default); its {@code -direct} twin
     *                    (e.g. c3-direct) gives the direct figure
     * @param records     records per producer benchmark
     * @param orders      orders per pipeline run
     */
    public Figures run(String envName, Map<String, String> producer, long records, long orders, AtomicBoolean stop)
            throws InterruptedException {
        EnvSpec proxiedSpec = EnvSpecReader.read(EnvFiles.resolve(paths, envName));
        EnvSpec directSpec = EnvSpecReader.read(EnvFiles.resolve(paths, envName + "-direct"));
        int recordSize = orderSize();
        EmbeddedEnvironment environment = new EmbeddedEnvironment(paths);
        if (environment.running().isPresent()) {
            throw new IllegalArgumentException("an env is running (" + environment.running().get().envName()
                    + "): the benchmark needs the machine to itself; `./chaos down` first");
        }
        Throughput direct = onEnv(environment, directSpec, state -> {
            producerPerformance(state, producer, records / WARM_UP_DIVISOR, recordSize);
            return producerPerformance(state, producer, records, recordSize);
        });
        out.printf("ProducerPerformance, direct:   %,.0f records/s%n", direct.recordsPerSec());
        Throughput[] proxiedAndLoad = new Throughput[2];
        Pipeline[] pipelines = new Pipeline[2];
        double[] rss = new double[1];
        onEnv(environment, proxiedSpec, state -> {
            // Fresh brokers run interpreted code for their first seconds: an unmeasured pass of each
            // producer first, so that neither of the two compared figures pays for the brokers' warm-up.
            producerPerformance(state, producer, records / WARM_UP_DIVISOR, recordSize);
            loadGenerator(state, producer, records / WARM_UP_DIVISOR);
            proxiedAndLoad[0] = producerPerformance(state, producer, records, recordSize);
            out.printf("ProducerPerformance, proxied:  %,.0f records/s%n", proxiedAndLoad[0].recordsPerSec());
            proxiedAndLoad[1] = loadGenerator(state, producer, records);
            out.printf("load generator alone, proxied: %,.0f records/s%n", proxiedAndLoad[1].recordsPerSec());
            ResidentMemory memory = new ResidentMemory(paths, state);
            pipelines[0] = pipeline(proxiedSpec, "exactly_once_v2", producer, orders, stop, memory);
            rss[0] = memory.peakMb();
            pipelines[1] = pipeline(proxiedSpec, "at_least_once", producer, orders, stop, null);
            return null;
        });
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("env", envName);
        settings.put("recordSizeBytes", recordSize);
        settings.put("records", records);
        settings.put("orders", orders);
        settings.put("producer", producer);
        return new Figures(proxiedAndLoad[0], proxiedAndLoad[1], new Pipelines(pipelines[0], pipelines[1]),
                proxiedAndLoad[0], direct, rss[0], settings);
    }

    private interface OnEnv<T> {
        T apply(EnvState state) throws InterruptedException;
    }

    private <T> T onEnv(EmbeddedEnvironment environment, EnvSpec spec, OnEnv<T> work) throws InterruptedException {
        out.println("== env " + spec.name());
        EnvState state = environment.up(spec, spec.name(), basePort, line -> { }).state();
        try {
            return work.apply(state);
        } finally {
            environment.stop(state, false);
        }
    }

    /** Kafka's own producer benchmark, on the brokers' classpath, against the env's bootstrap servers. */
    private Throughput producerPerformance(EnvState state, Map<String, String> producer, long records, int recordSize) {
        createBenchTopic(state);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", BrokerClasspath.resolve(paths), "org.apache.kafka.tools.ProducerPerformance",
                "--topic", BENCH_TOPIC, "--num-records", Long.toString(records), "--record-size",
                Integer.toString(recordSize), "--throughput", "-1", "--producer-props",
                "bootstrap.servers=" + state.bootstrapServers()));
        producer.forEach((key, value) -> command.add(key + "=" + value));
        String output = ExternalCommand.run("ProducerPerformance", command, paths.home(), Map.of(), 600);
        Matcher summary = PERF_SUMMARY.matcher(output);
        String last = null;
        while (summary.find()) {
            last = summary.group();
        }
        if (last == null) {
            throw new IllegalStateException("ProducerPerformance printed no summary:\n" + output);
        }
        Matcher figures = PERF_SUMMARY.matcher(last);
        figures.find();
        return new Throughput(Double.parseDouble(figures.group(2)), Double.parseDouble(figures.group(3)),
                Double.parseDouble(figures.group(7)));
    }

    /** The run's own load generator, alone, with the same producer settings, into the bench topic. */
    private Throughput loadGenerator(EnvState state, Map<String, String> producer, long records)
            throws InterruptedException {
        AtomicLong acked = new AtomicLong();
        AtomicLong latencySum = new AtomicLong();
        WorkloadGenerator generator = new WorkloadGenerator(state.bootstrapServers(), BENCH_TOPIC, producer,
                Partitioning.KEY, 1, List.copyOf(SupplyChainSettings.defaults().catalogue().keySet()), "bench",
                new WorkloadGenerator.Listener() {
                    @Override
                    public void sending(Order order, boolean warmup) {
                    }

                    @Override
                    public void acked(Order order, boolean warmup, RecordMetadata metadata, long sentAt, long ackedAt) {
                        acked.incrementAndGet();
                        latencySum.addAndGet(ackedAt - sentAt);
                    }

                    @Override
                    public void failed(Order order, boolean warmup, Exception error, long failedAt) {
                    }
                });
        long start = System.nanoTime();
        generator.runPhase(records, 0, 0, false, () -> false);
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Throughput(acked.get() / seconds, acked.get() == 0 ? 0 : (double) latencySum.get() / acked.get(),
                Double.NaN);
    }

    private Pipeline pipeline(EnvSpec env, String guarantee, Map<String, String> producer, long orders,
                              AtomicBoolean stop, ResidentMemory memory) throws InterruptedException {
        Scenario scenario = new Scenario("bench-" + guarantee, "bench", env, new AppSpec(1, guarantee, Map.of()),
                producer, new io.supplychaos.scenario.WorkloadSpec(List.of(1000L), orders, 0, 0, 1, null), List.of(),
                Expectations.strict(), Duration.ofSeconds(60), 1, List.of(), true, false);
        out.println("== pipeline, " + guarantee + ", " + orders + " orders as fast as they go");
        if (memory != null) {
            memory.start();
        }
        RunResult result;
        try {
            result = new ScenarioRunner(paths, basePort, state -> Faults.forEnvironment(paths, state),
                    new PrintWriter(java.io.Writer.nullWriter())).run(scenario, stop).result();
        } finally {
            if (memory != null) {
                memory.stop();
            }
        }
        out.printf("pipeline %s: %,.0f orders/s, %,.0f records/s, latency avg %.0f ms p99 %.0f ms, %s%n", guarantee,
                result.throughput().ordersPerSec(), result.throughput().recordsPerSec(), result.latencyMs().avg(),
                result.latencyMs().p99(), result.verdict());
        return new Pipeline(result.throughput().ordersPerSec(), result.throughput().recordsPerSec(),
                result.latencyMs().avg(), result.latencyMs().p99(), result.verdict());
    }

    private static void createBenchTopic(EnvState state) {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, state.bootstrapServers());
        try (Admin admin = Admin.create(config)) {
            admin.createTopics(List.of(new NewTopic(BENCH_TOPIC, state.spec().partitions(),
                    (short) state.spec().replicationFactor()).configs(Map.of("min.insync.replicas",
                    Integer.toString(state.spec().minInsyncReplicas()))))).all().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create " + BENCH_TOPIC + ": " + e.getCause().getMessage(), e);
            }
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException("cannot create " + BENCH_TOPIC, e);
        }
    }

    /** The serialized size of a typical order, so that Kafka's benchmark sends records of the same size. */
    private static int orderSize() {
        Order order = new Order("bench-p0-123456", "hospital-12", "atorvastatin", 3,
                io.supplychaos.domain.Priority.ROUTINE, System.currentTimeMillis());
        return Topics.ORDER_PLACED.valueSerde().serializer().serialize(Topics.ORDER_PLACED.name(), order).length;
    }

    /** Writes the figures as JSON. */
    public static void writeJson(Figures figures, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        new com.fasterxml.jackson.databind.ObjectMapper().enable(
                com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), figures);
    }

    /** Peak resident memory (VmRSS) of the env's brokers, Toxiproxy and the app instances, sampled each second. */
    private static final class ResidentMemory {
        private final ChaosPaths paths;
        private final EnvState state;
        private volatile double peakMb;
        private java.util.concurrent.ScheduledExecutorService sampler;

        ResidentMemory(ChaosPaths paths, EnvState state) {
            this.paths = paths;
            this.state = state;
        }

        void start() {
            sampler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(() -> {
                List<Long> pids = new ArrayList<>();
                state.brokers().forEach(broker -> pids.add(broker.pid()));
                pids.add(state.toxiproxyPid());
                new AppInstances(paths).read().forEach(app -> pids.add(app.pid()));
                peakMb = Math.max(peakMb, pids.stream().mapToDouble(ResidentMemory::rssMb).sum());
            }, 0, 1, TimeUnit.SECONDS);
        }

        void stop() throws InterruptedException {
            sampler.shutdownNow();
            sampler.awaitTermination(5, TimeUnit.SECONDS);
        }

        double peakMb() {
            return peakMb;
        }

        private static double rssMb(Long pid) {
            if (pid == null) {
                return 0;
            }
            try {
                return Files.readAllLines(Path.of("/proc", pid.toString(), "status")).stream()
                        .filter(line -> line.startsWith("VmRSS:")).findFirst()
                        .map(line -> Long.parseLong(line.replaceAll("\\D", "")) / 1024.0).orElse(0.0);
            } catch (IOException e) {
                return 0;
            }
        }
    }
}
