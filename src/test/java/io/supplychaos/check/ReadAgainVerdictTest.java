package io.supplychaos.check;

import static io.supplychaos.check.Histories.CONFIRMATIONS;
import static io.supplychaos.check.Histories.SHIPMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.history.HistoryEvent.Observed;
import io.supplychaos.result.Verdict;

/**
 * How the checker reads a history in which the run's consumer went back after a log was cut below
 * it: a record read a second time at its offset is one record, a record at a freed offset is a new
 * one, and the same record read twice without a cut between is still a duplicate.
 */
class ReadAgainVerdictTest {

    private static final String DRUG = "aspirin";

    /** Every record the history read of {@code topic}, again, as a consumer that went back reads it. */
    private static Histories readAgain(Histories run, String topic) {
        List<Observed> read = run.cut().stream().filter(Observed.class::isInstance).map(Observed.class::cast)
                .filter(o -> o.topic().equals(topic)).toList();
        run.tickBy(1_000).add(new HistoryEvent.ReadAgain(topic, 0, 0, Long.MAX_VALUE, run.now()));
        for (Observed o : read) {
            run.tickBy(10).add(new Observed(o.topic(), o.partition(), o.offset(), o.key(), o.orderId(), o.state(),
                    o.quantity(), o.emittedAt(), run.now()));
        }
        return run;
    }

    @Test
    void recordsReadAgainAtTheirOffsetsAfterACutCountOnce() {
        // given two delivered orders whose shipment-status records the consumer read, then read again after a cut
        Histories run = Histories.run().baseline(DRUG, 100, 100, 0, 0)
                .order("r1-p0-1", DRUG, 1).deliver("r1-p0-1", DRUG, 1)
                .order("r1-p0-2", DRUG, 1).deliver("r1-p0-2", DRUG, 1)
                .stock(DRUG, 100, 0, 98, 0, 2);

        // when the checker judges it
        RunAnalysis analysis = readAgain(run, SHIPMENTS).analyse();

        // then nothing is a duplicate, and the note says where the consumer went back and what it read twice
        assertThat(analysis.orders().duplicates().count()).isZero();
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        assertThat(analysis.judgement().notes()).anyMatch(n -> n.startsWith("read again: 1 times")
                && n.contains("6 records it read a second time") && n.contains(SHIPMENTS + "-0 from offset 0"));
    }

    @Test
    void theSameRecordReadTwiceWithoutACutIsADuplicate() {
        // given an order whose DELIVERED record is read twice at its offset, with no cut recorded between
        Histories run = Histories.run().baseline(DRUG, 100, 100, 0, 0)
                .order("r1-p0-1", DRUG, 1).deliver("r1-p0-1", DRUG, 1)
                .stock(DRUG, 100, 0, 99, 0, 1);
        Observed delivered = run.cut().stream().filter(Observed.class::isInstance).map(Observed.class::cast)
                .filter(o -> o.topic().equals(SHIPMENTS) && o.state().equals("DELIVERED")).findFirst().orElseThrow();
        run.tickBy(100).add(new Observed(delivered.topic(), 0, delivered.offset(), delivered.key(), delivered.orderId(),
                "DELIVERED", delivered.quantity(), delivered.emittedAt(), run.now()));

        // then it counts, as it always did: only a recorded cut makes a second read the same record
        assertThat(run.analyse().orders().duplicates().count()).isEqualTo(1);
    }

    @Test
    void aNewRecordAtAnOffsetTheCutFreedIsNotTheOldOne() {
        // given an order confirmed twice: once before the cut, once at the same offset after it (another emitted-at)
        Histories run = Histories.run().baseline(DRUG, 100, 100, 0, 0)
                .order("r1-p0-1", DRUG, 1).deliver("r1-p0-1", DRUG, 1)
                .stock(DRUG, 100, 0, 99, 0, 1);
        Observed confirmed = run.cut().stream().filter(Observed.class::isInstance).map(Observed.class::cast)
                .filter(o -> o.topic().equals(CONFIRMATIONS)).findFirst().orElseThrow();
        run.tickBy(1_000).add(new HistoryEvent.ReadAgain(CONFIRMATIONS, 0, confirmed.offset(), confirmed.offset() + 1, run.now()));
        run.tickBy(10).add(new Observed(CONFIRMATIONS, 0, confirmed.offset(), confirmed.key(), confirmed.orderId(),
                "CONFIRMED", confirmed.quantity(), confirmed.emittedAt() + 5_000, run.now()));

        // then the app confirmed it twice: a duplicate
        RunAnalysis analysis = run.analyse();
        assertThat(analysis.orders().duplicates().count()).isEqualTo(1);
        assertThat(analysis.orders().duplicates().sample()).containsExactly("r1-p0-1 " + CONFIRMATIONS + " CONFIRMED x2");
    }

    /**
     * An order sent before a power loss and acknowledged after it (its first write's ack went down
     * with the brokers, its retry was acknowledged), confirmed twice: once by the app before the cut,
     * once after it from a store the cut sent back. {@code readBeforeTheLoss} says whether the
     * consumer read the first confirmation before the brokers came back.
     */
    private static Histories retriedAcrossAPowerLoss(Expectations expect, boolean readBeforeTheLoss) {
        Histories run = Histories.run(expect, "all").partition(0, 1, 1, 2, 3).baseline(DRUG, 100, 100, 0, 0)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0).process("r1-p0-1", DRUG, 1)
                .sent("r1-p0-2", DRUG, 1, false);
        if (readBeforeTheLoss) {
            run.see(CONFIRMATIONS, "r1-p0-2", "CONFIRMED", "r1-p0-2", 1);
        }
        run.fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1_000)
                .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1_000)
                .add(new HistoryEvent.Acked("r1-p0-2", 0, 0, run.now()));
        if (!readBeforeTheLoss) {
            run.see(CONFIRMATIONS, "r1-p0-2", "CONFIRMED", "r1-p0-2", 1);
        }
        return run.placed("r1-p0-2").process("r1-p0-2", DRUG, 1).stock(DRUG, 100, 0, 98, 0, 2);
    }

    @Test
    void anOrderWhoseFirstWriteWasProcessedBeforeAPowerLossAndWhoseRetryWasAcknowledgedAfterItRanAcrossIt() {
        // given the order's first confirmation read before the power loss, its retry acknowledged after it
        RunAnalysis analysis = retriedAcrossAPowerLoss(Histories.lossExpectedAtLeast(1), true).analyse();

        // then its second confirmation is put down to the power loss the scenario expects: PASS
        assertThat(analysis.orders().cutByPowerLoss().sample()).anyMatch(s -> s.startsWith("r1-p0-2"));
        assertThat(analysis.judgement().violations()).isEmpty();
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void anOrderSentBeforeAPowerLossWithNothingReadBeforeItIsJudgedAsUsual() {
        // given the same order, every record of it read after the brokers came back
        RunAnalysis analysis = retriedAcrossAPowerLoss(Histories.lossExpectedAtLeast(1), false).analyse();

        // then its chain ran after the power loss: confirmed twice is a duplicate nothing excuses
        assertThat(analysis.orders().cutByPowerLoss().sample()).noneMatch(s -> s.startsWith("r1-p0-2"));
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("duplicates 1"));
    }
}
