package io.supplychaos.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.EndReason;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.history.HistoryEvent.Phase;

/**
 * Test fixture: builds a run's history line by line with a clock that ticks 10 ms per event, so
 * that a test reads as the run it describes. {@link #build()} ends it as a completed run whose
 * read-back was complete, unless the test recorded its own read-back or end.
 */
public final class Histories {

    public static final String CONFIRMATIONS = "order-confirmation";
    public static final String MANUFACTURED = "drug-manufactured";
    public static final String SHIPMENTS = "shipment-status";
    public static final String NOTIFICATIONS = "notifications";
    public static final String STOCK = Observed.STOCK_COMMANDS;

    private final List<HistoryEvent> events = new ArrayList<>();
    private long clock = 1_000_000;
    private long offset;
    private final java.util.Map<String, Long> sends = new java.util.HashMap<>();
    private long nextSend = 1;
    private boolean readBack;
    private boolean ended;

    private Histories(Expectations expect, String acks, Boolean uncleanLeaderElection) {
        events.add(new HistoryEvent.RunStarted("r1", "test", "c3", 3, 3, 3, 2, "exactly_once_v2", acks, expect,
                List.of(0L, 0L, 0L), uncleanLeaderElection, tick()));
        events.add(new HistoryEvent.PhaseStarted(Phase.MEASURE, tick()));
    }

    /** A run that promises the strict defaults, with acks=all. */
    public static Histories run() {
        return new Histories(Expectations.strict(), "all", false);
    }

    public static Histories run(Expectations expect, String acks) {
        return new Histories(expect, acks, false);
    }

    /** A run on a cluster whose order-placed had unclean leader election as given (null: not recorded). */
    public static Histories run(Expectations expect, String acks, Boolean uncleanLeaderElection) {
        return new Histories(expect, acks, uncleanLeaderElection);
    }

    /** A run whose start records how its faults differ on its env from the embedded env's, as stated before it ran. */
    public static Histories runWithFaultDifferences(String... differences) {
        Histories run = run();
        HistoryEvent.RunStarted start = (HistoryEvent.RunStarted) run.events.get(0);
        run.events.set(0, new HistoryEvent.RunStarted(start.runId(), start.scenario(), "k8s-c3", start.brokers(), start.partitions(),
                start.replicationFactor(), start.minInsyncReplicas(), start.processingGuarantee(), start.acks(), start.expect(),
                start.orderPlacedEnds(), start.uncleanLeaderElection(), start.at(), List.of(differences)));
        return run;
    }

    /** Expectations that accept loss where the history shows it could happen ({@code lost: expected}). */
    public static Expectations lossExpected() {
        return new Expectations(null, true, 0L, 0L, true, null, null, null, 1L, Expectations.DEFAULT_ACKED_SHARE);
    }

    /** {@code lost: expected} with {@code minLost}: the loss the scenario sets out to show, at least that many orders. */
    public static Expectations lossExpectedAtLeast(long minLost) {
        return new Expectations(null, true, 0L, 0L, true, null, null, null, 1L, Expectations.DEFAULT_ACKED_SHARE, minLost);
    }

    /** Any event, as recorded. */
    public Histories add(HistoryEvent event) {
        events.add(event);
        return this;
    }

    public long now() {
        return clock;
    }

    public Histories tickBy(long millis) {
        clock += millis;
        return this;
    }

    private long tick() {
        clock += 10;
        return clock;
    }

    /** Sent and acknowledged on partition 0, a measured order. */
    public Histories order(String id, String drug, int quantity) {
        return order(id, drug, quantity, 0);
    }

    public Histories order(String id, String drug, int quantity, int partition) {
        sent(id, drug, quantity, false);
        events.add(new HistoryEvent.Acked(id, partition, offset++, tick()));
        return this;
    }

    /** Sent and acknowledged at this partition and offset, a measured order. */
    public Histories orderAt(String id, String drug, int quantity, int partition, long ackedOffset) {
        sent(id, drug, quantity, false);
        events.add(new HistoryEvent.Acked(id, partition, ackedOffset, tick()));
        return this;
    }

    public Histories sent(String id, String drug, int quantity, boolean warmup) {
        long at = tick();
        events.add(new HistoryEvent.Sent(id, drug, quantity, warmup, at - 5, at));
        return this;
    }

    public Histories sendFailed(String id) {
        events.add(new HistoryEvent.SendFailed(id, "TimeoutException: expired", tick()));
        return this;
    }

    /** Found in order-placed by the read-back, on partition 0. */
    public Histories placed(String id) {
        return placed(id, 0);
    }

    /** Found by the read-back on {@code partition}, stamped with the order's one send (the load generator's header). */
    public Histories placed(String id, int partition) {
        events.add(new HistoryEvent.Placed(partition, offset++, id, sendOf(id), tick()));
        return this;
    }

    /** A second record of the order's one send on partition 0, at the next offset: the producer wrote it twice. */
    public Histories placedAgainBySameSend(String id) {
        return placed(id, 0);
    }

