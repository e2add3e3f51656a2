package io.supplychaos.history;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * What a scenario promises ({@code expect:}); null means "not checked".
 *
 * @param lost          most acknowledged orders that may be lost; ignored when lossExpected
 * @param lossExpected  the scenario expects loss (e.g. RF1 and a broker killed for good): any loss
 *                      is reported as expected loss, not as a violation
 * @param duplicates    most duplicated order states allowed
 * @param outOfOrder    most orders allowed to show their states out of sequence
 * @param inventoryConserved whether every drug's stock must stay conserved
 * @param maxP99Ms      a latency ceiling for p99
 * @param minOrdersPerSec a throughput floor
 * @param maxRecoverySeconds most seconds any fault may take to recover from
 * @param minAcked      fewest measured orders Kafka must acknowledge: below it the run made no
 *                      progress and FAILs (at least 1 by default: a run where nothing was
 *                      acknowledged proves nothing)
 * @param minAckedShare fewest measured orders Kafka must acknowledge as a share of those sent
 *                      (0 to 1): below it the run FAILs on too little evidence. {@link
 *                      #DEFAULT_ACKED_SHARE} unless the scenario sets it or sets only {@code
 *                      minAcked}; null (not checked) in histories written before runs recorded it
 * @param minLost       fewest acknowledged orders that must be lost where the history explains loss
 *                      (with {@code lost: expected}): the loss a scenario sets out to show (an
 *                      all-replica power loss under Kafka's default flush). Fewer FAILs the run: the
 *                      loss it expects did not happen. Null: not checked
 * @param writtenTwice  most sends the load generator's producer may write twice to order-placed (a lost
 *                      ack retried by a producer without idempotence, as {@code acks} other than all
 *                      makes it), judged apart from {@code duplicates}; {@link #ANY} when the scenario
 *                      expects them ({@code writtenTwice: expected}). Null: such copies count as
 *                      duplicates, as before the key existed
 */
public record Expectations(Long lost, boolean lossExpected, Long duplicates, Long outOfOrder,
                           Boolean inventoryConserved, Double maxP99Ms, Double minOrdersPerSec,
                           Double maxRecoverySeconds, Long minAcked, Double minAckedShare, Long minLost,
                           Long writtenTwice) {

    /** {@code writtenTwice: expected}: any number of sends written twice, reported, not judged. */
    public static final long ANY = Long.MAX_VALUE;

    @JsonCreator
    public Expectations {
    }

    /** Expectations without {@code writtenTwice}, as histories written before it hold them. */
    public Expectations(Long lost, boolean lossExpected, Long duplicates, Long outOfOrder, Boolean inventoryConserved,
                        Double maxP99Ms, Double minOrdersPerSec, Double maxRecoverySeconds, Long minAcked,
                        Double minAckedShare, Long minLost) {
        this(lost, lossExpected, duplicates, outOfOrder, inventoryConserved, maxP99Ms, minOrdersPerSec,
                maxRecoverySeconds, minAcked, minAckedShare, minLost, null);
    }

    /** Expectations without {@code minLost}, as histories written before it hold them. */
    public Expectations(Long lost, boolean lossExpected, Long duplicates, Long outOfOrder, Boolean inventoryConserved,
                        Double maxP99Ms, Double minOrdersPerSec, Double maxRecoverySeconds, Long minAcked,
                        Double minAckedShare) {
        this(lost, lossExpected, duplicates, outOfOrder, inventoryConserved, maxP99Ms, minOrdersPerSec,
                maxRecoverySeconds, minAcked, minAckedShare, null);
    }

    /** Half the measured orders acknowledged: below that a run's verdict rests on too little evidence. */
    public static final double DEFAULT_ACKED_SHARE = 0.5;

    /**
     * Every run checks at least this: nothing lost or duplicated, nothing out of order, stock
     * conserved, at least one measured order and half of them acknowledged.
     */
    public static Expectations strict() {
        return new Expectations(0L, false, 0L, 0L, true, null, null, null, 1L, DEFAULT_ACKED_SHARE);
    }
}
