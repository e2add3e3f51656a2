package io.supplychaos.workload;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleConsumer;

import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.RecordMetadata;

import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.metrics.Sampler;

/**
 * Bookkeeping of one run, fed by the load generator's callbacks and the outcome consumer: what
 * was sent, acknowledged, failed and observed, as running totals and per-second latency and
 * request-time histograms (measured phase only) for the progress line and the time series. The
 * run's figures and verdict are not kept here: the checker computes them from the history.
 * Every send, acknowledgement and failed send also goes to the run's {@link HistoryLog}. A callback
 * that fails is reported to {@link ToolFailures} (the run ends as ERROR), never lost. Thread-safe.
 */
public final class RunRecorder implements WorkloadGenerator.Listener, Sampler.Counters {

    private record SentOrder(Order order, boolean warmup) {
    }

    private final Map<String, SentOrder> sent = new ConcurrentHashMap<>();
    private final Map<String, Boolean> finished = new HashMap<>();
    // acknowledged and not yet final: the drain polls its size ten times a second
    private final Set<String> inFlight = new HashSet<>();
    private final LatencyHistogram latency = new LatencyHistogram();
    private final LatencyHistogram requestTime = new LatencyHistogram();
    private long sentCount;
    private long ackedCount;
    private long completedCount;
    private long measuredCompleted;
    private long firstMeasuredPlacedAt = Long.MAX_VALUE;
    private long lastMeasuredCompletion;
    private long lastCompletionAt;
    private final HistoryLog history;
    private final ToolFailures failures;
    private volatile DoubleConsumer warmupCompletions = latencyMs -> { };

    /** A recorder whose history nobody reads (tests, the benchmark). */
    public RunRecorder() {
        this(new HistoryLog());
    }

    private RunRecorder(HistoryLog history) {
        this(history, new ToolFailures(history));
    }

    /** A recorder that also appends every send, acknowledgement and failed send to {@code history}. */
    public RunRecorder(HistoryLog history, ToolFailures failures) {
        this.history = history;
        this.failures = failures;
    }

    @Override
    public void sending(Order order, boolean warmup) {
        try {
            sent.put(order.orderId(), new SentOrder(order, warmup));
            synchronized (this) {
                sentCount++;
                if (!warmup) {
                    firstMeasuredPlacedAt = Math.min(firstMeasuredPlacedAt, order.placedAt());
                }
            }
            history.append(new HistoryEvent.Sent(order.orderId(), order.drugId(), order.quantity(), warmup,
                    order.placedAt(), System.currentTimeMillis()));
        } catch (RuntimeException e) {
            failures.record("recorder: send of " + order.orderId(), e);
        }
    }

    @Override
    public void acked(Order order, boolean warmup, RecordMetadata metadata, long sentAt, long ackedAt) {
        try {
            if (!warmup) {
                requestTime.recordMillis(ackedAt - sentAt);
            }
            synchronized (this) {
                ackedCount++;
                if (!finished.containsKey(order.orderId())) {
                    inFlight.add(order.orderId());
                }
            }
            history.append(new HistoryEvent.Acked(order.orderId(), metadata.partition(), metadata.offset(), ackedAt));
        } catch (RuntimeException e) {
            failures.record("recorder: acknowledgement of " + order.orderId(), e);
        }
    }

    @Override
    public void failed(Order order, boolean warmup, Exception error, long failedAt) {
        try {
            String cause = ToolFailures.describe(error);
            history.append(new HistoryEvent.SendFailed(order.orderId(), cause, failedAt));
        } catch (RuntimeException e) {
            failures.record("recorder: failed send of " + order.orderId(), e);
        }
    }

    /**
     * The instance of {@code orderId} this run sent the order with, so that every event of the
     * order shares one string; {@code orderId} itself when the order is not this run's.
     */
    public String orderId(String orderId) {
        SentOrder order = orderId == null ? null : sent.get(orderId);
        return order == null ? orderId : order.order().orderId();
    }

    /** A notification of one of this run's orders was read. */
    public void observed(Notification notification, long readAt) {
        SentOrder order = sent.get(notification.orderId());
        if (order == null) {
            return;
        }
        boolean first;
        synchronized (this) {
            first = notification.status().isFinal() && finished.putIfAbsent(notification.orderId(), true) == null;
            if (first) {
                completedCount++;
                inFlight.remove(notification.orderId());
                lastCompletionAt = Math.max(lastCompletionAt, readAt);
            }
        }
        if (order.warmup()) {
            if (first) {
                warmupCompletions.accept(readAt - order.order().placedAt());
            }
            return;
        }
        if (first) {
            latency.recordMillis(readAt - order.order().placedAt());
            synchronized (this) {
                measuredCompleted++;
                lastMeasuredCompletion = Math.max(lastMeasuredCompletion, readAt);
            }
        }
    }

    /**
     * {@code listener} hears the end-to-end latency of each warm-up order as it completes (on the
     * outcome consumer's thread), in place of the one before: the warm-up's steady rule.
     */
    public void onWarmupCompletion(DoubleConsumer listener) {
        warmupCompletions = listener;
    }

    /** Orders sent and not completed yet (in flight, unanswered or failed): the warm-up's backlog. */
    public synchronized long backlog() {
        return sentCount - completedCount;
    }

    public synchronized long sentCount() {
        return sentCount;
    }

    public synchronized long ackedCount() {
        return ackedCount;
    }

    public synchronized long completedCount() {
        return completedCount;
    }

    /** When the last order (warm-up or measured) was seen final; 0 before the first. */
    public synchronized long lastCompletionAt() {
        return lastCompletionAt;
    }

    /** Acknowledged orders still waiting for a final state. */
    public synchronized long inFlight() {
        return inFlight.size();
    }

    /** The earliest intended send time among the orders in flight; {@link Long#MAX_VALUE} when none. */
    @Override
    public synchronized long oldestInFlightPlacedAt() {
        long oldest = Long.MAX_VALUE;
        for (String orderId : inFlight) {
            SentOrder order = sent.get(orderId);
            if (order != null) {
                oldest = Math.min(oldest, order.order().placedAt());
            }
        }
        return oldest;
    }

    /** Latencies completed since the previous call, for the per-second row. */
    public Histogram latencyInterval() {
        return latency.interval();
    }

    public Histogram requestTimeInterval() {
        return requestTime.interval();
    }

    /** Completed measured orders per second over {@link #measuredSpanMillis()}. */
    public synchronized double ordersPerSecond() {
        long span = measuredSpanMillis();
        return span == 0 ? 0 : measuredCompleted * 1000.0 / span;
    }

    /**
     * The measured phase as throughput figures count it: from the first measured order's intended
     * send time to the last measured completion; 0 while none completed. The drain's quiet period
     * after the last completion is not part of it.
     */
    public synchronized long measuredSpanMillis() {
        long span = lastMeasuredCompletion - firstMeasuredPlacedAt;
        return measuredCompleted == 0 || span <= 0 ? 0 : span;
    }
}
