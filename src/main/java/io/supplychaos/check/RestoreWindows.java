package io.supplychaos.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.domain.OrderStatus;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.result.RunResult;

/**
 * Latency during restore, per fault: what an order placed while the pipeline was recovering from a
 * fault waited, against what an order placed before any fault waited. The window of a fault runs from
 * its injection to its recovery ({@link Recovery}) plus {@value #AFTER_RECOVERY_MS} ms, so that the
 * orders placed while a restored task catches up are in it; a fault that did not recover takes every
 * order placed until sending ended. Orders are measured ones, placed by their intended send time;
 * latency is the read time of an order's first final notification minus that time, as in
 * {@link Measurements}. The steady window is the measured phase before the run's first fault. Pure.
 */
final class RestoreWindows {

    /** How long after the recovery the window stays open. */
    static final long AFTER_RECOVERY_MS = 5_000;

    private RestoreWindows() {
    }

    /** The run's faults, each injected one with its restore window (failed ones as they were). */
    static List<RunResult.FaultEvent> attach(RunHistory h, List<RunResult.FaultEvent> faults) {
        List<RunResult.FaultEvent> out = new ArrayList<>();
        Map<String, Long> completedAt = completions(h);
        long firstFault = firstFault(faults);
        for (RunResult.FaultEvent fault : faults) {
            out.add(fault.failed() ? fault : fault.withRestore(of(h, completedAt, fault.injectedAt(), fault.recoveryMs(),
                    firstFault)));
        }
        return List.copyOf(out);
    }

    /** The restore window of a fault injected at {@code injectedAt} that recovered after {@code recoveryMs} (null: did not). */
    static RunResult.RestoreLatency of(RunHistory h, long injectedAt, Long recoveryMs) {
        return of(h, completions(h), injectedAt, recoveryMs, firstInjected(h, injectedAt));
    }

    private static RunResult.RestoreLatency of(RunHistory h, Map<String, Long> completedAt, long injectedAt,
                                               Long recoveryMs, long firstFault) {
        long until = recoveryMs == null ? Math.max(injectedAt, h.sendingEnded())
                : injectedAt + recoveryMs + AFTER_RECOVERY_MS;
        return new RunResult.RestoreLatency(until - injectedAt, window(h, completedAt, injectedAt, until),
                window(h, completedAt, h.measureStart(), firstFault));
    }

    /** Measured orders intended in [from, until) and the latency of those that completed. */
    private static RunResult.Window window(RunHistory h, Map<String, Long> completedAt, long from, long until) {
        LatencyHistogram latency = new LatencyHistogram();
        long placed = 0;
        long completed = 0;
        for (Sent sent : h.sent.values()) {
            if (sent.warmup() || sent.intendedAt() < from || sent.intendedAt() >= until) {
                continue;
            }
            placed++;
            Long at = completedAt.get(sent.orderId());
            if (at != null) {
                completed++;
                latency.recordMillis(at - sent.intendedAt());
            }
        }
        if (completed == 0) {
            return new RunResult.Window(placed, 0, null, null, null);
        }
        RunResult.Latency summary = latency.summary();
        return new RunResult.Window(placed, completed, summary.p50(), summary.p99(), summary.max());
    }

    /** orderId -> read time of its first final notification. */
    private static Map<String, Long> completions(RunHistory h) {
        Map<String, Long> at = new HashMap<>();
        for (Observed o : h.observed) {
            OrderStatus status = RunHistory.NOTIFICATIONS.equals(o.topic()) ? OrderClasses.status(o.state()) : null;
            if (status != null && status.isFinal()) {
                at.putIfAbsent(o.orderId(), o.at());
            }
        }
        return at;
    }

    private static long firstFault(List<RunResult.FaultEvent> faults) {
        return faults.stream().filter(f -> !f.failed()).mapToLong(RunResult.FaultEvent::injectedAt).min()
                .orElse(Long.MAX_VALUE);
    }

    private static long firstInjected(RunHistory h, long fallback) {
        return h.faults.stream().filter(f -> f.phase() == HistoryEvent.FaultPhase.INJECTED).mapToLong(HistoryEvent.Fault::at)
                .min().orElse(fallback);
    }
}
