package io.supplychaos.check;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.supplychaos.domain.OrderStatus;
import io.supplychaos.history.HistoryEvent.Acked;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.topology.state.StockCommand;

/**
 * What happened to every order of a run, as classes of orderIds. Per acknowledged order (warm-up
 * included: correctness covers every order, only the measurements leave warm-up out):
 * <ul>
 * <li><b>ok</b>: exactly one complete lifecycle. On notifications {@code [BACKORDERED] CONFIRMED
 * DISPATCHED IN_TRANSIT DELIVERED} or {@code [BACKORDERED] REJECTED}, in that order; upstream, a
 * delivered order has CONFIRMED on order-confirmation, MANUFACTURED on drug-manufactured and
 * DISPATCHED, IN_TRANSIT, DELIVERED on shipment-status, a rejected one REJECTED on
 * order-confirmation; no record of it duplicated anywhere.
 * <li><b>lost</b>: no {@code Placed} for it, and the read-back of its partition was complete: Kafka
 * lost an acknowledged record, whether the pipeline had completed the order or not (Kafka's
 * replication tests and Jepsen count an acknowledged write missing from the final read as lost,
 * whatever read it before). <b>Lost from the log after processing</b> are those of them the pipeline
 * had read (any record of the order on an output or the stock-command topic): processed, then gone
 * from order-placed, as an unclean election truncating a log its consumers had read, or records
 * deleted mid-run, leave them. Loss is <b>expected</b> only where the history shows it could
 * happen: on a partition whose leader moved to another broker after the ack (see
 * {@link RunHistory#lossPossible}) while the load generator ran with acks other than all/-1 (an
 * acks=1 leader may acknowledge what its followers never copied) or while unclean leader election
 * was enabled, and, whatever the acks, an order acknowledged before a {@code power-loss} the run
 * injected (<b>lost to power loss</b>: Kafka acknowledges before it fsyncs, so the page cache the
 * brokers lost may have held it). Any other loss is <b>bad</b>.
 * <li><b>stuck</b>: in order-placed after heal, never completed, with the cluster available.
 * <b>Stuck by power loss</b> are those of them a power loss left stuck, as the history shows it
 * ({@link RunHistory#stuckByPowerLoss}).
 * <li><b>unseen</b> (Jepsen's): not completed while the read-back of its partition was
 * incomplete or the run ended with the cluster unavailable: its fate is unknown. A completed order
 * on a partition the read-back could not read is not looked for ({@link #notLookedFor()}).
 * <li><b>incomplete lifecycle</b>: a final state reached on notifications with a required state
 * missing there or upstream (DELIVERED without DISPATCHED, REJECTED after CONFIRMED, DELIVERED
 * without MANUFACTURED on drug-manufactured...).
 * <li><b>out of order</b>: on notifications, a state read after a later one, or anything after a
 * final state (duplicates included, as before).
 * <li><b>cut by power loss</b>: of the orders whose chain ran across a power loss
 * ({@link RunHistory#chainAcrossPowerLoss}), those with an incomplete lifecycle, out of order or
 * with a record repeated. Each partition is cut at its own recovery point, so what one transaction
 * wrote survives on some partitions and is gone from others (DELIVERED on notifications, nothing on
 * shipment-status), and the app, restored from changelogs and committed offsets the same loss cut,
 * processes again what it had done (a RESERVE or a state written twice). They stay in their classes;
 * a scenario that expects loss excuses them ({@link #incompleteUnexplained}, {@link #outOfOrderUnexplained},
 * {@link #duplicatesUnexplained}), one that does not counts them as usual.
 * </ul>
 * Not per acknowledged order:
 * <ul>
 * <li><b>duplicate</b>: for every order the run sent, a state seen n &gt; 1 times on one output
 * topic (order-confirmation, drug-manufactured, shipment-status, notifications) counts n - 1; on
 * the stock-command repartition topic, RESERVE seen more often than the number of distinct
 * order-placed partitions holding the order (at least 1), or RELEASE more often than DELIVERED on
 * shipment-status, counts the excess. An order placed again on a second partition may thus
 * reserve twice on the repartition topic; its stock must still be reserved once (the stock check).
 * On order-placed, every record of one send beyond the first (the same send id on the same
 * partition at another offset, {@link RunHistory#producerCopies}) counts: <b>written twice by the
 * producer</b>, a lost ack retried without idempotence, whatever the pipeline did with the copy.
 * <li><b>unexpected</b>: an orderId on an output topic with no Sent, that is this run's (its id
 * carries the run's id, or the read-back found it in order-placed, written during the run).
 * Other orderIds without a Sent are from before the run (a reused env) and only noted.
 * <li><b>never acknowledged</b>: Sent with SendFailed or no answer; <b>written unacked</b> those of
 * them that completed all the same.
 * <li><b>malformed</b>: output records that could not be decoded.
 * </ul>
 */