    /** A record of the order on partition 0 from another send than its first (or written by someone else). */
    public Histories placedByAnotherSend(String id) {
        events.add(new HistoryEvent.Placed(0, offset++, id, nextSend++, tick()));
        return this;
    }

    /** A record read back without the load generator's send id, as histories written before it hold them. */
    public Histories placedWithoutSendId(String id) {
        events.add(new HistoryEvent.Placed(0, offset++, id, tick()));
        return this;
    }

    private long sendOf(String id) {
        return sends.computeIfAbsent(id, any -> nextSend++);
    }

    /** Placed, reserved, confirmed, manufactured, shipped and delivered, every record once. */
    public Histories deliver(String id, String drug, int quantity) {
        placed(id);
        return process(id, drug, quantity);
    }

    /**
     * Reserved, confirmed, manufactured, shipped and delivered, every record once, with no
     * order-placed record found by the read-back: processed, then gone from the log.
     */
    public Histories process(String id, String drug, int quantity) {
        see(STOCK, id, "RESERVE", drug, quantity);
        see(CONFIRMATIONS, id, "CONFIRMED", id, quantity);
        see(MANUFACTURED, id, "MANUFACTURED", id, quantity);
        see(NOTIFICATIONS, id, "CONFIRMED", id, 0);
        for (String state : List.of("DISPATCHED", "IN_TRANSIT", "DELIVERED")) {
            see(SHIPMENTS, id, state, id, quantity);
            see(NOTIFICATIONS, id, state, id, 0);
        }
        see(STOCK, id, "RELEASE", drug, quantity);
        return this;
    }

    /** Placed, reserved and rejected. */
    public Histories reject(String id, String drug) {
        placed(id);
        see(STOCK, id, "RESERVE", drug, 0);
        see(CONFIRMATIONS, id, "REJECTED", id, 0);
        see(NOTIFICATIONS, id, "REJECTED", id, 0);
        return this;
    }

    /** One record of an order read from a topic, keyed by the orderId. */
    public Histories see(String topic, String id, String state) {
        return see(topic, id, state, id, 0);
    }

    public Histories see(String topic, String id, String state, String key, int quantity) {
        long at = tick();
        events.add(new Observed(topic, 0, offset++, key, id, state, quantity, at - 3, at));
        return this;
    }

    /** The notifications of an order, in this order (nothing upstream). */
    public Histories notify(String id, String... states) {
        Arrays.stream(states).forEach(state -> see(NOTIFICATIONS, id, state));
        return this;
    }

    public Histories malformed(String topic) {
        events.add(new Observed(topic, 0, offset++, null, null, Observed.MALFORMED, 0, 0, tick()));
        return this;
    }

    public Histories baseline(String drug, long initial, long available, long reserved, long shipped) {
        events.add(new HistoryEvent.StockObserved(0, offset++, drug, initial, 0, available, reserved, shipped, null,
                true, tick()));
        return this;
    }

    public Histories stock(String drug, long initial, long produced, long available, long reserved, long shipped) {
        events.add(new HistoryEvent.StockObserved(0, offset++, drug, initial, produced, available, reserved, shipped,
                null, false, tick()));
        return this;
    }

    public Histories partition(int partition, Integer leader, Integer... isr) {
        events.add(new HistoryEvent.PartitionState("order-placed", partition, leader, List.of(isr), tick()));
        return this;
    }

    public Histories fault(FaultPhase phase, String action, String target, FaultSource source, String error) {
        events.add(new HistoryEvent.Fault(phase, action, target, action + " " + target, source, error, tick()));
        return this;
    }

    public Histories phase(Phase phase) {
        events.add(new HistoryEvent.PhaseStarted(phase, tick()));
        return this;
    }

    public Histories readBack(boolean complete, Long... endOffsets) {
        readBack = true;
        events.add(new HistoryEvent.ReadBackDone(complete, List.of(endOffsets), tick()));
        return this;
    }

    /** The outcome consumer's last look: every output read to its end or not, and where it was behind. */
    public Histories outputsRead(Boolean reachedEnd, String... behind) {
        events.add(new HistoryEvent.OutputsRead(reachedEnd, List.of(behind), tick()));
        return this;
    }

    public Histories toolError(String where, String cause) {
        events.add(new HistoryEvent.ToolError(where, cause, tick()));
        return this;
    }

    public Histories end(EndReason reason, boolean clusterAvailable) {
        if (!readBack) {
            readBack(true, 100L, 100L, 100L);
        }
        ended = true;
        events.add(new HistoryEvent.RunEnded(reason, reason.name().toLowerCase(), clusterAvailable, tick()));
        return this;
    }

    /** The history as recorded, ended as a completed run when the test did not end it. */
    public List<HistoryEvent> build() {
        if (!ended) {
            end(EndReason.COMPLETED, true);
        }
        return List.copyOf(events);
    }

    /** The history exactly as recorded so far: no read-back or end added. */
    public List<HistoryEvent> cut() {
        return List.copyOf(events);
    }

    public RunAnalysis analyse() {
        return RunAnalysis.of(build());
    }
}
