package io.supplychaos.check;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.Acked;
import io.supplychaos.history.HistoryEvent.Fault;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.PartitionState;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.history.HistoryEvent.Placed;
import io.supplychaos.history.HistoryEvent.ReadBackDone;
import io.supplychaos.history.HistoryEvent.RunEnded;
import io.supplychaos.history.HistoryEvent.RunStarted;
import io.supplychaos.history.HistoryEvent.SendFailed;
import io.supplychaos.history.HistoryEvent.Sent;
import io.supplychaos.history.HistoryEvent.StockObserved;
import io.supplychaos.history.HistoryEvent.ToolError;
import io.supplychaos.topology.Topics;

/**
 * A run's history indexed for the checker: the events of each kind, by orderId where they carry
 * one, in recorded order. Where an event repeats that should not (a second Sent or Acked for one
 * orderId, a second RunStarted), the first counts. Pure; touches no topic.
 */
final class RunHistory {

    static final String ORDER_PLACED = Topics.ORDER_PLACED.name();
    static final String CONFIRMATIONS = Topics.ORDER_CONFIRMATION.name();
    static final String MANUFACTURED = Topics.DRUG_MANUFACTURED.name();
    static final String SHIPMENTS = Topics.SHIPMENT_STATUS.name();
    static final String NOTIFICATIONS = Topics.NOTIFICATIONS.name();
    static final String STOCK_COMMANDS = Observed.STOCK_COMMANDS;
    static final String INVENTORY = Topics.INVENTORY_UPDATED.name();
    /** The output topics whose states count once each per order. */
    static final List<String> OUTPUT_TOPICS = List.of(CONFIRMATIONS, MANUFACTURED, SHIPMENTS, NOTIFICATIONS);

    final RunStarted start;
    final Expectations expect;
    final Map<String, Sent> sent = new LinkedHashMap<>();
    final Map<String, Acked> acked = new LinkedHashMap<>();
    final Map<String, SendFailed> sendFailed = new LinkedHashMap<>();
    final List<Observed> observed = new ArrayList<>();
    /** orderId -> topic -> that order's records on the topic, in reading order. */
    final Map<String, Map<String, List<Observed>>> observedByOrder = new LinkedHashMap<>();
    final List<Observed> malformed = new ArrayList<>();
    final List<StockObserved> stock = new ArrayList<>();
    final List<Fault> faults = new ArrayList<>();
    /** order-placed partition -> its leadership changes in recorded order. */
    final Map<Integer, List<PartitionState>> partitions = new HashMap<>();
    /** orderId -> its records the read-back found in order-placed, in reading order. */
    final Map<String, List<Placed>> placed = new HashMap<>();
    final List<ToolError> errors = new ArrayList<>();
    /** Records the outcome consumer could not read (purged before it got there). */
    final List<HistoryEvent.ReadGap> gaps = new ArrayList<>();
    /** Where the outcome consumer went back after a log was cut below it, in recorded order. */
    final List<HistoryEvent.ReadAgain> readAgain = new ArrayList<>();
    /** How many records the outcome consumer read a second time at their offset after a cut (counted once). */
    long readTwice;
    /** "topic/partition/offset" -> what was read there before a cut the consumer read it again after. */
    private final Map<String, List<HistoryEvent>> readBeforeCut = new HashMap<>();
    final Map<Phase, Long> phases = new EnumMap<>(Phase.class);
    final ReadBackDone readBack;
    /** The outcome consumer's last look at the outputs' ends; null in histories written before runs recorded it. */
    final HistoryEvent.OutputsRead outputsRead;
    final RunEnded end;
    final long firstAt;
    final long lastAt;

