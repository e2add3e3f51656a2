package io.supplychaos.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.supplychaos.domain.OrderStatus;
import io.supplychaos.history.HistoryEvent.Acked;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.metrics.JitterMeter;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.result.RunResult;

/**
 * The run's figures, computed from its history with the definitions the recorder has always used.
 * Measured orders are the Sent ones with warmup false (acknowledged or not); warm-up orders are in
 * no figure.
 * <ul>
 * <li>latency: the read time ({@code at}) of an order's first final notification (DELIVERED or
 * REJECTED) minus its {@code intendedAt}, in an HdrHistogram;
 * <li>request time: {@code Acked.at - Sent.at};
 * <li>jitter: the mean absolute difference of consecutive latencies, in completion order (the
 * order the final notifications were recorded);
 * <li>orders/s: completed measured orders over the span from the first measured intendedAt to
 * the last measured completion;
 * <li>stage latency: for each notification of a measured order, its {@code emittedAt} minus the
 * previous notification's of that order (the intendedAt for the first one);
 * <li>completions: the first final notification's read time of every order the run sent,
 * warm-up included, for the recovery per fault.
 * </ul>
 */
record Measurements(RunResult.Latency latency, RunResult.RequestTime requestTime, RunResult.Jitter jitter,
                    double ordersPerSec, long measuredSpanMillis, List<RunResult.StageLatency> stages,
                    List<RunResult.Percentile> distribution, List<Long> completions) {

    static Measurements of(RunHistory h) {
        LatencyHistogram latency = new LatencyHistogram();
        LatencyHistogram requestTime = new LatencyHistogram();
        JitterMeter jitter = new JitterMeter();
        Map<String, LatencyHistogram> stages = new TreeMap<>();
        Map<String, Long> previousEmitted = new HashMap<>();
        Set<String> finished = new HashSet<>();
        List<Long> completions = new ArrayList<>();
        long measuredCompleted = 0;
        long lastMeasuredCompletion = 0;
        long firstMeasuredIntended = h.sent.values().stream().filter(s -> !s.warmup()).mapToLong(Sent::intendedAt)
                .min().orElse(Long.MAX_VALUE);

        for (Acked ack : h.acked.values()) {
            Sent sent = h.sent.get(ack.orderId());
            if (sent != null && !sent.warmup()) {
                requestTime.recordMillis(ack.at() - sent.at());
            }
        }
        for (Observed o : h.observed) {
            if (!RunHistory.NOTIFICATIONS.equals(o.topic())) {
                continue;
            }
            Sent sent = h.sent.get(o.orderId());
            OrderStatus status = OrderClasses.status(o.state());
            if (sent == null || status == null) {
                continue;
            }
            boolean first = status.isFinal() && finished.add(o.orderId());
            if (first) {
                completions.add(o.at());
            }
            if (sent.warmup()) {
                continue;
            }
            long previous = previousEmitted.getOrDefault(o.orderId(), sent.intendedAt());
            previousEmitted.put(o.orderId(), o.emittedAt());
            stages.computeIfAbsent(status.name(), name -> new LatencyHistogram()).recordMillis(o.emittedAt() - previous);
            if (first) {
                double millis = o.at() - sent.intendedAt();
                latency.recordMillis(millis);
                jitter.completed(millis);
                measuredCompleted++;
                lastMeasuredCompletion = Math.max(lastMeasuredCompletion, o.at());
            }
        }
        long span = lastMeasuredCompletion - firstMeasuredIntended;
        long measuredSpan = measuredCompleted == 0 || span <= 0 ? 0 : span;
        List<RunResult.StageLatency> stageLatencies = new ArrayList<>();
        stages.forEach((name, histogram) -> stageLatencies.add(new RunResult.StageLatency(name, histogram.count(),
                histogram.summary())));
        RunResult.Latency request = requestTime.summary();
        return new Measurements(latency.summary(), new RunResult.RequestTime(request.avg(), request.p99()),
                new RunResult.Jitter(jitter.averageMs()), measuredSpan == 0 ? 0 : measuredCompleted * 1000.0 / measuredSpan,
                measuredSpan, List.copyOf(stageLatencies), latency.distribution(), List.copyOf(completions));
    }
}
