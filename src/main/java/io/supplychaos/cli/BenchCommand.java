package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.supplychaos.bench.BenchProducers;
import io.supplychaos.bench.Benchmark;
import io.supplychaos.env.StateDirLock;
import io.supplychaos.report.ResultFiles;

/**
 * {@code bench [--env c3] [--json FILE] [--only tls]}: the project beside Kafka's own
 * ProducerPerformance in one run on one env, and what a SASL_SSL client listener costs when the env
 * has a secured twin (see {@link Benchmark}); prints a table of figures and ratios and writes them
 * as JSON. {@code --only tls} measures just the TLS part. A command that prints figures, not a test: it asserts nothing.
 */
@Command(name = "bench", description = "Measure the pipeline beside Kafka's ProducerPerformance, in one run.")
final class BenchCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--env", defaultValue = "c3", description = "Proxied env to measure on; ENV-direct gives the direct figure (default: ${DEFAULT-VALUE}).")
    String env;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the figures as JSON.")
    Path json;

    @Option(names = "--profile", description = "Record CPU profiles (async-profiler) of the app, the first broker and the"
            + " load generator during the pipeline runs; flame graphs (HTML) go beside the --json file, else into"
            + " bench-profiles/.")
    boolean profile;

    @Option(names = "--records", defaultValue = "300000", description = "Records per producer round; three rounds per producer (default: ${DEFAULT-VALUE}).")
    long records;

    @Option(names = "--orders", defaultValue = "30000", description = "Orders measured per pipeline run, after rounds of 10,000 until the JIT compilers are quiet (at most 4 min; default: ${DEFAULT-VALUE}).")
    long orders;

    @Option(names = "--producer", paramLabel = "KEY=VALUE", description = "Producer settings for every producer "
            + "(default: acks=all batch.size=262144 linger.ms=5, and linger.ms=0 for the load generator at the light load).")
    Map<String, String> producer;

    @Option(names = "--only", paramLabel = "PART", description = "Measure one part only: tls (Kafka's benchmark and the"
            + " EOS light load on ENV and on ENV-sasl-ssl) or pipeline (the EOS and ALOS pipeline runs, records per"
            + " order by topic, CPU per order, RSS).")
    String only;

    @Mixin
    BasePortOption port;

    @Override
    public Integer call() throws Exception {
        BenchProducers producers = producer != null ? BenchProducers.given(producer) : BenchProducers.defaults();
        Map<String, String> settings = producers.bench();
        PrintWriter out = spec.commandLine().getOut();
        if ("pipeline".equals(only)) {
            return pipelinesOnly(settings, out);
        }
        if (only != null) {
            if (!only.equals("tls")) {
                throw new ParameterException(spec.commandLine(), "--only takes tls or pipeline, not " + only);
            }
            Benchmark.TlsCost tls;
            try (StateDirLock lock = StateDirLock.acquire(common.paths(), "bench --only tls --env " + env);
                 InterruptGuard guard = new InterruptGuard("bench", Duration.ofSeconds(120))) {
                tls = new Benchmark(common.paths(), port.basePort, out).runTls(env, producers, records, true, guard.stop());
            }
            out.println();
            out.printf("%-44s %14s %10s%n", "", "figure", "ratio");
            tls(out, tls);
            if (json != null) {
                ResultFiles.writeJson(json.toAbsolutePath(), tls);
                out.println("figures: " + json);
            }
            return 0;
        }
        Benchmark.Figures figures;
        // Ctrl-C: the benchmark stops its envs and app before the JVM exits
        try (StateDirLock lock = StateDirLock.acquire(common.paths(), "bench --env " + env);
             InterruptGuard guard = new InterruptGuard("bench", Duration.ofSeconds(120))) {
            Path profiles = !profile ? null
                    : json != null ? json.toAbsolutePath().getParent() : Path.of("bench-profiles").toAbsolutePath();
            figures = new Benchmark(common.paths(), port.basePort, out, profiles)
                    .run(env, producers, records, orders, guard.stop());
        }
        double pp = figures.producerPerformance().recordsPerSec();
        out.println();
        out.printf("%-44s %14s %10s%n", "", "figure", "ratio");
        out.printf("%-44s %,14.0f %10s%n", "ProducerPerformance records/s (proxied)", pp, "1.00");
        out.printf("%-44s %,14.0f %10.2f%n", "load generator records/s (same settings)",
                figures.loadGenerator().recordsPerSec(), figures.loadGenerator().recordsPerSec() / pp);
        out.printf("%-44s %,14.0f %10.2f%n", "  keyed by order id, as in a run",
                figures.loadGeneratorKeyed().recordsPerSec(), figures.loadGeneratorKeyed().recordsPerSec() / pp);
        out.printf("%-44s %,14.0f %10.2f%n", "pipeline EOS records/s, all topics", figures.pipeline().eos().recordsPerSec(),
                figures.pipeline().eos().recordsPerSec() / pp);
        out.printf("%-44s %,14.0f %10.2f%n", "pipeline EOS orders/s (target 3,000)", figures.pipeline().eos().ordersPerSec(),
                figures.pipeline().eos().ordersPerSec() / 3_000);
        out.printf("%-44s %7.0f / %-6.0f%n", "pipeline EOS latency avg / p99 ms", figures.pipeline().eos().avgLatencyMs(),
                figures.pipeline().eos().p99LatencyMs());
        out.printf("%-44s %,14.0f %10.2f%n", "pipeline ALOS orders/s (target 4,000)", figures.pipeline().alos().ordersPerSec(),
                figures.pipeline().alos().ordersPerSec() / 4_000);
        out.printf("%-44s %14.0f%n", "pipeline ALOS latency avg ms", figures.pipeline().alos().avgLatencyMs());
        out.printf("%-44s %14.2f%n", "pipeline ALOS / EOS orders/s (target 1.3)",
                figures.pipeline().alos().ordersPerSec() / figures.pipeline().eos().ordersPerSec());
        perOrder(out, "EOS", figures.pipeline().eos());
        perOrder(out, "ALOS", figures.pipeline().alos());
        light(out, "EOS", figures.lightLoad().eos(), 400);
        light(out, "ALOS", figures.lightLoad().alos(), 40);
        out.printf("%-44s %,14.0f %10.2f%n", "ProducerPerformance direct records/s", figures.direct().recordsPerSec(),
                pp / figures.direct().recordsPerSec());
        out.printf("%-44s %,14.0f %10.2f%n", "RSS brokers, Toxiproxy, app MB (target 1,500)", figures.rssMb(),
                figures.rssMb() / 1_500);
        out.printf("%-44s %,14.0f%n", "  of it file-backed (jars, AOT caches: RssFile)", figures.rssFileMb());
        residentByProcess(out, figures.rssMbByProcess());
        if (figures.tls() != null) {
            tls(out, figures.tls());
        }
        if (json != null) {
            Benchmark.writeJson(figures, json);
            out.println("figures: " + json);
        }
        return 0;
    }

    /** What TLS costs: Kafka's benchmark and, when measured, the EOS light load, secured against plaintext. */
    private static void tls(PrintWriter out, Benchmark.TlsCost tls) {
        out.printf("%-44s %,14.0f %10s%n", "ProducerPerformance records/s, " + tls.env(), tls.plaintext().recordsPerSec(), "1.00");
        out.printf("%-44s %,14.0f %10.2f%n", "  " + tls.securedEnv() + " (SASL_SSL " + tls.mechanism() + ")",
                tls.secured().recordsPerSec(), tls.ratio());
        out.printf("TLS+SASL cost: %,.0f records/s vs %,.0f plaintext, ratio %.2f%n", tls.secured().recordsPerSec(),
                tls.plaintext().recordsPerSec(), tls.ratio());
        if (tls.plaintextLightEos() != null && tls.securedLightEos() != null) {
            light(out, "EOS " + tls.env(), tls.plaintextLightEos(), 500);
            light(out, "EOS " + tls.securedEnv(), tls.securedLightEos(), 500);
        }
    }

    /** Records per order by class of topic, and each process's CPU seconds per 1,000 orders. */
    private int pipelinesOnly(Map<String, String> settings, PrintWriter out) throws Exception {
        Benchmark.PipelinesOnly figures;
        try (StateDirLock lock = StateDirLock.acquire(common.paths(), "bench --only pipeline --env " + env);
             InterruptGuard guard = new InterruptGuard("bench", Duration.ofSeconds(120))) {
            Path profiles = !profile ? null
                    : json != null ? json.toAbsolutePath().getParent() : Path.of("bench-profiles").toAbsolutePath();
            figures = new Benchmark(common.paths(), port.basePort, out, profiles)
                    .runPipelines(env, settings, orders, guard.stop());
        }
        Benchmark.Pipelines pipelines = figures.pipelines();
        out.println();
        out.printf("%-44s %14s %10s%n", "", "figure", "ratio");
        out.printf("%-44s %,14.0f %10.2f%n", "pipeline EOS orders/s (target 3,000)", pipelines.eos().ordersPerSec(),
                pipelines.eos().ordersPerSec() / 3_000);
        out.printf("%-44s %,14.0f %10.2f%n", "pipeline ALOS orders/s (target 4,000)", pipelines.alos().ordersPerSec(),
                pipelines.alos().ordersPerSec() / 4_000);
        perOrder(out, "EOS", pipelines.eos());
        perOrder(out, "ALOS", pipelines.alos());
        out.printf("%-44s %,14.0f %10.2f%n", "RSS brokers, Toxiproxy, app MB (target 1,500)", figures.rssMb(),
                figures.rssMb() / 1_500);
        out.printf("%-44s %,14.0f%n", "  of it file-backed (jars, AOT caches: RssFile)", figures.rssFileMb());
        residentByProcess(out, figures.rssMbByProcess());
        if (json != null) {
            ResultFiles.writeJson(json.toAbsolutePath(), figures);
            out.println("figures: " + json);
        }
        return 0;
    }

    /** Each process's share of the RSS peak, largest first: "broker 2 412, app 0 598, ...". */
    private static void residentByProcess(PrintWriter out, Map<String, Double> byProcess) {
        if (byProcess.isEmpty()) {
            return;
        }
        out.printf("  at the peak: %s%n", byProcess.entrySet().stream()
                .map(process -> String.format("%s %,.0f", process.getKey(), process.getValue()))
                .collect(Collectors.joining(", ")));
    }

    private static void perOrder(PrintWriter out, String guarantee, Benchmark.Pipeline pipeline) {
        Double total = pipeline.recordsPerOrder().get("total");
        if (total != null) {
            out.printf("%-44s %14.1f %10.2f%n", "records per order " + guarantee + ", all topics (target 18)", total,
                    total / 18);
            StringBuilder classes = new StringBuilder();
            pipeline.recordsPerOrder().forEach((c, n) -> {
                if (!c.equals("total")) {
                    classes.append(classes.isEmpty() ? "" : ", ").append(c).append(String.format(" %.1f", n));
                }
            });
            out.printf("%-44s %s%n", "  by class", classes);
            StringBuilder topics = new StringBuilder();
            pipeline.recordsPerOrderByTopic().entrySet().stream().limit(8).forEach(topic -> topics
                    .append(topics.isEmpty() ? "" : ", ").append(topic.getKey().replace("supply-chaos-", ""))
                    .append(String.format(" %.1f", topic.getValue())));
            out.printf("%-44s %s%n", "  most written topics", topics);
        }
        StringBuilder cpu = new StringBuilder();
        pipeline.cpuSecondsPerThousandOrders().forEach((process, seconds) -> cpu.append(cpu.isEmpty() ? "" : ", ")
                .append(process).append(String.format(" %.2f", seconds)));
        out.printf("%-44s %s%n", "  CPU s per 1,000 orders " + guarantee, cpu);
        out.printf("%-44s %,d orders in %.0f s, the JIT %s%n", "  warm-up " + guarantee, pipeline.warmupOrders(),
                pipeline.warmupMs() / 1000.0, pipeline.jitQuiet() ? "quiet" : "not quiet (measured anyway)");
        if (pipeline.jitShareOfCpu() != null && !pipeline.jitShareOfCpu().isEmpty()) {
            StringBuilder jit = new StringBuilder();
            pipeline.jitShareOfCpu().forEach((process, share) -> jit.append(jit.isEmpty() ? "" : ", ")
                    .append(process).append(String.format(" %.0f %%", share * 100)));
            out.printf("%-44s %s%n", "  JIT's share of the CPU, measured phase", jit);
        }
        if (pipeline.calibration() != null) {
            out.printf("%-44s %.2f sorts/s%n", "  machine calibration before the run", pipeline.calibration().perSecond());
        }
    }

    /** The light-load lines: p50 against its target, p99, and where the p50 goes hop by hop. */
    private static void light(PrintWriter out, String guarantee, Benchmark.LightLoad light, double targetMs) {
        out.printf("%-44s %7.0f / %-6.0f %7.2f%n", String.format("light %s %.0f/s p50 / p99 ms (target %.0f)",
                guarantee, light.offeredPerSec(), targetMs), light.p50LatencyMs(), light.p99LatencyMs(),
                light.p50LatencyMs() / targetMs);
        StringBuilder hops = new StringBuilder();
        light.hopP50Ms().forEach((via, p50) -> hops.append(hops.isEmpty() ? "" : ", ").append(via).append(' ')
                .append(Math.round(p50)));
        out.printf("%-44s %s%n", "  hops p50 ms, " + light.tuning() + " tuning", hops);
        out.printf("%-44s %s%n", "  warm-up (a fresh app; brokers of the runs above)", light.warmup());
    }
}
