package io.supplychaos.result;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;

import io.supplychaos.history.HistoryEvent.WarmupEnd;
import io.supplychaos.history.HistoryEvent.WarmupWindow;



/**
 * Everything one run measured and concluded: the content of summary.json and the input of
 * report.html. Times in ms, epoch ms for instants. The order classes, figures, fault recoveries
 * and verdict come from {@code check.RunAnalysis} over the run's history, so that
 * {@code ./chaos check DIR} reproduces them from {@code history.jsonl.gz}.
 *
 * @param scenario    the scenario's name
 * @param env         the environment's name (c1, c2, c3, or an inline env's name)
 * @param workload    the workload as run (warm-up, orders, rate, producers, partitioning, producer config)
 * @param orders      every order class, with counts and samples
 * @param stages      per-stage latency (time from the previous notified state to this one)
 * @param hops        where a delivered order's time goes: each hop of its way through the chain, in
 *                    chain order (they add up to the end-to-end latency)
 * @param faults      every fault injected, healed or failed during the run, scheduled or by hand
 * @param verdict     PASS, FAIL, INTERRUPTED (cut short: judges nothing) or ERROR (the tool failed)
 * @param violations  why the verdict is not PASS, in words (for ERROR: the cause)
 * @param notes       what the checker could not judge and why, and facts worth knowing that break no rule
 * @param startedAt   epoch ms when the measured phase began: second 0 of timeseries.csv, the origin
 *                    the report places faults against
 * @param endedAt     epoch ms when the run ended
 * @param interrupted true when the run was cut short (Ctrl-C)
 * @param distribution latency percentiles for the distribution chart
 * @param paper       the paper's figures for this config and message count, when the scenario is one of the paper's
 * @param brokerMetricsSource what the broker columns of timeseries.csv were sampled from, as
 *                    {@code metrics.MetricsSource#describe()} says it ("JMX on 127.0.0.1:29061-29063",
 *                    "none: REASON"); null in summaries written before runs recorded it
 * @param provenance  versions, commit, env, broker config, scenario file and machine of the run; null
 *                    in summaries written before runs recorded it
 * @param firstReadMs the one-hop figure: an order's intended send to its first read by the
 *                    manufacturer's intake, with its jitter (the paper's "produced, transmitted and
 *                    consumed"); null in summaries written before runs recorded it
 * @param warmup      how the warm-up ended and what it cost, and how long the measured phase sent;
 *                    null in summaries written before warm-ups were watched, and for a run that ended
 *                    before its measured phase
 */
