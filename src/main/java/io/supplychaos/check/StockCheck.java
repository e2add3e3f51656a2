package io.supplychaos.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.history.HistoryEvent.StockObserved;

/**
 * The stock check, per drug, at quiescence after heal. The figures are the drug's LAST
 * inventory-updated record of the run ({@code StockObserved}, baseline false) against its last
 * record from before the run (baseline true; a drug without one had no stock record before the
 * run and starts at reserved 0, shipped 0). Rules:
 * <ul>
 * <li>{@code available + reserved + shipped == initial + produced}, and nothing negative (in any record);
 * <li>shipped grew since the baseline by exactly the quantities of the orders DELIVERED on
 * shipment-status during the run (each order once);
 * <li>reserved equals the baseline's reserved plus the quantities of the run's orders CONFIRMED on
 * order-confirmation and not DELIVERED on shipment-status (0 more when all are delivered), minus
 * those of orders from before the run delivered during it;
 * <li>a stock command seen more often than explained (see {@link OrderClasses}) is a violation here
 * too ("RESERVE seen 2 times for order X") when the reserved and shipped rules are not judged: then
 * nothing says whether the manufacturer recognised it. When they are judged they decide: a repeat
 * the manufacturer recognised (an at_least_once restart processes its input again) leaves the
 * figures right and stays a duplicate on the stock-command topic (see {@link OrderClasses}); one
 * that moved stock shows as reserved or shipped units no order explains.
 * </ul>
 * The reserved and shipped rules compare the last inventory record with the orders, so they hold
 * only once the chain has quiesced: no acknowledged order in flight (stuck or unseen: a stalled
 * stage leaves inventory behind its shipments), every output topic read to its end by the run
 * ({@code OutputsRead}; histories written before runs recorded it are taken as read), and the
 * cluster available with order-placed read back whole. Otherwise they are not judged and
 * {@link Result#notJudged()} says "stock not judged: the chain did not quiesce (why)"; the rules of
 * each record on its own (the balance, nothing negative) and the stock-command duplicates still
 * hold. Across a power loss that rolled a store back (a drug's shipped or produced lower in a record
 * read after it than in one read before) the reserved and shipped rules are not judged either: the
 * inventory restarted from a changelog the power loss cut, and {@link Result#notJudged()} names the
 * drugs. An order's drug and quantity come from its Sent, else from the records that carry them (the
 * stock command's key is the drugId). When some order that changed stock during the run has no
 * known drug or quantity, the reserved and shipped rules cannot be judged either: they are skipped
 * and {@link Result#notJudged()} says why.
 */
final class StockCheck {

    /** What broke, and what could not be judged. */
    record Result(List<String> violations, List<String> notJudged) {
    }

    private StockCheck() {
    }

    static Result of(RunHistory h, OrderClasses orders) {
        List<String> stockDuplicates = orders.stockDuplicatesUnexplained(h.expect.lossExpected());
        List<String> violations = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        Map<String, StockObserved> baseline = new TreeMap<>();
        Map<String, StockObserved> last = new TreeMap<>();
        for (StockObserved record : h.stock) {
            (record.baseline() ? baseline : last).put(record.drugId(), record);
            if (record.available() < 0 || record.reserved() < 0 || record.shipped() < 0) {
                violations.add(record.drugId() + ": negative stock (available " + record.available() + ", reserved "
                        + record.reserved() + ", shipped " + record.shipped() + ")"
                        + (record.causeOrderId() == null ? "" : " after order " + record.causeOrderId()));
            }
        }
        for (StockObserved record : last.values()) {
            if (record.available() + record.reserved() + record.shipped() != record.initial() + record.produced()) {
                violations.add(record.drugId() + ": available " + record.available() + " + reserved " + record.reserved()
                        + " + shipped " + record.shipped() + " != initial " + record.initial() + " + produced "
                        + record.produced());
            }
        }

        Map<String, Long> confirmed = new TreeMap<>();
        Map<String, Long> delivered = new TreeMap<>();
        Map<String, Long> deliveredEarlier = new TreeMap<>();
        List<String> unknown = new ArrayList<>();
        for (String id : h.observedByOrder.keySet()) {
            boolean isConfirmed = h.count(id, RunHistory.CONFIRMATIONS, "CONFIRMED") > 0;
            boolean isDelivered = h.count(id, RunHistory.SHIPMENTS, "DELIVERED") > 0;
            if (!isConfirmed && !isDelivered) {
                continue;
            }
            String drug = drugOf(h, id);
            long quantity = quantityOf(h, id);
            if (drug == null || quantity <= 0 && !h.sent.containsKey(id)) {
                unknown.add(id);
                continue;
            }
            boolean ours = h.sent.containsKey(id);
            if (isConfirmed && !isDelivered) {
                confirmed.merge(drug, quantity, Long::sum);
            }
            if (isDelivered) {
                delivered.merge(drug, quantity, Long::sum);
                if (!isConfirmed && !ours) {
                    deliveredEarlier.merge(drug, quantity, Long::sum);
                }
            }
        }
        List<String> unquiet = unquiet(h, orders);
        List<String> wentBack = wentBackAfterPowerLoss(h);
        if (!wentBack.isEmpty()) {
            // the store restarted from a changelog the power loss cut: its counters no longer sum the run's orders
            notJudged.add("stock not judged across the power loss: the inventory went back after it ("
                    + String.join("; ", wentBack.subList(0, Math.min(3, wentBack.size())))
                    + (wentBack.size() > 3 ? "; +" + (wentBack.size() - 3) + " more" : "")
                    + "): the stores were restored from changelogs the power loss cut");
        } else if (!unquiet.isEmpty()) {
            // inventory behind the shipments, or the last records on a broker that is down: comparing them would invent a leak
            notJudged.add("stock not judged: the chain did not quiesce (" + String.join("; ", unquiet) + ")");
        } else if (!unknown.isEmpty()) {
            notJudged.add("reserved and shipped: " + unknown.size() + " order(s) changed stock during the run with"
                    + " no known drug or quantity (e.g. " + unknown.get(0) + ")");
        } else {
            TreeSet<String> drugs = new TreeSet<>(last.keySet());
            drugs.addAll(confirmed.keySet());
            drugs.addAll(delivered.keySet());
            for (String drug : drugs) {
                StockObserved before = baseline.get(drug);
                StockObserved after = last.getOrDefault(drug, before);
                long baseReserved = before == null ? 0 : before.reserved();
                long baseShipped = before == null ? 0 : before.shipped();
                long expectShipped = delivered.getOrDefault(drug, 0L);
                long expectReserved = baseReserved + confirmed.getOrDefault(drug, 0L)
                        - deliveredEarlier.getOrDefault(drug, 0L);
                if (after == null) {
                    violations.add(drug + ": no inventory record, yet " + (expectShipped + expectReserved)
                            + " units were confirmed or delivered during the run");
                    continue;
                }
                if (after.shipped() - baseShipped != expectShipped) {
                    violations.add(drug + ": shipped grew by " + (after.shipped() - baseShipped) + " but the orders"
                            + " delivered during the run hold " + expectShipped + " units");
                }
                if (after.reserved() != expectReserved) {
                    violations.add(drug + ": reserved " + after.reserved() + " but confirmed, undelivered orders hold "
                            + (expectReserved - baseReserved) + " units (+ " + baseReserved + " reserved before the run)");
                }
            }
        }
        if (!notJudged.isEmpty()) {
            violations.addAll(stockDuplicates);
        }
        return new Result(List.copyOf(violations), List.copyOf(notJudged));
    }

