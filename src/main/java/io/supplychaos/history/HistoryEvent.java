package io.supplychaos.history;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One line of a run's history ({@code history.jsonl.gz}): what the run did (sends, faults, phases)
 * and what it saw (acknowledgements, every output record, partition leadership, the read-back of
 * order-placed) in the order the run recorded them. The checker is a pure function of this list;
 * {@code ./chaos check DIR} re-reads it and judges again. Every event carries {@code at}, epoch ms
 * on the CLI's clock. The JSON form has a {@code type} field naming the record.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = HistoryEvent.RunStarted.class, name = "run"),
        @JsonSubTypes.Type(value = HistoryEvent.PhaseStarted.class, name = "phase"),
        @JsonSubTypes.Type(value = HistoryEvent.WarmupEnded.class, name = "warmup"),
        @JsonSubTypes.Type(value = HistoryEvent.Sent.class, name = "sent"),
        @JsonSubTypes.Type(value = HistoryEvent.Acked.class, name = "acked"),
        @JsonSubTypes.Type(value = HistoryEvent.SendFailed.class, name = "send-failed"),
        @JsonSubTypes.Type(value = HistoryEvent.Observed.class, name = "observed"),
        @JsonSubTypes.Type(value = HistoryEvent.StockObserved.class, name = "stock"),
        @JsonSubTypes.Type(value = HistoryEvent.Fault.class, name = "fault"),
        @JsonSubTypes.Type(value = HistoryEvent.PartitionState.class, name = "partition"),
        @JsonSubTypes.Type(value = HistoryEvent.Placed.class, name = "placed"),
        @JsonSubTypes.Type(value = HistoryEvent.ReadBackDone.class, name = "read-back"),
        @JsonSubTypes.Type(value = HistoryEvent.ToolError.class, name = "error"),
        @JsonSubTypes.Type(value = HistoryEvent.RunEnded.class, name = "end"),
        @JsonSubTypes.Type(value = HistoryEvent.ReadGap.class, name = "gap"),
        @JsonSubTypes.Type(value = HistoryEvent.ReadAgain.class, name = "read-again"),
        @JsonSubTypes.Type(value = HistoryEvent.OutputsRead.class, name = "outputs"),
})
public sealed interface HistoryEvent {

    /** Epoch ms when the run recorded the event. */
    long at();

    /**
     * The first line: what was run and what it promised.
     *
     * @param acks             the load generator's {@code acks} ("all", "1", "0"): with acks other
     *                         than all, a leader change can lose acknowledged records
     * @param orderPlacedEnds  end offset of each order-placed partition before the first send; the
     *                         read-back starts there
     * @param uncleanLeaderElection order-placed's effective {@code unclean.leader.election.enable}
     *                         as the cluster reported it at the start: when true, a leader change can
     *                         lose acknowledged records whatever the acks; null when the cluster did not
     *                         say, and in histories written before runs recorded it (read as Kafka's
     *                         default, false)
     * @param faultDifferences how the scheduled faults differ in effect on this env from the same
     *                         faults on the embedded env, as stated before the run started ("faults[0]
     *                         (kill-broker at 10s): the broker comes back at once ..."); null when none
     *                         does, and in histories written before runs recorded them
     */
    record RunStarted(String runId, String scenario, String env, int brokers, int partitions,
                      int replicationFactor, int minInsyncReplicas, String processingGuarantee, String acks,
                      Expectations expect, List<Long> orderPlacedEnds,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean uncleanLeaderElection, long at,
                      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> faultDifferences)
            implements HistoryEvent {

        @JsonCreator
        public RunStarted {
            faultDifferences = faultDifferences == null || faultDifferences.isEmpty() ? null : List.copyOf(faultDifferences);
        }

        /** A start whose faults differ in nothing from the embedded env's. */
        public RunStarted(String runId, String scenario, String env, int brokers, int partitions, int replicationFactor,
                          int minInsyncReplicas, String processingGuarantee, String acks, Expectations expect,
                          List<Long> orderPlacedEnds, Boolean uncleanLeaderElection, long at) {
            this(runId, scenario, env, brokers, partitions, replicationFactor, minInsyncReplicas, processingGuarantee, acks,
                    expect, orderPlacedEnds, uncleanLeaderElection, at, null);
        }
    }

    /** The run entered a phase; the measured phase is {@link Phase#MEASURE}. */
    record PhaseStarted(Phase phase, long at) implements HistoryEvent {
    }

    enum Phase { WARMUP, MEASURE, DRAIN, HEAL, READ_BACK, CHECK }