record OrderClasses(long sent, long measuredSent, long acked, long measuredAcked, long completed, long rejected,
                    List<String> ok, List<String> lostExpected, List<String> lostBad, List<String> lostAfterProcessing,
                    List<String> lostToPowerLoss,
                    List<String> stuck, List<String> stuckByPowerLoss, List<String> unseen, List<String> notLookedFor, List<String> incomplete,
                    List<String> outOfOrder, long duplicates, Map<String, Long> duplicatesByTopic,
                    List<String> duplicateSample, List<String> writtenTwiceByProducer, List<String> stockDuplicates,
                    List<String> unexpected,
                    List<String> earlier, List<String> neverAcked, List<String> writtenUnacked, List<String> malformed,
                    Map<String, List<String>> cutByPowerLoss, long duplicatesCutByPowerLoss,
                    List<String> stockDuplicatesCutByPowerLoss) {

    private static final Set<OrderStatus> DELIVERED_PATH = EnumSet.of(OrderStatus.CONFIRMED, OrderStatus.DISPATCHED,
            OrderStatus.IN_TRANSIT, OrderStatus.DELIVERED);

    static OrderClasses of(RunHistory h) {
        List<String> ok = new ArrayList<>();
        List<String> lostExpected = new ArrayList<>();
        List<String> lostBad = new ArrayList<>();
        List<String> lostAfterProcessing = new ArrayList<>();
        List<String> lostToPowerLoss = new ArrayList<>();
        List<String> stuck = new ArrayList<>();
        List<String> stuckByPowerLoss = new ArrayList<>();
        List<String> unseen = new ArrayList<>();
        List<String> notLookedFor = new ArrayList<>();
        List<String> incomplete = new ArrayList<>();
        List<String> outOfOrder = new ArrayList<>();
        Map<String, List<String>> cutByPowerLoss = new LinkedHashMap<>();
        long completed = 0;
        long rejected = 0;
        long measuredAcked = 0;
        boolean clusterAvailable = h.end == null || h.end.clusterAvailable();

        Duplicates duplicates = duplicates(h);
        for (Acked ack : h.acked.values()) {
            String id = ack.orderId();
            Sent sent = h.sent.get(id);
            if (sent == null || !sent.warmup()) {
                measuredAcked++;
            }
            List<OrderStatus> states = notified(h, id);
            boolean inOrder = inLifecycleOrder(states);
            boolean acrossPowerLoss = h.chainAcrossPowerLoss(id).isPresent();
            if (!inOrder) {
                outOfOrder.add(id);
                if (acrossPowerLoss) {
                    cutByPowerLoss.computeIfAbsent(id, k -> new ArrayList<>()).add("notifications " + states);
                }
            }
            boolean delivered = states.contains(OrderStatus.DELIVERED);
            boolean isRejected = states.contains(OrderStatus.REJECTED);
            boolean inLog = h.placed.containsKey(id);
            boolean readBack = h.readBackComplete(ack.partition());
            // the read-back read its partition to the end and did not find it: gone from the log
            boolean gone = readBack && !inLog;
            if (gone) {
                (h.lossPossible(ack.partition(), ack.at()) ? lostExpected : lostBad).add(id);
                if (h.powerLossAfter(ack.at()).isPresent()) {
                    lostToPowerLoss.add(id);
                }
                if (h.observedByOrder.containsKey(id)) {
                    lostAfterProcessing.add(id);
                }
            }
            if (!delivered && !isRejected) {
                if (!readBack || inLog && !clusterAvailable) {
                    unseen.add(id);
                } else if (inLog) {
                    stuck.add(id);
                    if (h.stuckByPowerLoss(ack) != null) {
                        stuckByPowerLoss.add(id);
                    }
                }
                continue;
            }
            completed++;
            if (isRejected && !delivered) {
                rejected++;
            }
            if (!readBack) {
                notLookedFor.add(id);
            }
            String missing = missing(h, id, states);
            if (missing != null) {
                incomplete.add(id + " (" + missing + ")");
                if (acrossPowerLoss) {
                    cutByPowerLoss.computeIfAbsent(id, k -> new ArrayList<>()).add(missing);
                }
            } else if (inOrder && !duplicates.orders().contains(id) && !gone) {
                ok.add(id);
            }
        }
        long duplicatesCutByPowerLoss = 0;
        List<String> stockDuplicatesCutByPowerLoss = new ArrayList<>();
        for (Map.Entry<String, List<String>> repeated : duplicates.byOrder().entrySet()) {
            if (h.chainAcrossPowerLoss(repeated.getKey()).isPresent()) {
                cutByPowerLoss.computeIfAbsent(repeated.getKey(), k -> new ArrayList<>()).addAll(repeated.getValue());
                duplicatesCutByPowerLoss += duplicates.extraByOrder().get(repeated.getKey());
                stockDuplicatesCutByPowerLoss.addAll(duplicates.stockByOrder().getOrDefault(repeated.getKey(), List.of()));
            }
        }
        long measuredSent = h.sent.values().stream().filter(s -> !s.warmup()).count()
                + h.acked.keySet().stream().filter(id -> !h.sent.containsKey(id)).count();

        List<String> neverAcked = new ArrayList<>();
        List<String> writtenUnacked = new ArrayList<>();
        for (Sent sent : h.sent.values()) {
            if (!h.acked.containsKey(sent.orderId())) {
                neverAcked.add(sent.orderId());
                if (notified(h, sent.orderId()).stream().anyMatch(OrderStatus::isFinal)) {
                    writtenUnacked.add(sent.orderId());
                }
            }
        }
        List<String> unexpected = new ArrayList<>();
        List<String> earlier = new ArrayList<>();
        String runPrefix = h.start == null || h.start.runId() == null ? null : h.start.runId() + "-";
        for (String id : h.observedByOrder.keySet()) {
            if (h.sent.containsKey(id) || h.acked.containsKey(id)) {
                continue;
            }
            boolean thisRun = h.placed.containsKey(id) || runPrefix != null && id.startsWith(runPrefix);
            (thisRun ? unexpected : earlier).add(id);
        }
        List<String> malformed = h.malformed.stream().map(o -> o.topic() + "-" + o.partition() + "@" + o.offset()).toList();
        return new OrderClasses(h.sent.size(), measuredSent, h.acked.size(), measuredAcked, completed, rejected, ok,
                lostExpected, lostBad, lostAfterProcessing, lostToPowerLoss, stuck, stuckByPowerLoss, unseen, notLookedFor, incomplete, outOfOrder,
                duplicates.extra(), duplicates.byTopic(), duplicates.sample(), duplicates.writtenTwice(), duplicates.stock(),
                unexpected, earlier,
                neverAcked, writtenUnacked, malformed, cutByPowerLoss, duplicatesCutByPowerLoss,
                stockDuplicatesCutByPowerLoss);
    }

    /** The orders a power loss cut mid-chain, each with what shows it: "orderId (what; what)". */
    List<String> cutByPowerLossDescribed() {
        return cutByPowerLoss.entrySet().stream()
                .map(e -> e.getKey() + " (" + String.join("; ", e.getValue()) + ")").toList();
    }

    /** The incomplete lifecycles nothing explains: all of them, or, when the scenario expects loss, those no power loss cut. */
    List<String> incompleteUnexplained(boolean lossExpected) {
        return lossExpected ? incomplete.stream().filter(entry -> !cutByPowerLoss.containsKey(idOf(entry))).toList()
                : incomplete;
    }

    /** The orders out of order that nothing explains; see {@link #incompleteUnexplained}. */
    List<String> outOfOrderUnexplained(boolean lossExpected) {
        return lossExpected ? outOfOrder.stream().filter(id -> !cutByPowerLoss.containsKey(id)).toList() : outOfOrder;
    }

    /** The duplicate records nothing explains; see {@link #incompleteUnexplained}. */
    long duplicatesUnexplained(boolean lossExpected) {
        return lossExpected ? duplicates - duplicatesCutByPowerLoss : duplicates;
    }

    /** The stock-command excesses nothing explains; see {@link #incompleteUnexplained}. */
    List<String> stockDuplicatesUnexplained(boolean lossExpected) {
        if (!lossExpected) {
            return stockDuplicates;
        }
        Set<String> explained = new HashSet<>(stockDuplicatesCutByPowerLoss);
        return stockDuplicates.stream().filter(d -> !explained.contains(d)).toList();
    }

    private static String idOf(String entry) {
        int space = entry.indexOf(' ');
        return space < 0 ? entry : entry.substring(0, space);
    }

    List<String> lost() {
        List<String> all = new ArrayList<>(lostExpected);
        all.addAll(lostBad);
        return all;
    }

    /** The stuck orders nothing in the history explains: all of them, or those no power loss left stuck when the scenario expects loss. */
    List<String> stuckUnexplained(boolean lossExpected) {
        if (!lossExpected) {
            return stuck;
        }
        Set<String> explained = new HashSet<>(stuckByPowerLoss);
        return stuck.stream().filter(id -> !explained.contains(id)).toList();
    }

    /** Acknowledged orders still in flight at the end: stuck in the log, or of unknown fate (unseen). */
    long inFlight() {
        return stuck.size() + unseen.size();
    }

    /** measuredAcked / measuredSent; null when no measured order was sent. */
    Double availability() {
        return measuredSent == 0 ? null : (double) measuredAcked / measuredSent;
    }

    /** Of the given lost orders, those lost from the log after processing, in their order. */
    List<String> afterProcessing(List<String> lost) {
        Set<String> processed = new HashSet<>(lostAfterProcessing);
        return lost.stream().filter(processed::contains).toList();
    }

    /** An order's states on notifications in reading order; records whose state is no OrderStatus are left out. */
    static List<OrderStatus> notified(RunHistory h, String orderId) {
        List<OrderStatus> states = new ArrayList<>();
        for (Observed o : h.on(orderId, RunHistory.NOTIFICATIONS)) {
            OrderStatus status = status(o.state());
            if (status != null) {
                states.add(status);
            }
        }
        return states;
    }

    static OrderStatus status(String state) {
        try {
            return state == null ? null : OrderStatus.valueOf(state);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** What a completed order's lifecycle lacks, in words; null when it is whole. */
    private static String missing(RunHistory h, String id, List<OrderStatus> states) {
        Set<OrderStatus> seen = states.isEmpty() ? EnumSet.noneOf(OrderStatus.class) : EnumSet.copyOf(states);
        seen.remove(OrderStatus.BACKORDERED);
        if (seen.contains(OrderStatus.DELIVERED) && seen.contains(OrderStatus.REJECTED)) {
            return "both DELIVERED and REJECTED";
        }
        if (seen.contains(OrderStatus.DELIVERED)) {
            for (OrderStatus required : DELIVERED_PATH) {
                if (!seen.contains(required)) {
                    return "DELIVERED without " + required + " on notifications";
                }
            }
            if (h.count(id, RunHistory.CONFIRMATIONS, "CONFIRMED") == 0) {
                return "DELIVERED without CONFIRMED on order-confirmation";
            }
            if (h.count(id, RunHistory.MANUFACTURED, "MANUFACTURED") == 0) {
                return "DELIVERED without MANUFACTURED on drug-manufactured";
            }
            for (String shipment : List.of("DISPATCHED", "IN_TRANSIT", "DELIVERED")) {
                if (h.count(id, RunHistory.SHIPMENTS, shipment) == 0) {
                    return "DELIVERED without " + shipment + " on shipment-status";
                }
            }
            return null;
        }
        if (seen.size() > 1) {
            seen.remove(OrderStatus.REJECTED);
            return "REJECTED after " + seen.iterator().next();
        }
        if (h.count(id, RunHistory.CONFIRMATIONS, "REJECTED") == 0) {
            return "REJECTED without REJECTED on order-confirmation";
        }
        return null;
    }

    /** Extra records per order and topic; see the class comment. */
    private record Duplicates(long extra, Map<String, Long> byTopic, List<String> sample, Set<String> orders,
                              List<String> writtenTwice, List<String> stock, Map<String, List<String>> byOrder,
                              Map<String, Long> extraByOrder, Map<String, List<String>> stockByOrder) {
    }

    private static Duplicates duplicates(RunHistory h) {
        long extra = 0;
        Map<String, Long> byTopic = new TreeMap<>();
        List<String> sample = new ArrayList<>();
        Set<String> orders = new LinkedHashSet<>();
        List<String> stock = new ArrayList<>();
        List<String> writtenTwice = new ArrayList<>();
        Map<String, List<String>> byOrder = new LinkedHashMap<>();
        Map<String, Long> extraByOrder = new LinkedHashMap<>();
        Map<String, List<String>> stockByOrder = new LinkedHashMap<>();
        Set<String> ids = new LinkedHashSet<>(h.sent.keySet());
        ids.addAll(h.acked.keySet());
        for (String id : ids) {
            long copies = h.producerCopies(id);
            if (copies > 0) {
                extra += copies;
                byTopic.merge(RunHistory.ORDER_PLACED, copies, Long::sum);
                sample.add(id + " " + RunHistory.ORDER_PLACED + " x" + (copies + 1));
                orders.add(id);
                byOrder.computeIfAbsent(id, k -> new ArrayList<>()).add(RunHistory.ORDER_PLACED + " x" + (copies + 1));
                extraByOrder.merge(id, copies, Long::sum);
                writtenTwice.add(id);
            }
            for (String topic : RunHistory.OUTPUT_TOPICS) {
                Map<String, Long> counts = new LinkedHashMap<>();
                h.on(id, topic).forEach(o -> counts.merge(o.state(), 1L, Long::sum));
                for (Map.Entry<String, Long> count : counts.entrySet()) {
                    if (count.getValue() > 1) {
                        long more = count.getValue() - 1;
                        extra += more;
                        byTopic.merge(topic, more, Long::sum);
                        sample.add(id + " " + topic + " " + count.getKey() + " x" + count.getValue());
                        orders.add(id);
                        byOrder.computeIfAbsent(id, k -> new ArrayList<>())
                                .add(topic + " " + count.getKey() + " x" + count.getValue());
                        extraByOrder.merge(id, more, Long::sum);
                    }
                }
            }
            long reserves = h.count(id, RunHistory.STOCK_COMMANDS, StockCommand.Kind.RESERVE.name());
            long reservesExplained = Math.max(1, h.placedPartitions(id).size());
            long releases = h.count(id, RunHistory.STOCK_COMMANDS, StockCommand.Kind.RELEASE.name());
            long releasesExplained = h.count(id, RunHistory.SHIPMENTS, "DELIVERED");
            for (String kind : List.of("RESERVE", "RELEASE")) {
                long seen = kind.equals("RESERVE") ? reserves : releases;
                long explained = kind.equals("RESERVE") ? reservesExplained : releasesExplained;
                if (seen > explained) {
                    extra += seen - explained;
                    byTopic.merge(RunHistory.STOCK_COMMANDS, seen - explained, Long::sum);
                    sample.add(id + " " + RunHistory.STOCK_COMMANDS + " " + kind + " x" + seen);
                    orders.add(id);
                    String excess = kind + " seen " + seen + " times for order " + id + " (explained: " + explained + ")";
                    stock.add(excess);
                    byOrder.computeIfAbsent(id, k -> new ArrayList<>())
                            .add(RunHistory.STOCK_COMMANDS + " " + kind + " x" + seen + " (explained: " + explained + ")");
                    extraByOrder.merge(id, seen - explained, Long::sum);
                    stockByOrder.computeIfAbsent(id, k -> new ArrayList<>()).add(excess);
                }
            }
        }
        return new Duplicates(extra, byTopic, sample, orders, writtenTwice, stock, byOrder, extraByOrder, stockByOrder);
    }

    /** Extra copies of sends on order-placed: records of one send found more than once (see {@link RunHistory#producerCopies}). */
    long producerCopies() {
        return duplicatesByTopic.getOrDefault(RunHistory.ORDER_PLACED, 0L);
    }

    /** True when no state comes after a later one, and nothing follows a final state. */
    static boolean inLifecycleOrder(List<OrderStatus> states) {
        OrderStatus previous = null;
        for (OrderStatus status : states) {
            if (previous != null && (previous.isFinal() || status.ordinal() < previous.ordinal())) {
                return false;
            }
            previous = status;
        }
        return true;
    }
}
