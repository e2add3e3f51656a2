package io.supplychaos.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.RunResult.FaultEvent;
import io.supplychaos.result.RunResult.OrderClass;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.result.Verdict;

/** Test fixture: a believable run (results and rows) that each test bends to its case with the with-ers. */
public final class Runs {

    public static final long START = 1_700_000_000_000L;

    private Runs() {
    }

    public static RunResult result() {
        Map<String, Object> producer = new LinkedHashMap<>();
        producer.put("acks", "all");
        producer.put("linger.ms", 5);
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("orders", 10000);
        workload.put("ratePerSecond", 0);
        workload.put("partitioning", "key");
        workload.put("producer", producer);
        return new RunResult("c3-leader-kill", "c3", workload,
                orders(),
                new RunResult.Throughput(350.5, 2103.0),
                new RunResult.Latency(80.2, 70.1, 120.5, 190.0, 450.3, 1200.0),
                new RunResult.RequestTime(9.5, 25.0), new RunResult.Jitter(7.1),
                List.of(new RunResult.StageLatency("manufacturer", 9985, new RunResult.Latency(20, 18, 30, 40, 60, 90))),
                List.of(new RunResult.Hop("placed → stock command", "order-placed", 9960,
                                new RunResult.Latency(12, 9, 20, 30, 40, 50)),
                        new RunResult.Hop("stock command → confirmation", "stock-commands", 9960,
                                new RunResult.Latency(60, 55, 90, 120, 150, 200))),
                List.of(new FaultEvent("kill-broker", "leader-of order-placed:0", "kill-broker 2", "schedule",
                                START + 10_000, START + 25_000, 4_000L),
                        new FaultEvent("kill-broker", "9", "kill-broker 9", "schedule", START + 12_000, null, null,
                                "no broker 9 in env c3"),
                        new FaultEvent("delay", "all", "delay 100 ms ± 20 ms, client links, all brokers", "cli",
                                START + 30_000, null, null)),
                Verdict.FAIL, List.of("lost 5 > 0"),
                List.of("1 orderIds from before the run seen on output topics (not judged), e.g. old-1"), START, START + 40_000, false,
                List.of(new RunResult.Percentile(50, 70.1), new RunResult.Percentile(90, 100),
                        new RunResult.Percentile(99, 190), new RunResult.Percentile(99.9, 450.3),
                        new RunResult.Percentile(99.99, 900), new RunResult.Percentile(100, 1200)),
                null, "JMX on 127.0.0.1:29061-29063", null,
                new RunResult.FirstRead(8990, new RunResult.Latency(11.5, 9, 19, 29, 39, 49), 3.2))
                .withWarmup(warmup());
    }

    /** A warm-up that settled: nothing completed in the first window, then the p50 fell and held. */
    public static RunResult.Warmup warmup() {
        return new RunResult.Warmup(HistoryEvent.WarmupEnd.STEADY, true, 35_400, 3_512, 60_200,
                "p50 of 5s windows stopped falling and backlog not growing, 3 windows in a row, within 10 %; at most 90s",
                List.of(new HistoryEvent.WarmupWindow(5_000, null, 0, 480, 500),
                        new HistoryEvent.WarmupWindow(10_000, 6_512.0, 95, 890, 1_000),
                        new HistoryEvent.WarmupWindow(15_000, 2_210.0, 700, 690, 1_500),
                        new HistoryEvent.WarmupWindow(20_000, 805.0, 610, 80, 2_000),
                        new HistoryEvent.WarmupWindow(25_000, 512.0, 500, 72, 2_500),
                        new HistoryEvent.WarmupWindow(30_000, 498.0, 500, 70, 3_000),
                        new HistoryEvent.WarmupWindow(35_000, 505.0, 500, 71, 3_500)));
    }

    /** Every class filled, so that each shows in summary.json and the report. */
    public static RunResult.Orders orders() {
        return new RunResult.Orders(10000, 9990, 8990, 9985, 3, new OrderClass(9970, List.of("o-10")),
                new RunResult.Lost(5, new OrderClass(1, List.of("o-2")), new OrderClass(4, List.of("o-1")),
                        new OrderClass(2, List.of("o-1", "o-11"))),
                new OrderClass(1, List.of("o-5")), new OrderClass(1, List.of("o-6")),
                new RunResult.Duplicates(2, Map.of("notifications", 2L), List.of("o-3 notifications DELIVERED x3")),
                new OrderClass(1, List.of("o-7 (DELIVERED without DISPATCHED on notifications)")),
                new OrderClass(1, List.of("o-4")), new OrderClass(1, List.of("x-1")), new OrderClass(10, List.of("o-8")),
                new OrderClass(1, List.of("o-8")), new OrderClass(1, List.of("notifications-0@17")),
                new RunResult.Stock(new OrderClass(1, List.of("RESERVE seen 2 times for order o-9 (explained: 1)")),
                        List.of()), 9000L, 8990 / 9000.0);
    }

    public static RunResult withPaper(RunResult r, RunResult.PaperFigures paper) {
        return r.withPaper(paper);
    }

    public static RunResult withScenario(RunResult r, String scenario) {
        return new RunResult(scenario, r.env(), r.workload(), r.orders(), r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(), r.startedAt(),
                r.endedAt(), r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());
    }

