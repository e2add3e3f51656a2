package io.supplychaos.paper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.report.Runs;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/** Test fixture: runs of the paper's sweeps with chosen figures, everything else from {@link Runs#result()}. */
public final class PaperRuns {

    private PaperRuns() {
    }

    /** A passing run at the paper's rate: one-hop latency and jitter as given, end-to-end 5x, request time as given. */
    public static RunResult atPaperRate(String config, long messages, double oneHop, double jitter, double request) {
        return run(config, messages, 200, oneHop, jitter, request, 200, Verdict.PASS);
    }

    /** A passing run as fast as possible with this throughput. */
    public static RunResult asFastAsPossible(String config, long messages, double throughput) {
        return run(config, messages, 0, 500, 50, 20, throughput, Verdict.PASS);
    }

    public static RunResult run(String config, long messages, double rate, double oneHop, double jitter, double request,
                                double throughput, Verdict verdict) {
        RunResult base = Runs.withFigures(Runs.result(), config.toLowerCase(), throughput, oneHop * 5, oneHop * 9,
                request, jitter * 3);
        Map<String, Object> workload = new LinkedHashMap<>(base.workload());
        workload.put("orders", messages);
        workload.put("ratePerSecond", rate);
        RunResult.Latency hop = new RunResult.Latency(oneHop, oneHop, oneHop * 1.5, oneHop * 2, oneHop * 3, oneHop * 4);
        RunResult r = new RunResult(base.scenario(), base.env(), workload, base.orders(), base.throughput(),
                base.latencyMs(), base.requestTimeMs(), base.jitterMs(), base.stages(), base.hops(), List.of(), verdict,
                verdict == Verdict.PASS ? List.of() : List.of("lost 1 > 0"), List.of(), base.startedAt(), base.endedAt(),
                verdict == Verdict.INTERRUPTED, base.distribution(), null, base.brokerMetricsSource(), provenance(),
                new RunResult.FirstRead(messages, hop, jitter));
        return r.withPaper(PaperTable.load().figures(config, messages).orElseThrow());
    }

    /** The fixture's provenance: a committed build, run from the whole table's scenario file. */
    static io.supplychaos.result.Provenance provenance() {
        io.supplychaos.result.Provenance p = Runs.provenance();
        return new io.supplychaos.result.Provenance(p.tool(), "0123abc", p.kafka(), p.java(), p.clusterJava(), p.env(),
                p.brokerConfig(), "scenarios/paper-table2.yaml", p.machine(), p.subtopologies());
    }

    /** {@code run} as if it were a point of the sweep in {@code scenarioFile}. */
    public static RunResult inSweep(RunResult r, String scenarioFile) {
        io.supplychaos.result.Provenance p = r.provenance();
        return r.withProvenance(new io.supplychaos.result.Provenance(p.tool(), p.gitCommit(), p.kafka(), p.java(),
                p.clusterJava(), p.env(), p.brokerConfig(), scenarioFile, p.machine(), p.subtopologies(),
                p.calibration()));
    }

    /** {@code run} as if it were built from {@code commit}. */
    public static RunResult builtFrom(RunResult r, String commit) {
        io.supplychaos.result.Provenance p = r.provenance();
        return r.withProvenance(new io.supplychaos.result.Provenance(p.tool(), commit, p.kafka(), p.java(),
                p.clusterJava(), p.env(), p.brokerConfig(), p.scenarioFile(), p.machine(), p.subtopologies(),
                p.calibration()));
    }

    /** {@code run} with a calibration of its machine at {@code perSecond}. */
    public static RunResult calibrated(RunResult r, double perSecond) {
        io.supplychaos.result.Provenance p = r.provenance();
        return r.withProvenance(new io.supplychaos.result.Provenance(p.tool(), p.gitCommit(), p.kafka(), p.java(),
                p.clusterJava(), p.env(), p.brokerConfig(), p.scenarioFile(), p.machine(), p.subtopologies(),
                new io.supplychaos.result.Provenance.Calibration("test", perSecond, perSecond * 0.9, perSecond * 1.1, 9)));
    }

    /** {@code run} with every latency, request time and jitter figure times {@code k} and throughput divided by it. */
    public static RunResult slowedBy(RunResult r, double k) {
        RunResult.Latency l = r.latencyMs();
        RunResult.FirstRead f = r.firstReadMs();
        return new RunResult(r.scenario(), r.env(), r.workload(), r.orders(),
                new RunResult.Throughput(r.throughput().ordersPerSec() / k, r.throughput().recordsPerSec() / k),
                times(l, k), new RunResult.RequestTime(r.requestTimeMs().avg() * k, r.requestTimeMs().p99() * k),
                new RunResult.Jitter(r.jitterMs().avg() * k), r.stages(), r.hops(), r.faults(), r.verdict(),
                r.violations(), r.notes(), r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(), r.paper(),
                r.brokerMetricsSource(), r.provenance(),
                f == null ? null : new RunResult.FirstRead(f.count(), times(f.latencyMs(), k), f.jitterMs() * k));
    }

    private static RunResult.Latency times(RunResult.Latency l, double k) {
        return l == null ? null : new RunResult.Latency(l.avg() * k, l.p50() * k, l.p95() * k, l.p99() * k,
                l.p999() * k, l.max() * k);
    }

    /** {@code run} as if its session warmed up with {@code phases} before it. */
    public static RunResult withWarmup(RunResult r, List<Long> phases) {
        Map<String, Object> workload = new LinkedHashMap<>(r.workload());
        workload.put("warmup", phases);
        return new RunResult(r.scenario(), r.env(), workload, r.orders(), r.throughput(), r.latencyMs(), r.requestTimeMs(),
                r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(), r.startedAt(),
                r.endedAt(), r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(),
                r.firstReadMs());
    }

    /** {@code run} as if it started at {@code startedAt} (epoch ms) and took a minute. */
    public static RunResult startedAt(RunResult r, long startedAt) {
        return new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(),
                startedAt, startedAt + 60_000, r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(),
                r.provenance(), r.firstReadMs());
    }

    /** {@code run} as if it ran on a machine whose kernel is {@code os} (everything else as {@link Runs#provenance()}). */
    public static RunResult onMachine(RunResult r, String os) {
        io.supplychaos.result.Provenance p = r.provenance();
        io.supplychaos.result.Provenance.Machine m = p.machine();
        io.supplychaos.result.Provenance moved = new io.supplychaos.result.Provenance(p.tool(), p.gitCommit(), p.kafka(),
                p.java(), p.clusterJava(), p.env(), p.brokerConfig(), p.scenarioFile(),
                new io.supplychaos.result.Provenance.Machine(os, m.arch(), m.cores(), m.memoryMb(), m.cpu()),
                p.subtopologies(), p.calibration());
        return new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(),
                r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(),
                moved, r.firstReadMs());
    }

    /** {@code run} as if it ran on a machine whose kernel is {@code os}, in the sweep of {@code scenarioFile}. */
    public static RunResult on(RunResult r, String os, String scenarioFile) {
        return inSweep(onMachine(r, os), scenarioFile);
    }
}
