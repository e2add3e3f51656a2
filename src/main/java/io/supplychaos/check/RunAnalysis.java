package io.supplychaos.check;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * The checker: a pure function of a run's history ({@code history.jsonl.gz}, see
 * {@link HistoryEvent}) that touches no topic. The runner calls {@link #of(List)} once the run is
 * over and writes {@link #result} as summary.json; {@code ./chaos check DIR} calls it again on the
 * stored history and must get the same verdict, classes and figures.
 *
 * <p>What it holds: the order classes ({@link OrderClasses}: ok, lost expected/bad and lost from the
 * log after processing, stuck, unseen,
 * duplicate, incomplete lifecycle, out of order, unexpected, never acknowledged, malformed), the
 * stock check ({@link StockCheck}), the figures ({@link Measurements}: latency, request time,
 * jitter, orders/s, stages), the hops of a delivered order ({@link Hops}), every fault with its recovery ({@link FaultIntervals}, {@link Recovery})
 * and the {@link Judgement} (verdict and violations, rules there).
 *
 * @param orders       the order classes with counts and samples, as summary.json carries them
 * @param faults       every fault, failed ones with their error, each with its recovery or null (did not recover)
 * @param judgement    the verdict, its violations and notes
 * @param startedAt    epoch ms the measured phase began (second 0 of the time series)
 * @param endedAt      epoch ms the run ended
 */
public record RunAnalysis(String scenario, String env, RunResult.Orders orders, RunResult.Latency latency,
                          RunResult.RequestTime requestTime, RunResult.Jitter jitter, double ordersPerSec,
                          long measuredSpanMillis, List<RunResult.StageLatency> stages, List<RunResult.Hop> hops,
                          RunResult.FirstRead firstRead,
                          List<RunResult.Percentile> distribution, List<RunResult.FaultEvent> faults,
                          Judgement judgement, long startedAt, long endedAt) {

    /** Analyses a whole history, in recorded order. */
    public static RunAnalysis of(List<HistoryEvent> events) {
        RunHistory h = new RunHistory(events);
        OrderClasses classes = OrderClasses.of(h);
        StockCheck.Result stock = StockCheck.of(h, classes);
        Measurements m = Measurements.of(h);
        List<RunResult.FaultEvent> faults = RestoreWindows.attach(h,
                FaultIntervals.of(h, m.completions(), classes.inFlight() == 0));
        Judgement judgement = Judgement.of(h, classes, stock, m, faults);
        return new RunAnalysis(h.start == null ? null : h.start.scenario(), h.start == null ? null : h.start.env(),
                orders(classes, stock), m.latency(), m.requestTime(), m.jitter(), m.ordersPerSec(),
                m.measuredSpanMillis(), m.stages(), Hops.of(h), FirstRead.of(h), m.distribution(), faults, judgement, h.measureStart(),
                h.end != null ? h.end.at() : h.lastAt);
    }

    public Verdict verdict() {
        return judgement.verdict();
    }

    /**
     * summary.json's content for this run.
     *
     * @param workload      the workload as run (not in the history)
     * @param recordsPerSec records written on all topics per second over {@link #measuredSpanMillis()}
     *                      (read from the brokers, not in the history)
     */
    public RunResult result(Map<String, Object> workload, double recordsPerSec) {
        return new RunResult(scenario, env, workload, orders, new RunResult.Throughput(ordersPerSec, recordsPerSec),
                latency, requestTime, jitter, stages, hops, faults, judgement.verdict(), judgement.violations(),
                judgement.notes(), startedAt, endedAt, judgement.verdict() == Verdict.INTERRUPTED, distribution, null,
                null, null, firstRead);
    }

    /**
     * The class counts {@code ./chaos check} compares, by name: the same keys for a fresh analysis
     * and for a summary.json read back.
     */
    public static Map<String, Long> classCounts(RunResult.Orders o) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("sent", o.sent());
        counts.put("acked", o.acked());
        counts.put("measuredAcked", o.measuredAcked());
        counts.put("completed", o.completed());
        counts.put("rejected", o.rejected());
        counts.put("ok", count(o.ok()));
        counts.put("lost", o.lost() == null ? null : o.lost().count());
        counts.put("lost.expected", o.lost() == null ? null : count(o.lost().expected()));
        counts.put("lost.bad", o.lost() == null ? null : count(o.lost().bad()));
        counts.put("lost.afterProcessing", o.lost() == null ? null : count(o.lost().afterProcessing()));
        counts.put("stuck", count(o.stuck()));
        counts.put("stuckByPowerLoss", count(o.stuckByPowerLoss()));
        counts.put("cutByPowerLoss", count(o.cutByPowerLoss()));
        counts.put("lost.toPowerLoss", o.lost() == null ? null : count(o.lost().toPowerLoss()));
        counts.put("unseen", count(o.unseen()));
        counts.put("duplicates", o.duplicates() == null ? null : o.duplicates().count());
        counts.put("incompleteLifecycle", count(o.incompleteLifecycle()));
        counts.put("outOfOrder", count(o.outOfOrder()));
        counts.put("unexpected", count(o.unexpected()));
        counts.put("neverAcked", count(o.neverAcked()));
        counts.put("writtenUnacked", count(o.writtenUnacked()));
        counts.put("malformed", count(o.malformed()));
        counts.put("stock", o.stock() == null ? null : count(o.stock().violations()));
        return counts;
    }

    private static Long count(RunResult.OrderClass c) {
        return c == null ? null : c.count();
    }

    private static RunResult.Orders orders(OrderClasses c, StockCheck.Result stock) {
        RunResult.Lost lost = new RunResult.Lost(c.lostExpected().size() + c.lostBad().size(),
                RunResult.OrderClass.of(c.lostExpected()), RunResult.OrderClass.of(c.lostBad()),
                RunResult.OrderClass.of(c.lostAfterProcessing()), RunResult.OrderClass.of(c.lostToPowerLoss()));
        RunResult.Duplicates duplicates = new RunResult.Duplicates(c.duplicates(), java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(c.duplicatesByTopic())),
                RunResult.OrderClass.of(c.duplicateSample()).sample(), RunResult.OrderClass.of(c.writtenTwiceByProducer()));
        return new RunResult.Orders(c.sent(), c.acked(), c.measuredAcked(), c.completed(), c.rejected(),
                RunResult.OrderClass.of(c.ok()), lost, RunResult.OrderClass.of(c.stuck()),
                RunResult.OrderClass.of(c.unseen()), duplicates, RunResult.OrderClass.of(c.incomplete()),
                RunResult.OrderClass.of(c.outOfOrder()), RunResult.OrderClass.of(c.unexpected()),
                RunResult.OrderClass.of(c.neverAcked()), RunResult.OrderClass.of(c.writtenUnacked()),
                RunResult.OrderClass.of(c.malformed()), new RunResult.Stock(RunResult.OrderClass.of(stock.violations()),
                stock.notJudged()), c.measuredSent(), c.availability(), RunResult.OrderClass.of(c.stuckByPowerLoss()),
                RunResult.OrderClass.of(c.cutByPowerLossDescribed()));
    }
}