    RunHistory(List<HistoryEvent> events) {
        RunStarted started = null;
        ReadBackDone readBackDone = null;
        HistoryEvent.OutputsRead outputs = null;
        RunEnded ended = null;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (HistoryEvent event : events) {
            first = Math.min(first, event.at());
            last = Math.max(last, event.at());
            if (event instanceof RunStarted e) {
                started = started == null ? e : started;
            } else if (event instanceof HistoryEvent.PhaseStarted e) {
                phases.putIfAbsent(e.phase(), e.at());
            } else if (event instanceof Sent e) {
                sent.putIfAbsent(e.orderId(), e);
            } else if (event instanceof Acked e) {
                acked.putIfAbsent(e.orderId(), e);
            } else if (event instanceof SendFailed e) {
                sendFailed.putIfAbsent(e.orderId(), e);
            } else if (event instanceof Observed e) {
                observe(e);
            } else if (event instanceof StockObserved e) {
                if (!readAgain(INVENTORY, e.partition(), e.offset(), e)) {
                    stock.add(e);
                }
            } else if (event instanceof Fault e) {
                faults.add(e);
            } else if (event instanceof PartitionState e) {
                if (ORDER_PLACED.equals(e.topic())) {
                    partitions.computeIfAbsent(e.partition(), p -> new ArrayList<>()).add(e);
                }
            } else if (event instanceof Placed e) {
                placed.merge(e.orderId(), List.of(e), RunHistory::appended);
            } else if (event instanceof ReadBackDone e) {
                readBackDone = e;
            } else if (event instanceof ToolError e) {
                errors.add(e);
            } else if (event instanceof HistoryEvent.ReadGap e) {
                gaps.add(e);
            } else if (event instanceof HistoryEvent.ReadAgain e) {
                goBack(e);
            } else if (event instanceof HistoryEvent.OutputsRead e) {
                outputs = e;
            } else if (event instanceof RunEnded e) {
                ended = e;
            }
        }
        this.start = started;
        this.expect = started == null || started.expect() == null ? Expectations.strict() : started.expect();
        this.readBack = readBackDone;
        this.outputsRead = outputs;
        this.end = ended;
        this.firstAt = first == Long.MAX_VALUE ? 0 : first;
        this.lastAt = last == Long.MIN_VALUE ? 0 : last;
    }

    private static List<Placed> appended(List<Placed> before, List<Placed> one) {
        List<Placed> all = before instanceof ArrayList<Placed> list ? list : new ArrayList<>(before);
        all.addAll(one);
        return all;
    }

    /** The order-placed partitions the read-back found an order on. */
    Set<Integer> placedPartitions(String orderId) {
        Set<Integer> partitions = new LinkedHashSet<>();
        placed.getOrDefault(orderId, List.of()).forEach(p -> partitions.add(p.partition()));
        return partitions;
    }

    /**
     * How many extra copies of one send the read-back found for an order: records carrying the same
     * send id on the same partition at different offsets, beyond the first. The producer wrote them
     * (a batch written, its ack lost, retried without idempotence); an order sent again has another
     * send id, and a record without one (written by someone else) is no copy. One offset read twice
     * counts once.
     */
    long producerCopies(String orderId) {
        List<Placed> records = placed.getOrDefault(orderId, List.of());
        if (records.size() < 2) {
            return 0;
        }
        Map<List<Long>, Set<Long>> offsetsBySend = new HashMap<>();
        for (Placed p : records) {
            if (p.send() != null) {
                offsetsBySend.computeIfAbsent(List.of((long) p.partition(), p.send()), k -> new java.util.HashSet<>())
                        .add(p.offset());
            }
        }
        return offsetsBySend.values().stream().mapToLong(offsets -> offsets.size() - 1L).sum();
    }

