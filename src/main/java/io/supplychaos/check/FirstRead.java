package io.supplychaos.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.metrics.JitterMeter;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.result.RunResult;

/**
 * The one-hop figure that matches the paper's latency ("the time taken for a message to be
 * produced, transmitted and consumed"): from an order's intended send time to its first read by
 * the manufacturer's intake. The intake reads order-placed and, in the same call, issues the
 * order's RESERVE stock command stamped with its wall clock ({@code emittedAt}); that stamp is the
 * read. The jitter beside it is the mean absolute difference of consecutive one-hop latencies in
 * the order the orders were sent ("between subsequent messages").
 *
 * <p>Measured orders only; an order whose RESERVE the run never read has no one-hop figure (it
 * counts in the end-to-end checks, not here). The intake runs in another JVM: a stamp a little
 * behind the load generator's clock is taken as 0, never negative.
 */
final class FirstRead {

    private FirstRead() {
    }

    static RunResult.FirstRead of(RunHistory h) {
        List<long[]> sentAndLatency = new ArrayList<>();
        for (Sent sent : h.sent.values()) {
            if (sent.warmup()) {
                continue;
            }
            Observed reserve = firstReserve(h.observedByOrder.get(sent.orderId()));
            if (reserve != null) {
                sentAndLatency.add(new long[] {sent.intendedAt(), Math.max(0, reserve.emittedAt() - sent.intendedAt())});
            }
        }
        sentAndLatency.sort(Comparator.comparingLong(pair -> pair[0]));
        LatencyHistogram latency = new LatencyHistogram();
        JitterMeter jitter = new JitterMeter();
        for (long[] pair : sentAndLatency) {
            latency.recordMillis(pair[1]);
            jitter.completed(pair[1]);
        }
        return new RunResult.FirstRead(latency.count(), latency.summary(), jitter.averageMs());
    }

    private static Observed firstReserve(Map<String, List<Observed>> byTopic) {
        List<Observed> commands = byTopic == null ? null : byTopic.get(RunHistory.STOCK_COMMANDS);
        if (commands == null) {
            return null;
        }
        return commands.stream().filter(o -> "RESERVE".equals(o.state())).findFirst().orElse(null);
    }
}