    /**
     * The drugs whose inventory went back after a power loss the run injected, in words ("aspirin:
     * shipped 3 -> 1"): a record read after it with shipped or produced below a record of the same
     * drug read before (both only ever grow in a store that kept its updates). Empty when no power
     * loss was injected or nothing went back.
     */
    private static List<String> wentBackAfterPowerLoss(RunHistory h) {
        List<HistoryEvent.Fault> losses = h.powerLosses();
        if (losses.isEmpty()) {
            return List.of();
        }
        long firstLoss = losses.get(0).at();
        Map<String, StockObserved> highest = new TreeMap<>();
        Map<String, String> wentBack = new TreeMap<>();
        for (StockObserved record : h.stock) {
            StockObserved high = highest.get(record.drugId());
            if (high != null && record.at() > firstLoss && !wentBack.containsKey(record.drugId())) {
                if (record.shipped() < high.shipped()) {
                    wentBack.put(record.drugId(), record.drugId() + ": shipped " + high.shipped() + " -> " + record.shipped());
                } else if (record.produced() < high.produced()) {
                    wentBack.put(record.drugId(), record.drugId() + ": produced " + high.produced() + " -> "
                            + record.produced());
                }
            }
            if (high == null || record.shipped() >= high.shipped() && record.produced() >= high.produced()) {
                highest.put(record.drugId(), record);
            }
        }
        return List.copyOf(wentBack.values());
    }

    /** Why the chain had not quiesced when the run ended, in words; empty when it had. */
    private static List<String> unquiet(RunHistory h, OrderClasses orders) {
        List<String> why = new ArrayList<>();
        if (h.end == null || !h.end.clusterAvailable() || h.readBack != null && !h.readBack.complete()) {
            why.add("the cluster was unavailable when the run ended");
        }
        if (orders.inFlight() > 0) {
            why.add(String.format(java.util.Locale.ROOT, "%,d orders in flight", orders.inFlight()));
        }
        HistoryEvent.OutputsRead outputs = h.outputsRead;
        if (outputs != null && !Boolean.TRUE.equals(outputs.reachedEnd())) {
            why.add((outputs.reachedEnd() == null ? "whether the outputs were read to their end is unknown"
                    : "the outputs were not read to their end")
                    + (outputs.behind().isEmpty() ? "" : ": " + String.join(", ", outputs.behind())));
        }
        return why;
    }

    /** The order's drug: from its Sent, else the key of its stock commands (keyed by drugId). */
    private static String drugOf(RunHistory h, String id) {
        Sent sent = h.sent.get(id);
        if (sent != null) {
            return sent.drugId();
        }
        return h.on(id, RunHistory.STOCK_COMMANDS).stream().map(Observed::key).filter(k -> k != null)
                .findFirst().orElse(null);
    }

    /** The order's quantity: from its Sent, else the first record of it that carries one. */
    private static long quantityOf(RunHistory h, String id) {
        Sent sent = h.sent.get(id);
        if (sent != null) {
            return sent.quantity();
        }
        Map<String, List<Observed>> topics = new LinkedHashMap<>(h.observedByOrder.getOrDefault(id, Map.of()));
        return topics.values().stream().flatMap(List::stream).mapToLong(Observed::quantity).filter(q -> q > 0)
                .findFirst().orElse(0);
    }
}