    /**
     * The outcome consumer goes back after a cut: what it read at the offsets it will read again is
     * kept, so that a record read there again (the same record, since it survived the cut) counts
     * once, while a record the cut freed the offset for counts as the new record it is.
     */
    private void goBack(HistoryEvent.ReadAgain e) {
        readAgain.add(e);
        if (INVENTORY.equals(e.topic())) {
            stock.stream().filter(o -> o.partition() == e.partition() && o.offset() >= e.fromOffset() && o.offset() < e.toOffset())
                    .forEach(o -> readBeforeCut.computeIfAbsent(at(INVENTORY, o.partition(), o.offset()), k -> new ArrayList<>()).add(o));
            return;
        }
        Stream.concat(observed.stream(), malformed.stream()).filter(o -> o.topic().equals(e.topic()) && o.partition() == e.partition()
                        && o.offset() >= e.fromOffset() && o.offset() < e.toOffset())
                .forEach(o -> readBeforeCut.computeIfAbsent(at(o.topic(), o.partition(), o.offset()), k -> new ArrayList<>()).add(o));
    }

    /** Whether this record was read before at its offset and read again after a cut: true counts it as read twice. */
    private boolean readAgain(String topic, int partition, long offset, HistoryEvent record) {
        if (readBeforeCut.isEmpty()) {
            return false;
        }
        List<HistoryEvent> before = readBeforeCut.getOrDefault(at(topic, partition, offset), List.of());
        if (before.stream().anyMatch(earlier -> sameRecord(earlier, record))) {
            readTwice++;
            return true;
        }
        return false;
    }

    /** The same record read twice: everything it says is the same; only when it was read differs. */
    private static boolean sameRecord(HistoryEvent a, HistoryEvent b) {
        if (a instanceof Observed x && b instanceof Observed y) {
            return x.equals(new Observed(y.topic(), y.partition(), y.offset(), y.key(), y.orderId(), y.state(),
                    y.quantity(), y.emittedAt(), x.at()));
        }
        if (a instanceof StockObserved x && b instanceof StockObserved y) {
            return x.equals(new StockObserved(y.partition(), y.offset(), y.drugId(), y.initial(), y.produced(),
                    y.available(), y.reserved(), y.shipped(), y.causeOrderId(), y.baseline(), x.at()));
        }
        return false;
    }

    private static String at(String topic, int partition, long offset) {
        return topic + "/" + partition + "/" + offset;
    }

    private void observe(Observed e) {
        if (readAgain(e.topic(), e.partition(), e.offset(), e)) {
            return;
        }
        if (e.orderId() == null || Observed.MALFORMED.equals(e.state())) {
            malformed.add(e);
            return;
        }
        observed.add(e);
        observedByOrder.computeIfAbsent(e.orderId(), id -> new HashMap<>())
                .computeIfAbsent(e.topic(), t -> new ArrayList<>()).add(e);
    }

    /** An order's records on one topic, in reading order; empty when none. */
    List<Observed> on(String orderId, String topic) {
        return observedByOrder.getOrDefault(orderId, Map.of()).getOrDefault(topic, List.of());
    }

    /** How many of an order's records on a topic carry a state. */
    long count(String orderId, String topic, String state) {
        return on(orderId, topic).stream().filter(o -> state.equals(o.state())).count();
    }

    /**
     * Whether the read-back read an order-placed partition to its end: a missing read-back reads
     * nothing; an incomplete one read the partitions whose end offset it could take.
     */
    boolean readBackComplete(int partition) {
        if (readBack == null) {
            return false;
        }
        if (readBack.complete()) {
            return true;
        }
        List<Long> ends = readBack.endOffsets();
        return ends != null && partition >= 0 && partition < ends.size() && ends.get(partition) != null
                && ends.get(partition) >= 0;
    }

    /**
     * Whether the history shows that an acknowledged record of this partition could be lost: its
     * leader moved to another broker after the ack ({@link #leaderMovedAfter}) while the load
     * generator's acks let a new leader miss acknowledged records ({@link #weakAcks}) or while
     * unclean leader election was enabled ({@link #uncleanLeaderElection}). Only such loss is
     * expected under {@code lost: expected}: with acks=all and clean elections, the leader a change
     * elects holds every acknowledged record, and a partition that is merely offline loses nothing.
     */
    boolean lossPossible(int partition, long ackedAt) {
        return (weakAcks() || uncleanLeaderElection()) && leaderMovedAfter(partition, ackedAt)
                || powerLossAfter(ackedAt).isPresent();
    }