    /**
     * The warm-up ended and the measured phase starts now (recorded just before the MEASURE phase;
     * histories written before warm-ups were watched have none).
     *
     * @param end       why it ended where it did
     * @param steady    whether the steady rule held when it ended (for a count, whether the count
     *                  happened to reach a steady state)
     * @param startedAt epoch ms when the warm-up began (its first WARMUP phase); {@code at} for none
     * @param rule      the steady rule it was watched with, in words; empty for none
     * @param windows   the warm-up's windows in order, with the p50 of the warm-up orders completed in each
     */
    record WarmupEnded(WarmupEnd end, boolean steady, long startedAt, String rule, List<WarmupWindow> windows,
                       long at) implements HistoryEvent {

        @JsonCreator
        public WarmupEnded {
            windows = windows == null ? List.of() : List.copyOf(windows);
        }
    }

    /** Why a warm-up ended. */
    enum WarmupEnd {
        /** The scenario asked for no warm-up. */
        NONE,
        /** Its fixed order counts were sent and drained. */
        ORDERS_SENT,
        /** The steady rule held. */
        STEADY,
        /** The rule's bound was reached before it held: the measured phase started anyway. */
        NOT_STEADY
    }

    /**
     * One window of a warm-up.
     *
     * @param endMs     its end, in ms since the warm-up began
     * @param p50Ms     the p50 end-to-end latency of the warm-up orders completed in it; null when none did
     * @param completed warm-up orders completed in it
     * @param backlog   orders sent and not completed when it was closed
     * @param sent      orders sent by then, warm-up included
     * @param jitCores  the CPU the JIT compilers of the JVMs on this machine (tool, brokers, app) used in
     *                  it, in cores; null when not watched
     */
    record WarmupWindow(long endMs, Double p50Ms, long completed, long backlog, long sent, Double jitCores) {

        @JsonCreator
        public WarmupWindow {
        }

        /** A window whose JIT was not watched (a history written before it was, an env not on this machine). */
        public WarmupWindow(long endMs, Double p50Ms, long completed, long backlog, long sent) {
            this(endMs, p50Ms, completed, backlog, sent, null);
        }
    }

    /** The load generator handed an order to its producer. {@code intendedAt} is when the schedule meant to. */
    record Sent(String orderId, String drugId, int quantity, boolean warmup, long intendedAt, long at)
            implements HistoryEvent {
    }

    /** Kafka acknowledged an order's send: where the record landed. */
    record Acked(String orderId, int partition, long offset, long at) implements HistoryEvent {
    }

    /** A send failed for good (the producer gave up); the order may still have been written. */
    record SendFailed(String orderId, String error, long at) implements HistoryEvent {
    }

    /**
     * One record read (read_committed) from an output topic of the pipeline: order-confirmation
     * (state CONFIRMED, BACKORDERED or REJECTED), drug-manufactured (MANUFACTURED), shipment-status
     * (DISPATCHED, IN_TRANSIT, DELIVERED), notifications (the order's {@code OrderStatus}), or the
     * stock-command repartition topic (RESERVE, RELEASE; {@code topic} is {@link #STOCK_COMMANDS}).
     * A record that could not be decoded has state {@link #MALFORMED} and orderId null.
     *
     * @param emittedAt the record's own time field (when the stage produced it), or its timestamp
     * @param quantity  the order's quantity as the record carries it, or 0 when it carries none
     */
    record Observed(String topic, int partition, long offset, String key, String orderId, String state,
                    int quantity, long emittedAt, long at) implements HistoryEvent {
        /** Stands for the repartition topic {@code <application.id>-stock-commands-by-drug-repartition}. */
        public static final String STOCK_COMMANDS = "stock-commands";
        public static final String MALFORMED = "MALFORMED";
    }

    /**
     * One inventory-updated record: a drug's stock after a change. {@code baseline} marks the
     * records read before the run (the last one per drug is the stock the run started from).
     */
    record StockObserved(int partition, long offset, String drugId, long initial, long produced, long available,
                         long reserved, long shipped, String causeOrderId, boolean baseline, long at)
            implements HistoryEvent {
    }

    /**
     * A fault as the run saw it: injected, healed, or failed to inject or to heal (with the error).
     * A HEALED event describes the fault it ends (its action, target and detail), except the
     * {@code heal} of a CLI verb, which is recorded as it was journalled and ends every fault it
     * repaired.
     *
     * @param source who asked: the scenario's schedule, or a CLI verb in another terminal
     * @param id     the fault's id in this run ("f1", "f2", ... in the order the run recorded them) on
     *               INJECTED and FAILED events (a failed heal carries the id of the fault it did not
     *               heal); null on HEALED events and in histories written before faults had ids
     * @param ends   on HEALED events, the ids of the faults it ends (empty when it ends none the run
     *               saw injected); null on other events and in histories written before faults had ids
     */
    record Fault(FaultPhase phase, String action, String target, String detail, FaultSource source, String error,
                 long at, @JsonInclude(JsonInclude.Include.NON_NULL) String id,
                 @JsonInclude(JsonInclude.Include.NON_NULL) List<String> ends) implements HistoryEvent {

        @JsonCreator
        public Fault {
            ends = ends == null ? null : List.copyOf(ends);
        }

        /** A fault event without ids, as histories written before faults had ids hold them. */
        public Fault(FaultPhase phase, String action, String target, String detail, FaultSource source, String error,
                     long at) {
            this(phase, action, target, detail, source, error, at, null, null);
        }
    }

