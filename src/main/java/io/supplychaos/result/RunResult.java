package io.supplychaos.result;

import java.util.List;
import java.util.Map;

/**
 * Everything one run measured and concluded: the content of summary.json (keys as in
 * shared/DESIGN.md) and the input of report.html. Times in ms, epoch ms for instants.
 *
 * @param scenario    the scenario's name
 * @param env         the environment's name (c1, c2, c3, or an inline env's name)
 * @param workload    the workload as run (warm-up, orders, rate, producers, partitioning, producer config)
 * @param stages      per-stage latency (time from the previous notified state to this one)
 * @param faults      every fault injected or healed during the run, scheduled or by hand
 * @param verdict     PASS or FAIL against the scenario's expectations (INTERRUPTED when cut short)
 * @param violations  the expectations that failed, in words
 * @param startedAt   epoch ms when the measured phase began: second 0 of timeseries.csv, the origin
 *                    the report places faults against
 * @param endedAt     epoch ms when the run ended (after the drain)
 * @param interrupted true when the run was cut short (Ctrl-C, a crash of an instance)
 * @param distribution latency percentiles for the distribution chart
 * @param paper       the paper's figures for this config and message count, when the scenario is one of the paper's
 */
public record RunResult(String scenario, String env, Map<String, Object> workload, Orders orders,
                        Throughput throughput, Latency latencyMs, RequestTime requestTimeMs, Jitter jitterMs,
                        List<StageLatency> stages, List<FaultEvent> faults, String verdict, List<String> violations,
                        long startedAt, long endedAt, boolean interrupted, List<Percentile> distribution,
                        PaperFigures paper) {

    /**
     * Order accounting. lost = acknowledged but never completed within the drain timeout;
     * expectedLost = the part of lost the scenario declared acceptable (e.g. RF1 and a permanent kill);
     * neverAcked = sends that failed, listed apart from lost.
     */
    public record Orders(long sent, long acked, long completed, long lost, long expectedLost, long duplicates,
                         long outOfOrder, long neverAcked, long rejected, List<String> lostSample,
                         List<String> duplicateSample, List<String> outOfOrderSample) {
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

    public record Percentile(double percentile, double valueMs) {
    }

    /**
     * A fault as it happened.
     *
     * @param source     "schedule" (the scenario) or "cli" (another terminal)
     * @param recoveryMs how long after the fault began orders completed again at the rate before
     *                   it; null when they never did within the run
     */
    public record FaultEvent(String action, String target, String detail, String source, long injectedAt,
                             Long healedAt, Long recoveryMs) {
    }

    /** Table II of the paper for one config (C1/C2/C3) and message count, beside ours. */
    public record PaperFigures(String config, long messages, double latencyMs, double requestTimeMs,
                               double jitterMs, double throughputPerSec) {
    }
}
