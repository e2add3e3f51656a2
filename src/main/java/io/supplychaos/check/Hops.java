package io.supplychaos.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.metrics.LatencyHistogram;
import io.supplychaos.result.RunResult;

/**
 * Where a delivered order's time goes, hop by hop, from the time each stage stamped on what it
 * wrote ({@link Observed#emittedAt()}): the intended send, the stock command the intake issued,
 * the manufacturer's confirmation and goods, the shipment's DISPATCHED and DELIVERED, the DELIVERED
 * notification, and the run reading it. Each hop but two crosses one topic: its time is the
 * upstream stage's commit, the record's way through the brokers and the downstream stage's poll.
 * The manufacturer's "goods" hop is the wait for production of a backordered order and "transit"
 * is the chain's simulated transit time. For an order the hops add up to its end-to-end latency.
 *
 * <p>Measured orders only, and only those with every milestone (delivered, each record read once
 * or more: the first counts), so that each hop has the same orders; rejected orders have no goods.
 */
final class Hops {

    /** A hop: from the previous milestone to {@code to}, crossing {@code via}. */
    private record Hop(String name, String via, Function<Milestones, Long> from, Function<Milestones, Long> to) {
    }

    /** When the order passed each stage: epoch ms from its stages' own clocks, the last on the run's. */
    private record Milestones(long placed, long command, long confirmed, long goods, long dispatched,
                              long delivered, long notified, long read) {
    }

    private static final List<Hop> HOPS = List.of(
            new Hop("placed → stock command", RunHistory.ORDER_PLACED, Milestones::placed, Milestones::command),
            new Hop("stock command → confirmation", RunHistory.STOCK_COMMANDS, Milestones::command, Milestones::confirmed),
            new Hop("confirmation → goods", "manufacturer", Milestones::confirmed, Milestones::goods),
            new Hop("goods → shipment", RunHistory.MANUFACTURED, Milestones::goods, Milestones::dispatched),
            new Hop("shipment in transit", "transport", Milestones::dispatched, Milestones::delivered),
            new Hop("shipment → notification", RunHistory.SHIPMENTS, Milestones::delivered, Milestones::notified),
            new Hop("notification → read", RunHistory.NOTIFICATIONS, Milestones::notified, Milestones::read));

    private Hops() {
    }

    static List<RunResult.Hop> of(RunHistory h) {
        List<LatencyHistogram> histograms = new ArrayList<>();
        HOPS.forEach(hop -> histograms.add(new LatencyHistogram()));
        for (Sent sent : h.sent.values()) {
            if (sent.warmup()) {
                continue;
            }
            Milestones m = milestones(sent, h.observedByOrder.get(sent.orderId()));
            if (m == null) {
                continue;
            }
            for (int i = 0; i < HOPS.size(); i++) {
                Hop hop = HOPS.get(i);
                // a stage's clock may run a little behind the previous one's (another JVM); never negative
                histograms.get(i).recordMillis(Math.max(0, hop.to().apply(m) - hop.from().apply(m)));
            }
        }
        List<RunResult.Hop> hops = new ArrayList<>();
        for (int i = 0; i < HOPS.size(); i++) {
            LatencyHistogram histogram = histograms.get(i);
            if (histogram.count() > 0) {
                hops.add(new RunResult.Hop(HOPS.get(i).name(), HOPS.get(i).via(), histogram.count(), histogram.summary()));
            }
        }
        return List.copyOf(hops);
    }

    /** The order's milestones, or null when one is missing (not delivered, or a record not read). */
    private static Milestones milestones(Sent sent, Map<String, List<Observed>> byTopic) {
        if (byTopic == null) {
            return null;
        }
        Observed command = first(byTopic, RunHistory.STOCK_COMMANDS, "RESERVE");
        Observed confirmed = first(byTopic, RunHistory.CONFIRMATIONS, null);
        Observed goods = first(byTopic, RunHistory.MANUFACTURED, null);
        Observed dispatched = first(byTopic, RunHistory.SHIPMENTS, "DISPATCHED");
        Observed delivered = first(byTopic, RunHistory.SHIPMENTS, "DELIVERED");
        Observed notified = first(byTopic, RunHistory.NOTIFICATIONS, "DELIVERED");
        if (command == null || confirmed == null || goods == null || dispatched == null || delivered == null
                || notified == null) {
            return null;
        }
        return new Milestones(sent.intendedAt(), command.emittedAt(), confirmed.emittedAt(), goods.emittedAt(),
                dispatched.emittedAt(), delivered.emittedAt(), notified.emittedAt(), notified.at());
    }

    private static Observed first(Map<String, List<Observed>> byTopic, String topic, String state) {
        List<Observed> records = byTopic.get(topic);
        if (records == null) {
            return null;
        }
        for (Observed o : records) {
            if (state == null || state.equals(o.state())) {
                return o;
            }
        }
        return null;
    }
}