    enum FaultPhase { INJECTED, HEALED, FAILED }

    enum FaultSource { SCHEDULE, CLI }

    /**
     * Leadership of one order-placed partition, recorded at the start and whenever it changed.
     * {@code leader} is null while the partition has none (offline); {@code isr} is empty then.
     */
    record PartitionState(String topic, int partition, Integer leader, List<Integer> isr, long at)
            implements HistoryEvent {
    }

    /**
     * One order-placed record found by the read-back after heal (read_committed).
     *
     * @param send the load generator's id of the send that wrote it (its {@code supply-chaos-send}
     *             header): two records of one send on one partition are one send written twice by the
     *             producer; null for a record without the header (written by someone else, or read
     *             before the load generator stamped it)
     */
    record Placed(int partition, long offset, String orderId,
                  @JsonInclude(JsonInclude.Include.NON_NULL) Long send, long at) implements HistoryEvent {

        @JsonCreator
        public Placed {
        }

        /** A record without the load generator's send id. */
        public Placed(int partition, long offset, String orderId, long at) {
            this(partition, offset, orderId, null, at);
        }
    }

    /**
     * The read-back of order-placed ended. {@code complete} is false when some partition could
     * not be read to its end (still unavailable): orders missing there are unseen, not lost.
     *
     * @param endOffsets each partition's end offset as read (-1 when unreadable)
     */
    record ReadBackDone(boolean complete, List<Long> endOffsets, long at) implements HistoryEvent {
    }

    /**
     * Whether the run's outcome consumer had read every output topic to its end when the run
     * ended (recorded just before {@link RunEnded}): each partition's position against its
     * read_committed end offset. The stock is judged only when it had, so that records still unread
     * are not taken for stock that never moved.
     *
     * @param reachedEnd true when every partition was read to its end; false when some was not;
     *                   null when the consumer or the cluster did not answer in time
     * @param behind     the partitions not read to their end, as "topic-partition: N records"
     */
    record OutputsRead(Boolean reachedEnd, List<String> behind, long at) implements HistoryEvent {

        @JsonCreator
        public OutputsRead {
            behind = behind == null ? List.of() : List.copyOf(behind);
        }
    }

    /**
     * The run's consumer could not read a stretch of a topic: the records from {@code fromOffset}
     * to {@code toOffset} (exclusive) were deleted before it got there. Streams purges its
     * repartition topics after each commit, so a consumer that falls behind there misses records;
     * duplicates among them cannot be seen.
     */
    record ReadGap(String topic, int partition, long fromOffset, long toOffset, long at) implements HistoryEvent {
    }

    /**
     * The log of a partition was cut below the run's consumer (every replica lost its page cache, or
     * a leader without the records it had read took over): it goes back to {@code fromOffset} and
     * reads on from there. The records it read at {@code fromOffset} to {@code toOffset} (exclusive)
     * before the cut may be gone from the log; those that survived are read a second time, and the
     * offsets the cut freed hold records written after it. A record read again at its offset (same
     * order, state, quantity and time) is one record, not a duplicate. {@code fromOffset} is where the
     * consumer's log and the leader's diverge when the leader could say, else the first offset the run
     * could have read.
     */
    record ReadAgain(String topic, int partition, long fromOffset, long toOffset, long at) implements HistoryEvent {
    }

    /** The tool itself failed (a consumer, the recorder, a phase): the run ends as ERROR with this cause. */
    record ToolError(String where, String cause, long at) implements HistoryEvent {
    }

    /**
     * The last line.
     *
     * @param reason why the run ended where it did
     * @param clusterAvailable whether every order-placed partition had a leader when the drain ended:
     *                         orders still in flight while it had not are unseen, not stuck
     */
    record RunEnded(EndReason reason, String detail, boolean clusterAvailable, long at) implements HistoryEvent {
    }

    enum EndReason {
        /** Every order sent, drained and read back. */
        COMPLETED,
        /** Sending stopped: no acknowledgement for the stall timeout. */
        STALLED,
        /** The drain ended at its deadline with orders still in flight. */
        DRAIN_TIMEOUT,
        /** Ctrl-C. */
        INTERRUPTED,
        /** The tool failed; a {@link ToolError} says why. */
        ERROR
    }
}