    public static RunResult withFigures(RunResult r, String env, double ordersPerSec, double latencyAvg,
                                        double latencyP99, double requestAvg, double jitter) {
        RunResult.Latency l = r.latencyMs();
        return new RunResult(r.scenario(), env, r.workload(), r.orders(),
                new RunResult.Throughput(ordersPerSec, ordersPerSec * 6),
                new RunResult.Latency(latencyAvg, l.p50(), l.p95(), latencyP99, l.p999(), l.max()),
                new RunResult.RequestTime(requestAvg, r.requestTimeMs().p99()), new RunResult.Jitter(jitter),
                r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(), r.startedAt(), r.endedAt(),
                r.interrupted(),
                r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());
    }

    public static RunResult withOrders(RunResult r, RunResult.Orders orders) {
        return new RunResult(r.scenario(), r.env(), r.workload(), orders, r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), r.verdict(), r.violations(), r.notes(),
                r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(),
                r.provenance(), r.firstReadMs());
    }

    public static RunResult withFaults(RunResult r, List<FaultEvent> faults) {
        return new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), faults, r.verdict(), r.violations(), r.notes(),
                r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(), r.paper(), r.brokerMetricsSource(),
                r.provenance(), r.firstReadMs());
    }

    public static RunResult withoutFaultsOrDistribution(RunResult r) {
        return new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(), r.latencyMs(),
                r.requestTimeMs(), r.jitterMs(), List.of(), List.of(), List.of(), r.verdict(), r.violations(), r.notes(), r.startedAt(),
                r.endedAt(), r.interrupted(), List.of(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());
    }

    /** Forty seconds; broker and host columns NaN (not sampled); the faults as the result says. */
    public static List<TimeSeriesRow> rows() {
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int s = 0; s < 40; s++) {
            List<String> active = new ArrayList<>();
            if (s >= 10 && s < 25) {
                active.add("kill-broker 2 (leader of order-placed:0)");
            }
            if (s >= 30) {
                active.add("delay 100 ms ± 20 ms, client links, all brokers");
            }
            rows.add(row(s, active));
        }
        return rows;
    }

    public static TimeSeriesRow row(long second, List<String> activeFaults) {
        return new TimeSeriesRow(second < 0 ? Phase.WARMUP : Phase.MEASURE, second, 260, 255, 250 + second % 7, 40,
                350.0, 1500.5 + second, 60.25, 180.0, 400, 12.5, activeFaults, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Map.of());
    }

    /** {@code r} with other broker and host columns (under-replicated, bytes in/out, ISR shrinks/expands, idle, produce p99, CPU, memory). */
    public static TimeSeriesRow withBroker(TimeSeriesRow r, double underReplicated, double bytesIn, double bytesOut,
                                           double shrinks, double expands, double idle, double produceP99, double cpu,
                                           double memory) {
        return new TimeSeriesRow(r.phase(), r.second(), r.sent(), r.acked(), r.completed(), r.inFlight(),
                r.oldestInFlightMs(), r.recordsPerSec(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.requestP99Ms(),
                r.activeFaults(), underReplicated, bytesIn, bytesOut, shrinks, expands, idle, produceP99, cpu, memory,
                r.consumerLag());
    }

    /** {@code r} with another completed count and latency. */
    public static TimeSeriesRow withLatency(TimeSeriesRow r, long completed, double p50, double p99) {
        return new TimeSeriesRow(r.phase(), r.second(), r.sent(), r.acked(), completed, r.inFlight(),
                r.oldestInFlightMs(), r.recordsPerSec(), p50, p99, r.maxMs(), r.requestP99Ms(), r.activeFaults(),
                r.underReplicatedPartitions(), r.bytesInPerSec(), r.bytesOutPerSec(), r.isrShrinksPerSec(),
                r.isrExpandsPerSec(), r.requestHandlerIdlePct(), r.produceTotalTimeP99Ms(), r.hostCpuPct(),
                r.hostMemUsedMb(), r.consumerLag());
    }

    public static ResultFiles.Run run() {
        return new ResultFiles.Run(result(), rows());
    }

    /** {@code r} with a consumer lag per sub-topology. */
    public static TimeSeriesRow withLag(TimeSeriesRow r, Map<Integer, Long> lag) {
        return new TimeSeriesRow(r.phase(), r.second(), r.sent(), r.acked(), r.completed(), r.inFlight(),
                r.oldestInFlightMs(), r.recordsPerSec(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.requestP99Ms(),
                r.activeFaults(), r.underReplicatedPartitions(), r.bytesInPerSec(), r.bytesOutPerSec(),
                r.isrShrinksPerSec(), r.isrExpandsPerSec(), r.requestHandlerIdlePct(), r.produceTotalTimeP99Ms(),
                r.hostCpuPct(), r.hostMemUsedMb(), lag);
    }

    /** A provenance with two sub-topologies and one broker's settings. */
    public static io.supplychaos.result.Provenance provenance() {
        return new io.supplychaos.result.Provenance("0.1.0-test", "0123abc+dirty", "4.2.0", "17.0.12 (Eclipse Adoptium)",
                "25.0.1 (/usr/lib/jvm/temurin-25)", Map.of("name", "c3", "brokers", 3),
                Map.of("1", Map.of("min.insync.replicas", "2", "num.io.threads", "8")), "scenarios/quickstart.yaml",
                new io.supplychaos.result.Provenance.Machine("Linux 6.1", "amd64", 2, 24_576),
                Map.of(0, List.of("order-confirmation", "order-placed", "shipment-status"),
                        1, List.of("supply-chain-stock-commands-by-drug-repartition")));
    }
}