    /** The action's name of a power loss, as a run records it. */
    static final String POWER_LOSS = "power-loss";

    /**
     * The first power loss injected after {@code ackedAt}, if any: an acknowledged record can be lost
     * with the page cache of the brokers that held it, whatever the acks, since Kafka acknowledges
     * before it fsyncs unless its flush settings say otherwise. Only an injected one counts (a failed
     * injection cut nothing).
     */
    Optional<Fault> powerLossAfter(long ackedAt) {
        return powerLosses().stream().filter(loss -> ackedBefore(loss, ackedAt)).findFirst();
    }

    /**
     * The first power loss the order's chain ran across, if any: the order was acknowledged before
     * it ({@link #ackedBefore}); or sent before it, acknowledged (if ever) after it, with a record of
     * its chain read before its brokers ran again (a first write the app processed before the cut,
     * its ack lost with the brokers, its retry acknowledged after); or, never acknowledged, sent
     * before it. Every partition is cut at its own recovery point, so the records one exactly-once
     * transaction wrote for such an order can survive on one topic and be gone from another, and the
     * app, restored from changelogs and offsets the same loss cut, may process what it had done
     * again, from a store that went back.
     */
    Optional<Fault> chainAcrossPowerLoss(String orderId) {
        Acked ack = acked.get(orderId);
        Sent send = sent.get(orderId);
        if (ack != null) {
            Optional<Fault> acknowledgedBefore = powerLossAfter(ack.at());
            if (acknowledgedBefore.isPresent() || send == null) {
                return acknowledgedBefore;
            }
            return powerLosses().stream()
                    .filter(loss -> ackedBefore(loss, send.at()) && readBefore(orderId, restartAfter(loss)))
                    .findFirst();
        }
        return send == null ? Optional.empty()
                : powerLosses().stream().filter(loss -> ackedBefore(loss, send.at())).findFirst();
    }

    /** Whether any record of the order's chain was read before {@code time}. */
    private boolean readBefore(String orderId, long time) {
        return observedByOrder.getOrDefault(orderId, Map.of()).values().stream().flatMap(List::stream)
                .anyMatch(o -> o.at() < time);
    }

    /** The action's name of the fault that starts a broker again, as a run records it. */
    static final String START_BROKER = "start-broker";

    /**
     * Whether an ack the load generator saw at {@code ackedAt} was sent by the brokers before this
     * power loss took them down. The loss's time is when the last of its brokers was found down; the
     * client sees an ack after the broker sent it (its I/O thread, on a busy machine tens of
     * milliseconds later), so an ack seen after that time and before any of its brokers ran again
     * (its heal, or a start-broker) was still sent before the power went: a broker that is down
     * acknowledges nothing. Acks seen once a broker runs again are acks after the loss.
     */
    boolean ackedBefore(Fault loss, long ackedAt) {
        return ackedAt <= loss.at() || ackedAt < restartAfter(loss);
    }

    /** When the first of a power loss's brokers ran again: its heal or a start-broker after it; never: MAX_VALUE. */
    private long restartAfter(Fault loss) {
        return faults.stream().filter(f -> f.at() >= loss.at())
                .filter(f -> f.phase() == HistoryEvent.FaultPhase.HEALED && ends(f, loss)
                        || f.phase() == HistoryEvent.FaultPhase.INJECTED && START_BROKER.equals(f.action()))
                .mapToLong(Fault::at).min().orElse(Long.MAX_VALUE);
    }

    /** Whether a HEALED event ends this fault: by its id, or, in histories without ids, by action and target. */
    private static boolean ends(Fault heal, Fault fault) {
        if (heal.ends() != null) {
            return fault.id() != null && heal.ends().contains(fault.id());
        }
        return fault.action().equals(heal.action()) && fault.target().equals(heal.target());
    }