public record RunResult(String scenario, String env, Map<String, Object> workload, Orders orders,
                        Throughput throughput, Latency latencyMs, RequestTime requestTimeMs, Jitter jitterMs,
                        List<StageLatency> stages, List<Hop> hops, List<FaultEvent> faults, Verdict verdict, List<String> violations,
                        List<String> notes, long startedAt, long endedAt, boolean interrupted,
                        List<Percentile> distribution, PaperFigures paper, String brokerMetricsSource,
                        Provenance provenance, FirstRead firstReadMs, Warmup warmup) {

    /** A result without its warm-up (the checker's, before the run adds it; tests). */
    public RunResult(String scenario, String env, Map<String, Object> workload, Orders orders,
                     Throughput throughput, Latency latencyMs, RequestTime requestTimeMs, Jitter jitterMs,
                     List<StageLatency> stages, List<Hop> hops, List<FaultEvent> faults, Verdict verdict,
                     List<String> violations, List<String> notes, long startedAt, long endedAt, boolean interrupted,
                     List<Percentile> distribution, PaperFigures paper, String brokerMetricsSource,
                     Provenance provenance, FirstRead firstReadMs) {
        this(scenario, env, workload, orders, throughput, latencyMs, requestTimeMs, jitterMs, stages, hops, faults,
                verdict, violations, notes, startedAt, endedAt, interrupted, distribution, paper, brokerMetricsSource,
                provenance, firstReadMs, null);
    }

    /** How {@link #brokerMetricsSource} begins when no broker metrics were sampled; the reason follows. */
    public static final String NO_BROKER_METRICS = "none: ";

    /** How many orders (or records, or drugs) fall in a class, and up to 20 of them. */
    public record OrderClass(long count, List<String> sample) {

        public static final int SAMPLE_SIZE = 20;

        public static OrderClass of(List<String> all) {
            return new OrderClass(all.size(), List.copyOf(all.subList(0, Math.min(SAMPLE_SIZE, all.size()))));
        }

        public static OrderClass none() {
            return new OrderClass(0, List.of());
        }
    }

    /**
     * Acknowledged orders absent from order-placed after heal, whether the pipeline had processed
     * them or not.
     *
     * @param expected        lost where the history shows a loss could happen: on a partition whose
     *                        leader changed after the ack while the producer used acks below all, or
     *                        while unclean leader election was enabled (and the scenario says
     *                        {@code lost: expected})
     * @param bad             any other loss
     * @param afterProcessing lost from the log after processing: of the lost orders (expected and
     *                        bad), those the pipeline had read and processed before they were gone
     *                        from order-placed; null in summaries written before runs looked for them
     * @param toPowerLoss     of the lost orders, those acknowledged before a power loss the run injected
     *                        (written to the brokers' page cache, not fsynced); null in summaries written
     *                        before runs named them
     */
    public record Lost(long count, OrderClass expected, OrderClass bad, OrderClass afterProcessing,
                       OrderClass toPowerLoss) {

        @JsonCreator
        public Lost {
        }

        /** Without the power loss's share, as summaries written before it hold it. */
        public Lost(long count, OrderClass expected, OrderClass bad, OrderClass afterProcessing) {
            this(count, expected, bad, afterProcessing, null);
        }
    }

    /**
     * Extra records: a state seen n times on an output topic counts n - 1; a stock command seen
     * more often than explained counts the excess.
     *
     * @param count   extra records in all
     * @param byTopic extra records per topic (stock-commands for the repartition topic)
     * @param sample  "orderId topic STATE xN" ("orderId order-placed xN" for a send the producer wrote N times)
     * @param writtenTwiceByProducer orders of which order-placed holds more than one record of one send:
     *                               a lost ack retried without idempotence (null in summaries written before)
     */
    public record Duplicates(long count, Map<String, Long> byTopic, List<String> sample,
                             @JsonInclude(JsonInclude.Include.NON_NULL) OrderClass writtenTwiceByProducer) {

        @JsonCreator
        public Duplicates {
        }

        public Duplicates(long count, Map<String, Long> byTopic, List<String> sample) {
            this(count, byTopic, sample, null);
        }
    }

    /**
     * The stock check per drug at quiescence.
     *
     * @param violations what broke, one line each
     * @param notJudged  the parts that could not be judged, and why
     */
    public record Stock(OrderClass violations, List<String> notJudged) {
    }

    /**
     * Order accounting; every class is per acknowledged order unless noted.
     *
     * @param sent              orders handed to the producer (warm-up included)
     * @param acked             of those, acknowledged by Kafka
     * @param measuredAcked     acknowledged orders of the measured phase (the "progress" figure)
     * @param completed         acknowledged orders that reached DELIVERED or REJECTED
     * @param rejected          of those, REJECTED
     * @param ok                exactly one complete lifecycle on every output topic
     * @param lost              acked, absent from order-placed after heal, with the read-back complete
     * @param stuck             in order-placed, never completed
     * @param unseen            not completed while its partition could not be read back or the cluster was unavailable
     * @param duplicates        states or stock commands seen more often than once
     * @param incompleteLifecycle a final state reached with a required state missing
     * @param outOfOrder        orders whose notifications came out of lifecycle order
     * @param unexpected        orderIds on an output topic the run never sent (not per acked order)
     * @param neverAcked        sends that failed or were never answered (not per acked order)
     * @param writtenUnacked    of those, orders that completed all the same: written, the ack lost
     * @param malformed         output records that could not be decoded ("topic-partition@offset")
     * @param stock             the per-drug stock check
     * @param measuredSent      orders of the measured phase handed to the producer (attempted); null in
     *                          summaries written before runs recorded it
     * @param availability      measuredAcked / measuredSent: the share of the measured phase's orders
     *                          Kafka acknowledged; null when no measured order was sent, and in older summaries
     * @param stuckByPowerLoss  of the stuck orders, those a power loss the run injected left stuck: placed
     *                          after it at an offset of order-placed Kafka had handed out before it (consumers
     *                          whose position came from before the cut skip it), or read mid-chain before
     *                          it; null in summaries written before runs named them
     * @param cutByPowerLoss    orders whose chain ran across a power loss (acknowledged, or sent and never
     *                          answered, before it) and whose records show the cut: a record missing on
     *                          one topic while a later one survived on another, a record repeated, or
     *                          notifications out of order; each as "orderId (what)". Null in summaries
     *                          written before runs named them
     */
    public record Orders(long sent, long acked, long measuredAcked, long completed, long rejected, OrderClass ok,
                         Lost lost, OrderClass stuck, OrderClass unseen, Duplicates duplicates,
                         OrderClass incompleteLifecycle, OrderClass outOfOrder, OrderClass unexpected,
                         OrderClass neverAcked, OrderClass writtenUnacked, OrderClass malformed, Stock stock,
                         Long measuredSent, Double availability, OrderClass stuckByPowerLoss,
                         OrderClass cutByPowerLoss) {

        @JsonCreator
        public Orders {
        }

        /** Without the orders a power loss cut mid-chain, as summaries written before it hold them. */
        public Orders(long sent, long acked, long measuredAcked, long completed, long rejected, OrderClass ok,
                      Lost lost, OrderClass stuck, OrderClass unseen, Duplicates duplicates,
                      OrderClass incompleteLifecycle, OrderClass outOfOrder, OrderClass unexpected,
                      OrderClass neverAcked, OrderClass writtenUnacked, OrderClass malformed, Stock stock,
                      Long measuredSent, Double availability, OrderClass stuckByPowerLoss) {
            this(sent, acked, measuredAcked, completed, rejected, ok, lost, stuck, unseen, duplicates,
                    incompleteLifecycle, outOfOrder, unexpected, neverAcked, writtenUnacked, malformed, stock,
                    measuredSent, availability, stuckByPowerLoss, null);
        }

        /** Without the stuck orders a power loss explains, as summaries written before it hold them. */
        public Orders(long sent, long acked, long measuredAcked, long completed, long rejected, OrderClass ok,
                      Lost lost, OrderClass stuck, OrderClass unseen, Duplicates duplicates,
                      OrderClass incompleteLifecycle, OrderClass outOfOrder, OrderClass unexpected,
                      OrderClass neverAcked, OrderClass writtenUnacked, OrderClass malformed, Stock stock,
                      Long measuredSent, Double availability) {
            this(sent, acked, measuredAcked, completed, rejected, ok, lost, stuck, unseen, duplicates,
                    incompleteLifecycle, outOfOrder, unexpected, neverAcked, writtenUnacked, malformed, stock,
                    measuredSent, availability, null, null);
        }
    }

    /**
     * Both over one span: the first measured order's intended send time to the last measured
     * completion, so that recordsPerSec / ordersPerSec is records per order.
     */
    public record Throughput(double ordersPerSec, double recordsPerSec) {
    }

    public record Latency(double avg, double p50, double p95, double p99, double p999, double max) {
    }

    public record RequestTime(double avg, double p99) {
    }

    public record Jitter(double avg) {
    }

    public record StageLatency(String stage, long count, Latency latencyMs) {
    }

    /**
     * One hop of an order's way, over the measured orders that were delivered.
     *
     * @param hop   from which stage's output to which, e.g. "goods → shipment"
     * @param via   the topic the hop crosses, or the stage it happens in (manufacturer, transport)
     */
    public record Hop(String hop, String via, long count, Latency latencyMs) {
    }

    public record Percentile(double percentile, double valueMs) {
    }

    /**
     * Send to first read by the manufacturer's intake, over the measured orders it was seen for.
     *
     * @param jitterMs mean absolute difference of consecutive one-hop latencies, in send order
     */
    public record FirstRead(long count, Latency latencyMs, double jitterMs) {
    }

    /**
     * A fault as it happened.
     *
     * @param source     "schedule" (the scenario) or "cli" (another terminal)
     * @param healedAt   when it was healed; null when never
     * @param recoveryMs how long after the fault began orders completed again at the rate before
     *                   it; null when they never did ("not recovered"), and always null for a
     *                   fault that failed
     * @param error      why the fault could not be injected; null when it was
     */
    public record FaultEvent(String action, String target, String detail, String source, long injectedAt,
                             Long healedAt, Long recoveryMs, String error, RestoreLatency restore) {

        @JsonCreator
        public FaultEvent {
        }

        /** A fault without its restore window (a failed one, a verify run's, summaries written before it). */
        public FaultEvent(String action, String target, String detail, String source, long injectedAt,
                          Long healedAt, Long recoveryMs, String error) {
            this(action, target, detail, source, injectedAt, healedAt, recoveryMs, error, null);
        }

        /** A fault that was injected (no error). */
        public FaultEvent(String action, String target, String detail, String source, long injectedAt, Long healedAt,
                          Long recoveryMs) {
            this(action, target, detail, source, injectedAt, healedAt, recoveryMs, null);
        }

        /** The same fault with its restore window. */
        public FaultEvent withRestore(RestoreLatency window) {
            return new FaultEvent(action, target, detail, source, injectedAt, healedAt, recoveryMs, error, window);
        }

        public boolean failed() {
            return error != null;
        }

        /** How the fault reads on charts, tables and verdict lines: {@link FaultLabel#of}. */
        public String label() {
            return FaultLabel.of(action, target, detail);
        }

        /** Prefix of {@link #error} for a fault that was injected but whose heal threw (the fault timeline writes it). */
        public static final String HEAL_FAILED = "heal failed: ";

        /** A fault that was injected but could not be healed, as opposed to one that was never injected. */
        public boolean healFailed() {
            return error != null && error.startsWith(HEAL_FAILED);
        }

        /** "could not be injected: ..." or "was injected but failed to heal: ...", for verdict lines. */
        public String failure() {
            return healFailed() ? "was injected but failed to heal: " + error.substring(HEAL_FAILED.length())
                    : "could not be injected: " + error;
        }
    }

    /**
     * Latency during restore after one fault: the measured orders placed (by intended send time) from
     * the fault's injection until its recovery plus a margin ({@code windowMs} in all; to the end of
     * sending when it did not recover), beside the steady orders placed in the measured phase before
     * the run's first fault.
     *
     * @param windowMs how long after the injection the window ran
     * @param during   the orders placed in the window
     * @param steady   the orders placed before the run's first fault
     */
    public record RestoreLatency(long windowMs, Window during, Window steady) {
    }

    /**
     * Orders placed in a span of time and the end-to-end latency of those that completed.
     *
     * @param placed    measured orders whose intended send time falls in it
     * @param completed of those, the ones that reached a final state
     * @param p50Ms     latency percentiles and maximum of the completed ones; null when none completed
     */
    public record Window(long placed, long completed, Double p50Ms, Double p99Ms, Double maxMs) {
    }

    /**
     * The warm-up as it went, and the measured phase after it.
     *
     * @param end        why it ended: NONE (the scenario asked none), ORDERS_SENT (its counts), STEADY
     *                   (the steady rule held), NOT_STEADY (its bound passed first: "not steady after 90 s")
     * @param steady     whether the steady rule held when it ended
     * @param ms         the cold-start cost: from the warm-up's start to the measured phase's
     * @param orders     warm-up orders sent
     * @param measuredMs how long the measured phase sent (its start to the drain's)
     * @param rule       the steady rule it was watched with, in words; empty for none
     * @param windows    the p50 of each window of the warm-up, so that a reader sees it settle
     */
    public record Warmup(WarmupEnd end, boolean steady, long ms, long orders, long measuredMs, String rule,
                         List<WarmupWindow> windows) {

        public Warmup {
            windows = windows == null ? List.of() : List.copyOf(windows);
        }

        /** "steady after 35 s", "not steady after 90 s", "500 orders in 7 s, not steady when it ended", "none". */
        public String describe() {
            long seconds = Math.round(ms / 1000.0);
            return switch (end) {
                case NONE -> "none";
                case STEADY -> "steady after " + seconds + " s";
                case NOT_STEADY -> "not steady after " + seconds + " s";
                case ORDERS_SENT -> orders + " orders in " + seconds + " s, " + (steady ? "steady" : "not steady")
                        + " when it ended";
            };
        }
    }

    /** Table II of the paper for one config (C1/C2/C3) and message count, beside ours. */
    public record PaperFigures(String config, long messages, double latencyMs, double requestTimeMs,
                               double jitterMs, double throughputPerSec) {
    }

    /** This result with the paper's figures beside it. */
    public RunResult withPaper(PaperFigures figures) {
        return new RunResult(scenario, env, workload, orders, throughput, latencyMs, requestTimeMs, jitterMs, stages,
                hops, faults, verdict, violations, notes, startedAt, endedAt, interrupted, distribution, figures,
                brokerMetricsSource, provenance, firstReadMs, warmup);
    }

    /** This result saying where its broker metrics came from ({@code BrokerMetrics#source()}). */
    public RunResult withBrokerMetricsSource(String source) {
        return new RunResult(scenario, env, workload, orders, throughput, latencyMs, requestTimeMs, jitterMs, stages,
                hops, faults, verdict, violations, notes, startedAt, endedAt, interrupted, distribution, paper, source,
                provenance, firstReadMs, warmup);
    }

    /** This result with where it came from. */
    public RunResult withProvenance(Provenance provenance) {
        return new RunResult(scenario, env, workload, orders, throughput, latencyMs, requestTimeMs, jitterMs, stages,
                hops, faults, verdict, violations, notes, startedAt, endedAt, interrupted, distribution, paper,
                brokerMetricsSource, provenance, firstReadMs, warmup);
    }

    /** This result with its warm-up and measured phase's length. */
    public RunResult withWarmup(Warmup phase) {
        return new RunResult(scenario, env, workload, orders, throughput, latencyMs, requestTimeMs, jitterMs, stages,
                hops, faults, verdict, violations, notes, startedAt, endedAt, interrupted, distribution, paper,
                brokerMetricsSource, provenance, firstReadMs, phase);
    }

    /**
     * Why no broker metrics were sampled, when the source was none; null when there was a source or
     * the summary does not say. Not a record component, so summary.json does not repeat it.
     */
    public String noBrokerMetricsReason() {
        return brokerMetricsSource != null && brokerMetricsSource.startsWith(NO_BROKER_METRICS)
                ? brokerMetricsSource.substring(NO_BROKER_METRICS.length()) : null;
    }
}
