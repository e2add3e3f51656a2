package io.supplychaos.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent.EndReason;
import io.supplychaos.history.HistoryEvent.ToolError;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * A run's verdict and why. The rules, in order:
 * <ol>
 * <li>INTERRUPTED when the run ended on Ctrl-C ({@code RunEnded} INTERRUPTED): partial results,
 * nothing judged.
 * <li>ERROR when the tool failed: any {@code ToolError}, a {@code RunEnded} with reason ERROR, or
 * a history with no {@code RunEnded} (cut short); the violations give the causes.
 * <li>Otherwise FAIL when any of these holds, else PASS:
 * <ul>
 * <li>a fault of the scenario's schedule could not be injected;
 * <li>fewer measured orders acknowledged than {@code expect.minAcked} (1 when unset): no progress;
 * <li>else a smaller share of the measured orders sent acknowledged than {@code
 * expect.minAckedShare} (half by default; not checked when null): too little evidence;
 * <li>sending stalled (no ack for the stall timeout), whatever the scenario expects;
 * <li>lost (lost from the log after processing included, and named): with {@code
 * expect.lossExpected}, any bad loss (expected loss, where {@link RunHistory#lossPossible} holds,
 * is reported, not judged); otherwise all lost orders against {@code expect.lost};
 * <li>unseen orders, whatever the scenario expects: their fate is unknown;
 * <li>stuck orders, incomplete lifecycles, unexpected orderIds, malformed output records;
 * <li>duplicates beyond {@code expect.duplicates}, out-of-order orders beyond {@code expect.outOfOrder};
 * <li>stock violations when {@code expect.inventoryConserved} (the rules that need a quiescent
 * chain are not judged when it was not, see {@link StockCheck});
 * <li>p99 above {@code expect.maxP99Ms}, orders/s below {@code expect.minOrdersPerSec};
 * <li>with {@code expect.maxRecoverySeconds}: a fault the run did not recover from, or recovered
 * from slower ({@link Recovery}).
 * </ul>
 * </ol>
 * Null expectations are not checked.
 *
 * @param violations why the verdict is not PASS, one line each
 * @param notes      what could not be judged, and facts that break no rule (expected loss, orders from before the run)
 */
public record Judgement(Verdict verdict, List<String> violations, List<String> notes) {

    private static final int SHOWN = 5;

    static Judgement of(RunHistory h, OrderClasses c, StockCheck.Result stock, Measurements m,
                        List<RunResult.FaultEvent> faults) {
        List<String> notes = notes(h, c, stock);
        if (h.end != null && h.end.reason() == EndReason.INTERRUPTED) {
            return new Judgement(Verdict.INTERRUPTED, List.of("interrupted before the run finished: partial results; "
                    + (c.acked() - c.completed()) + " acknowledged orders had not completed and are not judged"), notes);
        }
        List<String> errors = new ArrayList<>();
        for (ToolError error : h.errors) {
            errors.add("tool error in " + error.where() + ": " + error.cause());
        }
        if (h.end == null) {
            errors.add("the history has no end record: the run did not finish (the file was cut short or the tool died)");
        } else if (h.end.reason() == EndReason.ERROR && errors.isEmpty()) {
            errors.add("the run ended in error: " + h.end.detail());
        }
        if (h.start == null) {
            errors.add("the history has no run record: what was run and expected is unknown");
        }
        if (!errors.isEmpty()) {
            return new Judgement(Verdict.ERROR, List.copyOf(errors), notes);
        }
        List<String> violations = violations(h, c, stock, m, faults);
        return new Judgement(violations.isEmpty() ? Verdict.PASS : Verdict.FAIL, List.copyOf(violations), notes);
    }

    /** Why sends failed, when they did: the commonest error and how many sends it failed, so no progress names its cause. */
    private static String sendFailures(RunHistory h) {
        if (h.sendFailed.isEmpty()) {
            return "";
        }
        java.util.Map<String, Long> byError = new java.util.TreeMap<>();
        h.sendFailed.values().forEach(f -> byError.merge(String.valueOf(f.error()), 1L, Long::sum));
        java.util.Map.Entry<String, Long> commonest = byError.entrySet().stream()
                .max(java.util.Map.Entry.comparingByValue()).orElseThrow();
        return String.format(Locale.ROOT, "; %,d send(s) failed, %,d of them with %s%s", h.sendFailed.size(),
                commonest.getValue(), commonest.getKey(),
                byError.size() > 1 ? " (" + (byError.size() - 1) + " other error(s))" : "");
    }

    private static List<String> violations(RunHistory h, OrderClasses c, StockCheck.Result stock, Measurements m,
                                           List<RunResult.FaultEvent> faults) {
        Expectations expect = h.expect;
        List<String> v = new ArrayList<>();
        for (RunResult.FaultEvent fault : faults) {
            if (fault.failed() && "schedule".equals(fault.source())) {
                v.add("fault " + fault.action() + " " + fault.target() + " " + fault.failure());
            }
        }
        long minAcked = expect.minAcked() == null ? 1 : expect.minAcked();
        Double availability = c.availability();
        if (c.measuredAcked() < minAcked) {
            v.add("no progress: " + c.measuredAcked() + " measured orders acknowledged (expected at least " + minAcked
                    + ")" + sendFailures(h));
        } else if (expect.minAckedShare() != null && availability != null && availability < expect.minAckedShare()) {
            v.add(String.format(Locale.ROOT, "too little evidence: %,d of %,d measured orders acknowledged"
                            + " (availability %s, expected at least %s)%s", c.measuredAcked(), c.measuredSent(),
                    percent(availability), percent(expect.minAckedShare()), sendFailures(h)));
        }
        if (h.end.reason() == EndReason.STALLED) {
            v.add("sending stalled: " + (h.end.detail() == null ? "no acknowledgement for the stall timeout"
                    : h.end.detail()));
        }
        long lost = c.lostExpected().size() + c.lostBad().size();
        if (expect.lossExpected()) {
            if (!c.lostBad().isEmpty()) {
                v.add("lost " + c.lostBad().size() + " acknowledged orders where no loss could happen (loss is expected"
                        + " only on a partition whose leader moved after the ack under acks below all, or with unclean"
                        + " leader election, or for an order acknowledged before a power loss), e.g. " + sample(c.lostBad()) + afterProcessing(c, c.lostBad()));
            }
        } else if (expect.lost() != null && lost > expect.lost()) {
            v.add("lost " + lost + " acknowledged orders (expected at most " + expect.lost() + "), e.g. "
                    + sample(c.lost()) + afterProcessing(c, c.lost()));
        }
        if (expect.minLost() != null && lost < expect.minLost()) {
            v.add("lost " + lost + " acknowledged orders, fewer than the scenario expects (minLost " + expect.minLost()
                    + "): the loss it sets out to show did not happen");
        }
        if (!c.unseen().isEmpty()) {
            v.add("unseen " + c.unseen().size() + " acknowledged orders: not completed while "
                    + (h.end.clusterAvailable() ? "their partition could not be read back" : "the cluster was unavailable")
                    + ", e.g. " + sample(c.unseen()));
        }
        List<String> stuck = c.stuckUnexplained(expect.lossExpected());
        if (!stuck.isEmpty()) {
            v.add("stuck " + stuck.size() + " orders: in order-placed but never completed, e.g. " + sample(stuck));
        }
        List<String> incomplete = c.incompleteUnexplained(expect.lossExpected());
        if (!incomplete.isEmpty()) {
            v.add("incomplete lifecycle for " + incomplete.size() + " orders, e.g. " + sample(incomplete));
        }
        if (!c.unexpected().isEmpty()) {
            v.add("unexpected " + c.unexpected().size() + " orderIds the run never sent, e.g. " + sample(c.unexpected()));
        }
        if (!c.malformed().isEmpty()) {
            v.add("malformed " + c.malformed().size() + " output records that could not be decoded, e.g. "
                    + sample(c.malformed()));
        }
        long copies = c.producerCopies();
        long repeated = c.duplicatesUnexplained(expect.lossExpected());
        long duplicates = expect.writtenTwice() == null ? repeated : repeated - copies;
        if (expect.duplicates() != null && duplicates > expect.duplicates()) {
            v.add("duplicates " + duplicates + " (expected at most " + expect.duplicates() + "), e.g. "
                    + sample(c.duplicateSample()) + (expect.writtenTwice() == null ? writtenTwice(c) : ""));
        }
        if (expect.writtenTwice() != null && copies > expect.writtenTwice()) {
            v.add("written twice by the producer: " + copies + " extra copies on order-placed (expected at most "
                    + expect.writtenTwice() + ")" + writtenTwice(c));
        }
        List<String> outOfOrder = c.outOfOrderUnexplained(expect.lossExpected());
        if (expect.outOfOrder() != null && outOfOrder.size() > expect.outOfOrder()) {
            v.add("out of order " + outOfOrder.size() + " orders (expected at most " + expect.outOfOrder()
                    + "), e.g. " + sample(outOfOrder));
        }
        if (Boolean.TRUE.equals(expect.inventoryConserved()) && !stock.violations().isEmpty()) {
            v.add("stock: " + sample(stock.violations()));
        }
        if (expect.maxP99Ms() != null && m.latency().p99() > expect.maxP99Ms()) {
            v.add(String.format(Locale.ROOT, "p99 latency %.1f ms (expected at most %.1f ms)", m.latency().p99(),
                    expect.maxP99Ms()));
        }
        if (expect.minOrdersPerSec() != null && m.ordersPerSec() < expect.minOrdersPerSec()) {
            v.add(String.format(Locale.ROOT, "throughput %.1f orders/s (expected at least %.1f)", m.ordersPerSec(),
                    expect.minOrdersPerSec()));
        }
        if (expect.maxRecoverySeconds() != null) {
            for (RunResult.FaultEvent fault : faults) {
                if (fault.failed()) {
                    continue;
                }
                if (fault.recoveryMs() == null) {
                    v.add("did not recover after " + describe(fault) + ": the run ended before orders completed again at"
                            + " half the earlier rate");
                } else if (fault.recoveryMs() / 1000.0 > expect.maxRecoverySeconds()) {
                    v.add(String.format(Locale.ROOT, "recovery after %s took %.1f s (expected at most %.1f s)",
                            describe(fault), fault.recoveryMs() / 1000.0, expect.maxRecoverySeconds()));
                }
            }
        }
        return v;
    }

    private static List<String> notes(RunHistory h, OrderClasses c, StockCheck.Result stock) {
        List<String> notes = new ArrayList<>(stock.notJudged());
        if (h.start != null && h.start.faultDifferences() != null) {
            // stated before the run started: what its faults did here is not what they do on the other envs
            h.start.faultDifferences().forEach(difference -> notes.add("on env " + h.start.env()
                    + " this fault differs from the other envs: " + difference));
        }
        if (!c.lostToPowerLoss().isEmpty()) {
            HistoryEvent.Fault first = h.faults.stream().filter(f -> RunHistory.POWER_LOSS.equals(f.action())
                    && f.phase() == HistoryEvent.FaultPhase.INJECTED).findFirst().orElseThrow();
            notes.add("lost to power loss: " + c.lostToPowerLoss().size() + " acknowledged orders acknowledged before "
                    + first.detail() + (first.id() == null ? "" : " (" + first.id() + ")") + " and gone from the log"
                    + " after it: written to the brokers' page cache and not fsynced, e.g. "
                    + sample(c.lostToPowerLoss()) + afterProcessing(c, c.lostToPowerLoss()));
        }
        if (h.expect.writtenTwice() != null && c.producerCopies() > 0
                && c.producerCopies() <= h.expect.writtenTwice()) {
            notes.add("written twice by the producer, as the scenario allows (a producer without idempotence retries a"
                    + " lost ack into a second copy): " + c.producerCopies() + " extra copies on order-placed, judged"
                    + " apart from duplicates" + writtenTwice(c));
        }
        if (!c.stuckByPowerLoss().isEmpty()) {
            List<String> why = c.stuckByPowerLoss().stream().map(id -> id + " (" + h.stuckByPowerLoss(h.acked.get(id)) + ")")
                    .toList();
            notes.add("stuck by power loss: " + c.stuckByPowerLoss().size() + " orders in order-placed never completed"
                    + " because of a power loss: placed at an offset Kafka handed out again after it (consumers whose"
                    + " position came from before the cut are past it), or read mid-chain before it (the rest of its"
                    + " chain was cut); " + (h.expect.lossExpected() ? "expected with the loss" : "not excused: the"
                    + " scenario expects no loss") + ", e.g. " + sample(why));
        }
        if (!c.cutByPowerLoss().isEmpty()) {
            notes.add("cut by power loss: " + c.cutByPowerLoss().size() + " orders whose chain ran across a power loss"
                    + " show its cut: each partition is cut at its own recovery point, so one transaction's records"
                    + " survived on some topics and not on others, and the app, restored from changelogs and offsets the"
                    + " same loss cut, repeated work it had done; " + (h.expect.lossExpected() ? "expected with the loss"
                    : "not excused: the scenario expects no loss") + ", e.g. " + sample(c.cutByPowerLossDescribed()));
        }
        List<String> leaderMoves = c.lostExpected().stream().filter(id -> !c.lostToPowerLoss().contains(id)).toList();
        if (!leaderMoves.isEmpty()) {
            List<String> why = new ArrayList<>();
            if (h.weakAcks()) {
                why.add("acks=" + h.start.acks());
            }
            if (h.uncleanLeaderElection()) {
                why.add("unclean leader election enabled");
            }
            notes.add("expected loss: " + leaderMoves.size() + " acknowledged orders lost on partitions whose"
                    + " leader moved after their ack with " + String.join(" and ", why) + ", e.g. "
                    + sample(leaderMoves) + afterProcessing(c, leaderMoves));
        }
        if (!c.notLookedFor().isEmpty() && h.readBack != null) {
            notes.add(c.notLookedFor().size() + " completed orders not looked for in order-placed: their partition could"
                    + " not be read back, so whether they stayed in the log is unknown, e.g. " + sample(c.notLookedFor()));
        }
        if (!c.writtenUnacked().isEmpty()) {
            notes.add("written, ack lost: " + c.writtenUnacked().size() + " orders whose send failed completed all the"
                    + " same, e.g. " + sample(c.writtenUnacked()));
        }
        if (!c.earlier().isEmpty()) {
            notes.add(c.earlier().size() + " orderIds from before the run seen on output topics (not judged), e.g. "
                    + sample(c.earlier()));
        }
        for (HistoryEvent.ReadGap gap : h.gaps) {
            // Streams purges its repartition topic once committed: a lagging reader can miss records there
            notes.add("not read: " + gap.topic() + "-" + gap.partition() + " offsets " + gap.fromOffset() + " to "
                    + gap.toOffset() + " were deleted before the run read them; repeats among them cannot be seen");
        }
        if (!h.readAgain.isEmpty()) {
            List<String> where = h.readAgain.stream().map(again -> again.topic() + "-" + again.partition() + " from offset "
                    + again.fromOffset() + " (it had read to " + again.toOffset() + ")").toList();
            notes.add("read again: " + where.size() + " times a log was cut below the run's reader, which went back and read"
                    + " on, since the offsets a cut frees hold records written after it; " + h.readTwice
                    + " records it read a second time at their offsets count once, e.g. " + sample(where));
        }
        if (h.end != null && h.end.reason() == EndReason.DRAIN_TIMEOUT) {
            notes.add("the drain ended at its deadline with orders in flight"
                    + (h.end.detail() == null ? "" : ": " + h.end.detail()));
        }
        return List.copyOf(notes);
    }

    /** "; N of them lost from the log after processing ..., e.g. ..." for those of {@code lost} the app had processed. */
    private static String afterProcessing(OrderClasses c, List<String> lost) {
        List<String> processed = c.afterProcessing(lost);
        return processed.isEmpty() ? "" : "; " + processed.size() + " of them lost from the log after processing"
                + " (the app had processed them, then they were gone from order-placed), e.g. " + sample(processed);
    }

    /** "; N orders written twice by the producer: ..., ids" when order-placed holds copies of one send. */
    private static String writtenTwice(OrderClasses c) {
        List<String> orders = c.writtenTwiceByProducer();
        return orders.isEmpty() ? "" : "; " + orders.size() + (orders.size() == 1 ? " order" : " orders")
                + " written twice by the producer: a lost ack retried without idempotence (order-placed holds two"
                + " records of one send), " + sample(orders);
    }

    /** 0.333 as "33.3%", 0.5 as "50%". */
    static String percent(double share) {
        String text = String.format(Locale.ROOT, "%.1f", share * 100);
        return (text.endsWith(".0") ? text.substring(0, text.length() - 2) : text) + "%";
    }

    private static String describe(RunResult.FaultEvent fault) {
        return fault.label();
    }

    static String sample(List<String> items) {
        List<String> shown = items.subList(0, Math.min(SHOWN, items.size()));
        return String.join(", ", shown) + (items.size() > shown.size() ? " (+" + (items.size() - shown.size()) + " more)" : "");
    }
}