    /**
     * Why a power loss left an order stuck, in words, or null when nothing in the history says it
     * did. Two ways, both read from the history:
     * <ul>
     * <li>acknowledged after the power loss at an offset of its order-placed partition that an order
     * acknowledged before it already had: the cut rewound the log, Kafka handed that offset out
     * again, and a consumer whose position (or committed offset, in a topic cut with it) came from
     * before the cut is already past it;
     * <li>acknowledged before the power loss and read on an output or the stock-command topic before
     * it (mid-chain): its order-placed record survived, the records its chain had written since were
     * cut with the page cache, and the offsets its app had committed say it was done.
     * </ul>
     */
    String stuckByPowerLoss(Acked ack) {
        for (Fault loss : powerLosses()) {
            if (!ackedBefore(loss, ack.at())) {
                long handedOutBefore = acked.values().stream()
                        .filter(a -> a.partition() == ack.partition() && ackedBefore(loss, a.at()))
                        .mapToLong(Acked::offset).max().orElse(-1);
                if (ack.offset() <= handedOutBefore) {
                    return "offset " + ack.offset() + " of order-placed-" + ack.partition() + " again after "
                            + describe(loss);
                }
            } else {
                boolean readBefore = observedByOrder.getOrDefault(ack.orderId(), Map.of()).values().stream()
                        .flatMap(List::stream).anyMatch(o -> o.at() <= loss.at());
                if (readBefore) {
                    return "mid-chain at " + describe(loss);
                }
            }
        }
        return null;
    }

    /** The power losses the run injected, in order (a failed injection cut nothing). */
    List<Fault> powerLosses() {
        return faults.stream().filter(f -> POWER_LOSS.equals(f.action()) && f.phase() == HistoryEvent.FaultPhase.INJECTED)
                .toList();
    }

    private static String describe(Fault fault) {
        return fault.action() + " " + fault.target() + (fault.id() == null ? "" : " (" + fault.id() + ")");
    }

    /**
     * Whether a partition's leader after {@code since} was another broker than the one that led it
     * at {@code since} (the one that acknowledged): an offline spell that ends with the same leader
     * is no move. The leader in effect is the last state recorded at or before {@code since}, else the
     * first one recorded after it; leadership is sampled each second, so a move and its move back
     * within one sample are not seen.
     */
    boolean leaderMovedAfter(int partition, long since) {
        Integer acknowledging = null;
        for (PartitionState state : partitions.getOrDefault(partition, List.of())) {
            if (state.at() <= since || acknowledging == null) {
                acknowledging = state.leader();
            } else if (state.leader() != null && !state.leader().equals(acknowledging)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the load generator's acks let a leader change lose acknowledged records (anything but all / -1). */
    boolean weakAcks() {
        String acks = start == null ? null : start.acks();
        return acks != null && !acks.isBlank() && !"all".equalsIgnoreCase(acks.trim()) && !"-1".equals(acks.trim());
    }

    /**
     * Whether order-placed had unclean leader election enabled, as the run recorded it; false when
     * it was not recorded (Kafka's default).
     */
    boolean uncleanLeaderElection() {
        return start != null && Boolean.TRUE.equals(start.uncleanLeaderElection());
    }

    /** When the measured phase began: its PhaseStarted, else the first measured send, else the first event. */
    long measureStart() {
        Long measure = phases.get(Phase.MEASURE);
        if (measure != null) {
            return measure;
        }
        return sent.values().stream().filter(s -> !s.warmup()).mapToLong(Sent::at).min().orElse(firstAt);
    }

    /** When sending ended: the drain's start, else the heal's, else the end of the history. */
    long sendingEnded() {
        for (Phase phase : List.of(Phase.DRAIN, Phase.HEAL, Phase.READ_BACK, Phase.CHECK)) {
            Long at = phases.get(phase);
            if (at != null) {
                return at;
            }
        }
        return end != null ? end.at() : lastAt;
    }
}
