package io.supplychaos.check;

import static io.supplychaos.check.Histories.CONFIRMATIONS;
import static io.supplychaos.check.Histories.MANUFACTURED;
import static io.supplychaos.check.Histories.NOTIFICATIONS;
import static io.supplychaos.check.Histories.SHIPMENTS;
import static io.supplychaos.check.Histories.STOCK;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent.EndReason;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/** The checker on synthetic histories: for every class, one history that must pass and one that must fail. */
class RunAnalysisTest {

    private static final String DRUG = "aspirin";

    /** Two orders delivered, one rejected, stock moved by exactly the delivered units. */
    private static Histories clean() {
        return Histories.run()
                .baseline(DRUG, 100, 100, 0, 0)
                .order("r1-p0-1", DRUG, 3).order("r1-p0-2", DRUG, 2).order("r1-p0-3", DRUG, 1)
                .deliver("r1-p0-1", DRUG, 3).deliver("r1-p0-2", DRUG, 2).reject("r1-p0-3", DRUG)
                .stock(DRUG, 100, 0, 95, 0, 5);
    }

    @Test
    void shouldPassACleanHistory() {
        RunAnalysis analysis = clean().analyse();

        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        assertThat(analysis.judgement().violations()).isEmpty();
        RunResult.Orders orders = analysis.orders();
        assertThat(orders.ok().count()).isEqualTo(3);
        assertThat(orders.completed()).isEqualTo(3);
        assertThat(orders.rejected()).isEqualTo(1);
        assertThat(RunAnalysis.classCounts(orders)).containsEntry("lost", 0L).containsEntry("stuck", 0L)
                .containsEntry("unseen", 0L).containsEntry("duplicates", 0L).containsEntry("incompleteLifecycle", 0L)
                .containsEntry("unexpected", 0L).containsEntry("stock", 0L).containsEntry("malformed", 0L);
    }

    @Nested
    class Lost {

        @Test
        void shouldFailAnAcknowledgedOrderMissingFromTheLogAsBadLoss() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("lost 1 acknowledged orders"));
        }

        @Test
        void shouldFailLossUnderAcksAllWhenThePartitionWentOfflineEvenWhenLossIsExpected() {
            // given acks=all and a leader change through an offline partition: acks=all loses nothing there
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).partition(0, null).partition(0, 2, 2).analyse();

            // then the loss is not excused
            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.orders().lost().expected().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailLossOnAPartitionThatKeptAnInSyncReplicaEvenWhenLossIsExpected() {
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).partition(0, 2, 2).analyse();

            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldExcuseLossUnderAcksOneOnlyOnThePartitionWhoseLeaderChanged() {
            // given acks=1: partition 2's leader moves from 1 to 2 after the acks; partition 1 goes
            // offline and comes back with the same leader, which is no leader change
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "1")
                    .partition(1, 1, 1, 2).partition(2, 1, 1, 2)
                    .order("r1-p1-1", DRUG, 1, 1).order("r1-p2-1", DRUG, 1, 2)
                    .partition(2, 2, 2).partition(1, null).partition(1, 1, 1).analyse();

            // then the loss on partition 2 is expected and the loss on partition 1 fails the run
            assertThat(analysis.orders().lost().expected().sample()).containsExactly("r1-p2-1");
            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p1-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("lost 1 acknowledged orders")
                    && v.contains("r1-p1-1"));
        }

        @Test
        void shouldCountALeaderChangeUnderAcksOneAsExpectedLoss() {
            RunAnalysis weak = Histories.run(Histories.lossExpected(), "1").partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).partition(0, 2, 2).analyse();

            assertThat(weak.orders().lost().expected().count()).isEqualTo(1);
            assertThat(weak.judgement().notes()).anyMatch(n -> n.startsWith("expected loss: 1"));
            assertThat(weak.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldExcuseLossOnALeaderChangeUnderAcksAllWhenUncleanElectionWasEnabled() {
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all", true).partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).partition(0, 2, 2).analyse();

            assertThat(analysis.orders().lost().expected().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldNameLossUnderAcksAllAfterAPowerLossAsLostToPowerLossWhenTheScenarioExpectsLoss() {
            // given acks=all, an order acknowledged, then every broker losing its power, and the order gone from the log
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2, 3)
                    .order("r1-p0-1", DRUG, 1).fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null)
                    .analyse();

            // then the loss is expected, and the notes name it as power loss with its count
            assertThat(analysis.orders().lost().expected().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.orders().lost().bad().count()).isZero();
            assertThat(analysis.judgement().notes()).anyMatch(n -> n.startsWith("lost to power loss: 1 acknowledged orders")
                    && n.contains("r1-p0-1"));
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldFailLossOfAnOrderAcknowledgedAfterThePowerLoss() {
            // given a power loss, its brokers started again, then an order acknowledged and lost: no
            // unflushed page cache explains it
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2, 3)
                    .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                    .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                    .order("r1-p0-1", DRUG, 1).analyse();

            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailLossOfAnOrderAcknowledgedOnceABrokerWasStartedAgainAfterThePowerLoss() {
            // given a power loss, a start-broker, then an order acknowledged and lost
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2, 3)
                    .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                    .fault(FaultPhase.INJECTED, "start-broker", "1", FaultSource.CLI, null).tickBy(1000)
                    .order("r1-p0-1", DRUG, 1).analyse();

            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-1");
        }

        @Test
        void shouldNameLossOfAnAckSeenAfterTheBrokersWentDownAndBeforeTheyRanAgainAsLostToPowerLoss() {
            // given the client seeing an ack after the last broker was found down (a broker down sends
            // none: the ack left it before the power went, the client's thread saw it later), and the
            // order gone from the log
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2, 3)
                    .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(40)
                    .order("r1-p0-1", DRUG, 1).tickBy(1000)
                    .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).analyse();

            // then it was acknowledged before the power loss took it: expected, named, PASS
            assertThat(analysis.orders().lost().expected().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.orders().lost().bad().count()).isZero();
            assertThat(analysis.judgement().notes()).anyMatch(n -> n.startsWith("lost to power loss: 1 acknowledged orders"));
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldFailLossToPowerLossWhenTheScenarioAcceptsNone() {
            // given flush-every-message's promise (lost: 0) and an order lost after a power loss
            RunAnalysis analysis = Histories.run(Expectations.strict(), "all").partition(0, 1, 1, 2, 3)
                    .order("r1-p0-1", DRUG, 1).fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null)
                    .analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("lost 1 acknowledged orders"));
        }

        @Test
        void shouldNotCountAPowerLossThatFailedToInject() {
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "all").partition(0, 1, 1, 2, 3)
                    .order("r1-p0-1", DRUG, 1).fault(FaultPhase.FAILED, "power-loss", "all", FaultSource.SCHEDULE, "refused")
                    .analyse();

            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-1");
        }

        @Test
        void shouldFailExpectedLossWhenTheScenarioDoesNotAcceptLoss() {
            RunAnalysis analysis = Histories.run(Expectations.strict(), "1").partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).partition(0, 2, 2).analyse();

            assertThat(analysis.orders().lost().expected().count()).isEqualTo(1);
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailASendingStallEvenWhenLossIsExpected() {
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "1").baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                    .end(EndReason.STALLED, true).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("sending stalled"));
        }
    }

    @Nested
    class LostAfterProcessing {

        @Test
        void shouldCountACompletedOrderGoneFromOrderPlacedAsLostFromTheLogAfterProcessing() {
            // given an order the pipeline delivered, which the read-back no longer found in order-placed
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).process("r1-p0-4", DRUG, 1)
                    .stock(DRUG, 100, 0, 94, 0, 6).analyse();

            // then it is loss, by name, and not ok
            assertThat(analysis.orders().lost().count()).isEqualTo(1);
            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.orders().lost().afterProcessing().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.orders().ok().sample()).doesNotContain("r1-p0-4");
            assertThat(analysis.orders().completed()).isEqualTo(4);
            assertThat(RunAnalysis.classCounts(analysis.orders())).containsEntry("lost.afterProcessing", 1L);
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.contains("lost from the log after processing")
                    && v.contains("r1-p0-4"));
        }

        @Test
        void shouldCountAPartlyProcessedOrderGoneFromTheLogAsLostAfterProcessing() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).see(STOCK, "r1-p0-4", "RESERVE", DRUG, 1)
                    .analyse();

            assertThat(analysis.orders().lost().afterProcessing().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.orders().stuck().count()).isZero();
        }

        @Test
        void shouldNotLookForACompletedOrderOnAPartitionTheReadBackCouldNotRead() {
            RunAnalysis analysis = clean().order("r1-p1-1", DRUG, 1, 1).process("r1-p1-1", DRUG, 1)
                    .stock(DRUG, 100, 0, 94, 0, 6).readBack(false, 100L, -1L, 100L).analyse();

            assertThat(analysis.orders().lost().count()).isZero();
            assertThat(analysis.judgement().notes())
                    .anyMatch(n -> n.startsWith("1 completed orders not looked for in order-placed"));
        }

        @Test
        void shouldExcuseLossAfterProcessingOnlyWhereLossIsExpectedThere() {
            // given acks=1, partition 0's leader changed after the acks, partition 1's did not
            Histories history = Histories.run(Histories.lossExpected(), "1").baseline(DRUG, 100, 100, 0, 0)
                    .partition(0, 1, 1, 2).partition(1, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1, 0).process("r1-p0-1", DRUG, 1)
                    .order("r1-p1-1", DRUG, 1, 1).process("r1-p1-1", DRUG, 1)
                    .partition(0, 2, 2).stock(DRUG, 100, 0, 98, 0, 2);

            RunAnalysis analysis = history.analyse();

            assertThat(analysis.orders().lost().afterProcessing().count()).isEqualTo(2);
            assertThat(analysis.orders().lost().expected().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.orders().lost().bad().sample()).containsExactly("r1-p1-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }
    }

    @Test
    void shouldFailAnOrderInTheLogThatNeverCompletedAsStuck() {
        RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).placed("r1-p0-4").analyse();

        assertThat(analysis.orders().stuck().sample()).containsExactly("r1-p0-4");
        assertThat(analysis.orders().lost().count()).isZero();
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("stuck 1 orders"));
    }

    @Nested
    class Unseen {

        @Test
        void shouldFailOrdersInFlightWhileTheClusterWasUnavailable() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).placed("r1-p0-4")
                    .end(EndReason.DRAIN_TIMEOUT, false).analyse();

            assertThat(analysis.orders().unseen().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.orders().stuck().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.contains("the cluster was unavailable"));
        }

        @Test
        void shouldFailOrdersOnAPartitionTheReadBackCouldNotRead() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1, 1).readBack(false, 100L, -1L, 100L).analyse();

            assertThat(analysis.orders().unseen().sample()).containsExactly("r1-p0-4");
            assertThat(analysis.orders().lost().count()).as("unreadable is not lost").isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailUnseenOrdersEvenOnAPartitionWhereLossIsExpected() {
            // given acks=1 and a leader change on partition 0, whose order's fate is unknown at the end
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "1").partition(0, 1, 1, 2)
                    .order("r1-p0-1", DRUG, 1).placed("r1-p0-1").partition(0, 2, 2)
                    .end(EndReason.DRAIN_TIMEOUT, false).analyse();

            // then an unseen order is no loss the scenario expected: nothing is known of it
            assertThat(analysis.orders().unseen().count()).isEqualTo(1);
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("unseen 1"));
        }
    }

    @Nested
    class Duplicates {

        @ParameterizedTest
        @CsvSource({CONFIRMATIONS + ",CONFIRMED", MANUFACTURED + ",MANUFACTURED", SHIPMENTS + ",IN_TRANSIT",
                NOTIFICATIONS + ",DISPATCHED"})
        void shouldFailAStateSeenTwiceOnAnOutputTopic(String topic, String state) {
            RunAnalysis analysis = clean().see(topic, "r1-p0-1", state).analyse();

            assertThat(analysis.orders().duplicates().count()).isEqualTo(1);
            assertThat(analysis.orders().duplicates().byTopic()).containsEntry(topic, 1L);
            assertThat(analysis.orders().duplicates().sample()).containsExactly("r1-p0-1 " + topic + " " + state + " x2");
            assertThat(analysis.orders().ok().sample()).doesNotContain("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldPassDuplicatesTheScenarioAllows() {
            Expectations atLeastOnce = new Expectations(0L, false, 5L, 5L, true, null, null, null, 1L, 0.5);
            Histories history = Histories.run(atLeastOnce, "all").baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).see(NOTIFICATIONS, "r1-p0-1", "DELIVERED")
                    .stock(DRUG, 100, 0, 97, 0, 3);

            RunAnalysis analysis = history.analyse();

            assertThat(analysis.orders().duplicates().count()).isEqualTo(1);
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldReportARepeatedReserveAsDuplicateAndLetTheStockFiguresJudgeTheStock() {
            // given a RESERVE processed twice (an at_least_once restart) that the manufacturer recognised:
            // the quiesced stock figures hold the order's units once
            RunAnalysis analysis = clean().see(STOCK, "r1-p0-1", "RESERVE", DRUG, 3).analyse();

            // then the repeat is a duplicate on the stock-command topic (FAIL under duplicates: 0), not a leak
            assertThat(analysis.orders().duplicates().byTopic()).containsEntry(STOCK, 1L);
            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldReportARepeatedReserveAsStockViolationWhenTheStockCannotBeJudged() {
            // given a repeated RESERVE and a chain that did not quiesce: the figures cannot say whether it moved stock
            RunAnalysis analysis = clean().see(STOCK, "r1-p0-1", "RESERVE", DRUG, 3)
                    .outputsRead(false, "inventory-updated-0: 3 records").analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .contains("RESERVE seen 2 times for order r1-p0-1 (explained: 1)");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldReportAReleaseWithoutASecondDelivery() {
            RunAnalysis analysis = clean().see(STOCK, "r1-p0-2", "RELEASE", DRUG, 2)
                    .outputsRead(false, "inventory-updated-0: 3 records").analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .contains("RELEASE seen 2 times for order r1-p0-2 (explained: 1)");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailAnOrderTheProducerWroteTwiceToOrderPlacedFromOneSend() {
            // given order r1-p0-1 delivered once, whose one send the read-back found twice on partition 0
            // (a lost ack retried without idempotence: the batch was written, its response lost, sent again)
            RunAnalysis analysis = clean().placedAgainBySameSend("r1-p0-1").analyse();

            // then the copy is a duplicate on order-placed, named, though the pipeline dropped the repeat
            assertThat(analysis.orders().duplicates().count()).isEqualTo(1);
            assertThat(analysis.orders().duplicates().byTopic()).containsEntry("order-placed", 1L);
            assertThat(analysis.orders().duplicates().sample()).containsExactly("r1-p0-1 order-placed x2");
            assertThat(analysis.orders().duplicates().writtenTwiceByProducer().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.orders().ok().sample()).doesNotContain("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.contains(
                    "1 order written twice by the producer: a lost ack retried without idempotence (order-placed holds"
                            + " two records of one send), r1-p0-1"));
        }

        @Test
        void shouldReportSendsWrittenTwiceApartFromDuplicatesWhereTheScenarioExpectsThem() {
            // given a scenario whose producer is not idempotent (acks=1) and says so (writtenTwice: expected),
            // and a run where the producer wrote one send twice and the pipeline duplicated nothing
            Expectations expected = new Expectations(null, true, 0L, 0L, true, null, null, null, 1L, 0.5, null,
                    Expectations.ANY);
            RunAnalysis analysis = Histories.run(expected, "1")
                    .baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).order("r1-p0-2", DRUG, 2).order("r1-p0-3", DRUG, 1)
                    .deliver("r1-p0-1", DRUG, 3).deliver("r1-p0-2", DRUG, 2).reject("r1-p0-3", DRUG)
                    .stock(DRUG, 100, 0, 95, 0, 5)
                    .placedAgainBySameSend("r1-p0-1").analyse();

            // then the copy is still counted and named, but as the scenario allows: PASS, with a note
            assertThat(analysis.orders().duplicates().writtenTwiceByProducer().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.verdict()).as(analysis.judgement().violations().toString()).isEqualTo(Verdict.PASS);
            assertThat(analysis.judgement().notes()).anyMatch(n -> n.startsWith("written twice by the producer, as the"
                    + " scenario allows") && n.contains("r1-p0-1"));
        }

        @Test
        void shouldFailSendsWrittenTwiceBeyondWhatTheScenarioAllowsAndStillJudgeThePipelinesDuplicates() {
            // given a scenario allowing 1 send written twice and no duplicate, and a run with 2 copies of one send
            Expectations one = new Expectations(null, true, 0L, 0L, true, null, null, null, 1L, 0.5, null, 1L);
            RunAnalysis analysis = Histories.run(one, "1")
                    .baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).order("r1-p0-2", DRUG, 2).order("r1-p0-3", DRUG, 1)
                    .deliver("r1-p0-1", DRUG, 3).deliver("r1-p0-2", DRUG, 2).reject("r1-p0-3", DRUG)
                    .stock(DRUG, 100, 0, 95, 0, 5)
                    .placedAgainBySameSend("r1-p0-2").placedAgainBySameSend("r1-p0-2").analyse();

            // then the copies fail the run on their own line, and the duplicates line does not count them
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith(
                    "written twice by the producer: 2 extra copies on order-placed (expected at most 1)"));
            assertThat(analysis.judgement().violations()).noneMatch(v -> v.startsWith("duplicates "));
        }

        @Test
        void shouldCountEveryExtraCopyOfOneSend() {
            RunAnalysis analysis = clean().placedAgainBySameSend("r1-p0-2").placedAgainBySameSend("r1-p0-2").analyse();

            assertThat(analysis.orders().duplicates().byTopic()).containsEntry("order-placed", 2L);
            assertThat(analysis.orders().duplicates().sample()).containsExactly("r1-p0-2 order-placed x3");
        }

        @Test
        void shouldNotCountAnOrderSentAgainAsAProducerDuplicate() {
            // given a second record of r1-p0-1 on its partition from another send (not one send written twice)
            RunAnalysis analysis = clean().placedByAnotherSend("r1-p0-1").analyse();

            assertThat(analysis.orders().duplicates().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldNotCountRecordsWithoutASendIdAsProducerDuplicates() {
            // given a history whose read-back recorded no send ids (written before the load generator stamped them)
            RunAnalysis analysis = clean().placedWithoutSendId("r1-p0-1").placedWithoutSendId("r1-p0-1").analyse();

            assertThat(analysis.orders().duplicates().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldNotCountAnOrderPlacedOnTwoPartitionsWithOneLifecycleAsDuplicate() {
            RunAnalysis analysis = clean().placed("r1-p0-1", 1).see(STOCK, "r1-p0-1", "RESERVE", DRUG, 3).analyse();

            assertThat(analysis.orders().duplicates().count()).isZero();
            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldReportAnOrderPlacedOnTwoPartitionsThatReservedTwice() {
            RunAnalysis analysis = clean().placed("r1-p0-1", 1).see(STOCK, "r1-p0-1", "RESERVE", DRUG, 3)
                    .see(CONFIRMATIONS, "r1-p0-1", "CONFIRMED", "r1-p0-1", 3)
                    .stock(DRUG, 100, 0, 92, 3, 5).analyse();

            assertThat(analysis.orders().duplicates().byTopic()).containsEntry(CONFIRMATIONS, 1L);
            assertThat(analysis.orders().stock().violations().sample()).anyMatch(v -> v.startsWith("aspirin: reserved 3"));
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }
    }

    @Nested
    class Lifecycle {

        @Test
        void shouldFailADeliveryWithoutDispatch() {
            RunAnalysis analysis = Histories.run().order("r1-p0-1", DRUG, 1).placed("r1-p0-1")
                    .notify("r1-p0-1", "CONFIRMED", "IN_TRANSIT", "DELIVERED").analyse();

            assertThat(analysis.orders().incompleteLifecycle().sample())
                    .containsExactly("r1-p0-1 (DELIVERED without DISPATCHED on notifications)");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailADeliveryWithNoManufacturedGoodsUpstream() {
            Histories history = Histories.run().order("r1-p0-1", DRUG, 1).placed("r1-p0-1")
                    .see(CONFIRMATIONS, "r1-p0-1", "CONFIRMED")
                    .see(SHIPMENTS, "r1-p0-1", "DISPATCHED").see(SHIPMENTS, "r1-p0-1", "IN_TRANSIT")
                    .see(SHIPMENTS, "r1-p0-1", "DELIVERED")
                    .notify("r1-p0-1", "CONFIRMED", "DISPATCHED", "IN_TRANSIT", "DELIVERED");

            assertThat(history.analyse().orders().incompleteLifecycle().sample())
                    .containsExactly("r1-p0-1 (DELIVERED without MANUFACTURED on drug-manufactured)");
        }

        @Test
        void shouldAcceptABackorderBeforeConfirmation() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).see(NOTIFICATIONS, "r1-p0-4", "BACKORDERED")
                    .deliver("r1-p0-4", DRUG, 1).stock(DRUG, 100, 0, 94, 0, 6).analyse();

            assertThat(analysis.orders().incompleteLifecycle().count()).isZero();
            assertThat(analysis.orders().outOfOrder().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldFailStatesOutOfOrder() {
            RunAnalysis analysis = Histories.run().order("r1-p0-1", DRUG, 1).placed("r1-p0-1")
                    .notify("r1-p0-1", "REJECTED", "BACKORDERED").analyse();

            assertThat(analysis.orders().outOfOrder().sample()).containsExactly("r1-p0-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }
    }

    @Nested
    class Unexpected {

        @Test
        void shouldFailAnOrderOfThisRunThatWasNeverSent() {
            RunAnalysis analysis = clean().notify("r1-p9-1", "REJECTED").analyse();

            assertThat(analysis.orders().unexpected().sample()).containsExactly("r1-p9-1");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldFailAForeignOrderPlacedDuringTheRun() {
            RunAnalysis analysis = clean().placed("rest-1").notify("rest-1", "REJECTED").analyse();

            assertThat(analysis.orders().unexpected().sample()).containsExactly("rest-1");
        }

        @Test
        void shouldOnlyNoteAnOrderFromBeforeTheRun() {
            RunAnalysis analysis = clean().notify("r0-p0-7", "REJECTED").analyse();

            assertThat(analysis.orders().unexpected().count()).isZero();
            assertThat(analysis.judgement().notes()).anyMatch(n -> n.contains("from before the run"));
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }
    }

    @Test
    void shouldFailMalformedOutputRecords() {
        RunAnalysis analysis = clean().malformed(NOTIFICATIONS).analyse();

        assertThat(analysis.orders().malformed().sample()).singleElement().asString().startsWith("notifications-0@");
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
    }

    @Nested
    class Stock {

        @Test
        void shouldFailAReservationLeftAfterEveryOrderWasDelivered() {
            RunAnalysis analysis = clean().stock(DRUG, 100, 0, 92, 3, 5).analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .containsExactly("aspirin: reserved 3 but confirmed, undelivered orders hold 0 units (+ 0 reserved"
                            + " before the run)");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldPassAReservationHeldByAConfirmedUndeliveredOrder() {
            // given an order confirmed and then gone from the log (acks=1, its leader changed): the
            // chain has quiesced, and the order's units stay reserved
            RunAnalysis analysis = Histories.run(Histories.lossExpected(), "1").partition(0, 1, 1, 2)
                    .baseline(DRUG, 100, 100, 0, 0).order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3)
                    .order("r1-p0-4", DRUG, 4).see(STOCK, "r1-p0-4", "RESERVE", DRUG, 4)
                    .see(CONFIRMATIONS, "r1-p0-4", "CONFIRMED").partition(0, 2, 2)
                    .stock(DRUG, 100, 0, 93, 4, 3).analyse();

            assertThat(analysis.orders().stock().notJudged()).isEmpty();
            assertThat(analysis.orders().stock().violations().count()).isZero();
        }

        @Test
        void shouldNotJudgeStockWhileOrdersAreStillInFlight() {
            // given an order reserved and confirmed but stuck (the app froze), and an inventory record
            // that has not caught up with the deliveries yet: the stall's consequence
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 4).placed("r1-p0-4")
                    .see(STOCK, "r1-p0-4", "RESERVE", DRUG, 4).see(CONFIRMATIONS, "r1-p0-4", "CONFIRMED")
                    .stock(DRUG, 100, 0, 92, 4, 4).analyse();

            // then the run fails for the stuck order, and the stock is not judged, with the reason
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.judgement().violations()).noneMatch(v -> v.startsWith("stock"))
                    .anyMatch(v -> v.startsWith("stuck 1"));
            assertThat(analysis.orders().stock().notJudged())
                    .containsExactly("stock not judged: the chain did not quiesce (1 orders in flight)");
        }

        @Test
        void shouldNotJudgeStockWhenTheOutputsWereNotReadToTheirEnd() {
            RunAnalysis analysis = clean().stock(DRUG, 100, 0, 96, 0, 4)
                    .outputsRead(false, "inventory-updated-0: 3 records").analyse();

            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.orders().stock().notJudged()).containsExactly("stock not judged: the chain did not"
                    + " quiesce (the outputs were not read to their end: inventory-updated-0: 3 records)");
        }

        @Test
        void shouldJudgeStockWhenTheOutputsWereReadToTheirEnd() {
            RunAnalysis analysis = clean().stock(DRUG, 100, 0, 96, 0, 4).outputsRead(true).analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .containsExactly("aspirin: shipped grew by 4 but the orders delivered during the run hold 5 units");
        }

        @Test
        void shouldStillJudgeEachRecordsOwnBalanceWhenTheChainDidNotQuiesce() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 4).placed("r1-p0-4")
                    .stock(DRUG, 100, 0, 90, 4, 5).analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .containsExactly("aspirin: available 90 + reserved 4 + shipped 5 != initial 100 + produced 0");
        }

        @Test
        void shouldFailShippedThatDoesNotMatchTheDeliveries() {
            RunAnalysis analysis = clean().stock(DRUG, 100, 0, 96, 0, 4).analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .containsExactly("aspirin: shipped grew by 4 but the orders delivered during the run hold 5 units");
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldMeasureShippedFromTheBaseline() {
            RunAnalysis analysis = Histories.run().baseline(DRUG, 100, 80, 0, 20).order("r1-p0-1", DRUG, 3)
                    .deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 77, 0, 23).analyse();

            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldFailStockThatIsNotConserved() {
            RunAnalysis analysis = clean().stock(DRUG, 100, 0, 96, 0, 5).analyse();

            assertThat(analysis.orders().stock().violations().sample())
                    .contains("aspirin: available 96 + reserved 0 + shipped 5 != initial 100 + produced 0");
        }

        @Test
        void shouldNotCallStockLeakedWhenTheClusterWasUnavailableAtTheEnd() {
            // given a delivery whose release the run could not read: the only broker died before it
            RunAnalysis analysis = clean().order("r1-p0-9", DRUG, 3).deliver("r1-p0-9", DRUG, 3)
                    .stock(DRUG, 100, 0, 92, 3, 5).end(EndReason.STALLED, false).analyse();

            assertThat(analysis.orders().stock().violations().count()).isZero();
            assertThat(analysis.orders().stock().notJudged()).anyMatch(note -> note.contains("the cluster was unavailable"));
        }

        @Test
        void shouldReportTheSameStockLeakWhenTheClusterWasAvailable() {
            RunAnalysis analysis = clean().order("r1-p0-9", DRUG, 3).deliver("r1-p0-9", DRUG, 3)
                    .stock(DRUG, 100, 0, 92, 3, 5).analyse();

            assertThat(analysis.orders().stock().violations().count()).isPositive();
        }

        @Test
        void shouldSkipWhatCannotBeJudgedAndSaySo() {
            RunAnalysis analysis = clean().see(SHIPMENTS, "r0-p0-1", "DELIVERED").analyse();

            assertThat(analysis.orders().stock().notJudged()).singleElement().asString()
                    .startsWith("reserved and shipped: 1 order(s)");
            assertThat(analysis.orders().stock().violations().count()).isZero();
        }
    }

    @Nested
    class Verdicts {

        @Test
        void shouldFailAScheduledFaultThatCouldNotBeInjected() {
            RunAnalysis analysis = clean().fault(FaultPhase.FAILED, "kill-broker", "9", FaultSource.SCHEDULE,
                    "no broker 9 in env c3").analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations())
                    .containsExactly("fault kill-broker 9 could not be injected: no broker 9 in env c3");
            assertThat(analysis.faults()).singleElement().satisfies(f -> {
                assertThat(f.failed()).isTrue();
                assertThat(f.recoveryMs()).isNull();
            });
        }

        @Test
        void shouldShowButNotJudgeAFailedFaultFromAnotherTerminal() {
            RunAnalysis analysis = clean().fault(FaultPhase.FAILED, "kill-broker", "9", FaultSource.CLI, "no broker 9")
                    .analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
            assertThat(analysis.faults()).hasSize(1);
        }

        @Test
        void shouldFailARunWithNoAcknowledgedOrdersAsNoProgress() {
            RunAnalysis analysis = Histories.run().sent("r1-p0-1", DRUG, 1, false).sendFailed("r1-p0-1")
                    .sent("r1-p0-2", DRUG, 1, false).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations())
                    .containsExactly("no progress: 0 measured orders acknowledged (expected at least 1); 1 send(s) failed,"
                            + " 1 of them with TimeoutException: expired");
            assertThat(analysis.orders().neverAcked().sample()).containsExactly("r1-p0-1", "r1-p0-2");
        }

        @Test
        void shouldFailARunWhereFewerThanHalfTheMeasuredOrdersWereAcknowledged() {
            // given 3 measured orders sent, 1 acknowledged and delivered, 2 never acknowledged
            RunAnalysis analysis = Histories.run().baseline(DRUG, 100, 100, 0, 0).order("r1-p0-1", DRUG, 3)
                    .deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                    .sent("r1-p0-2", DRUG, 1, false).sendFailed("r1-p0-2").sent("r1-p0-3", DRUG, 1, false).analyse();

            // then the verdict rests on too little evidence: FAIL, saying why
            assertThat(analysis.orders().measuredSent()).isEqualTo(3);
            assertThat(analysis.orders().availability()).isCloseTo(1 / 3.0, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).containsExactly("too little evidence: 1 of 3 measured orders"
                    + " acknowledged (availability 33.3%, expected at least 50%); 1 send(s) failed, 1 of them with"
                    + " TimeoutException: expired");
        }

        @Test
        void shouldTakeTheShareOfAcknowledgedOrdersTheScenarioSets() {
            Expectations aFifth = new Expectations(0L, false, 0L, 0L, true, null, null, null, 1L, 0.2);
            RunAnalysis analysis = Histories.run(aFifth, "all").baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                    .sent("r1-p0-2", DRUG, 1, false).sent("r1-p0-3", DRUG, 1, false).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldNotCheckTheShareInAHistoryWrittenBeforeItWasRecorded() {
            Expectations before = new Expectations(0L, false, 0L, 0L, true, null, null, null, 1L, null);
            RunAnalysis analysis = Histories.run(before, "all").baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                    .sent("r1-p0-2", DRUG, 1, false).sent("r1-p0-3", DRUG, 1, false).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldShowAvailabilityInTheSummary() {
            RunResult result = clean().sent("r1-p0-9", DRUG, 1, false).sendFailed("r1-p0-9").analyse()
                    .result(java.util.Map.of(), 0);

            assertThat(result.orders().measuredSent()).isEqualTo(4);
            assertThat(result.orders().availability()).isEqualTo(0.75);
        }

        @Test
        void shouldNotCountWarmUpOrdersAsProgress() {
            Histories history = Histories.run().sent("r1-p0-1", DRUG, 1, true);
            RunAnalysis analysis = RunAnalysis.of(history.build());

            assertThat(analysis.orders().measuredAcked()).isZero();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        }

        @Test
        void shouldNoteAnOrderWrittenThoughItsAckWasLost() {
            RunAnalysis analysis = clean().sent("r1-p0-9", DRUG, 1, false).sendFailed("r1-p0-9")
                    .notify("r1-p0-9", "REJECTED").analyse();

            assertThat(analysis.orders().writtenUnacked().sample()).containsExactly("r1-p0-9");
            assertThat(analysis.judgement().notes()).anyMatch(n -> n.startsWith("written, ack lost: 1"));
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldEndAsErrorWhenTheToolFailed() {
            RunAnalysis analysis = clean().toolError("outcome-consumer", "SerializationException: bad record")
                    .analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.ERROR);
            assertThat(analysis.judgement().violations())
                    .containsExactly("tool error in outcome-consumer: SerializationException: bad record");
        }

        @Test
        void shouldEndAsErrorWhenTheHistoryHasNoEnd() {
            RunAnalysis analysis = RunAnalysis.of(clean().cut());

            assertThat(analysis.verdict()).isEqualTo(Verdict.ERROR);
        }

        @Test
        void shouldJudgeNothingOfAnInterruptedRun() {
            RunAnalysis analysis = clean().order("r1-p0-4", DRUG, 1).end(EndReason.INTERRUPTED, true).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.INTERRUPTED);
            assertThat(analysis.judgement().violations()).singleElement().asString().startsWith("interrupted");
            assertThat(analysis.result(java.util.Map.of(), 0).interrupted()).isTrue();
        }

        @Test
        void shouldFailASendingStall() {
            RunAnalysis analysis = clean().end(EndReason.STALLED, true).analyse();

            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("sending stalled"));
        }
    }

    @Nested
    class Recoveries {

        private final Expectations recoverWithin = new Expectations(0L, false, 0L, 0L, true, null, null, 30.0, 1L, 0.5);

        @Test
        void shouldReportNotRecoveredWhenNothingCompletedAfterTheFault() {
            RunAnalysis analysis = Histories.run(recoverWithin, "all").baseline(DRUG, 100, 100, 0, 0)
                    .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                    .fault(FaultPhase.INJECTED, "cut", "all", FaultSource.SCHEDULE, null)
                    .fault(FaultPhase.HEALED, "cut", "all", FaultSource.SCHEDULE, null).phase(Phase.DRAIN).analyse();

            RunResult.FaultEvent fault = analysis.faults().get(0);
            assertThat(fault.recoveryMs()).isNull();
            assertThat(fault.healedAt()).isNotNull();
            assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("did not recover after cut all"));
        }

        @Test
        void shouldMeasureRecoveryIntoTheDrainWhenTheOrdersCompleteOnlyThere() {
            // given one order a second completing for 5 s, then a broker paused: the orders sent
            // while it is paused complete only in the drain, after the heal
            Histories history = Histories.run(recoverWithin, "all").baseline(DRUG, 100, 100, 0, 0);
            for (int i = 0; i < 5; i++) {
                history.order("r1-p0-" + i, DRUG, 1).deliver("r1-p0-" + i, DRUG, 1).tickBy(1000);
            }
            history.fault(FaultPhase.INJECTED, "pause-broker", "1", FaultSource.SCHEDULE, null);
            for (int i = 5; i < 10; i++) {
                history.order("r1-p0-" + i, DRUG, 1).placed("r1-p0-" + i).tickBy(1000);
            }
            history.fault(FaultPhase.HEALED, "pause-broker", "1", FaultSource.SCHEDULE, null).phase(Phase.DRAIN);
            for (int i = 5; i < 10; i++) {
                history.process("r1-p0-" + i, DRUG, 1);
            }

            // when it is judged
            RunAnalysis analysis = history.stock(DRUG, 100, 0, 90, 0, 10).analyse();

            // then the fault recovered when the drain's completions came back at half the earlier rate
            assertThat(analysis.faults().get(0).recoveryMs()).isEqualTo(5_000L);
            assertThat(analysis.verdict()).as(analysis.judgement().violations().toString()).isEqualTo(Verdict.PASS);
        }

        @Test
        void shouldMeasureARecoveryWhenOrdersCompletedAfterTheFault() {
            Histories history = Histories.run(recoverWithin, "all").baseline(DRUG, 100, 100, 0, 0);
            history.fault(FaultPhase.INJECTED, "delay", "all", FaultSource.SCHEDULE, null);
            for (int i = 0; i < 5; i++) {
                String id = "r1-p0-" + i;
                history.order(id, DRUG, 1).deliver(id, DRUG, 1).tickBy(1000);
            }
            RunAnalysis analysis = history.stock(DRUG, 100, 0, 95, 0, 5).phase(Phase.DRAIN).analyse();

            assertThat(analysis.faults().get(0).recoveryMs()).isNotNull();
            assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        }
    }

    @Test
    void shouldMeasureLatencyRequestTimeAndThroughputOfMeasuredOrdersOnly() {
        Histories history = Histories.run().baseline(DRUG, 100, 100, 0, 0).sent("r1-w-1", DRUG, 1, true);
        history.notify("r1-w-1", "REJECTED").order("r1-p0-1", DRUG, 1);
        long intendedAt = history.now() - 10 - 5;
        history.placed("r1-p0-1").notify("r1-p0-1", "REJECTED");
        long readAt = history.now();
        history.see(CONFIRMATIONS, "r1-p0-1", "REJECTED");

        RunAnalysis analysis = RunAnalysis.of(history.build());

        assertThat(analysis.latency().max()).isCloseTo(readAt - intendedAt, org.assertj.core.api.Assertions.within(0.1));
        assertThat(analysis.requestTime().avg()).isCloseTo(10.0, org.assertj.core.api.Assertions.within(0.1));
        assertThat(analysis.ordersPerSec()).isEqualTo(1000.0 / (readAt - intendedAt));
        assertThat(analysis.stages()).extracting(RunResult.StageLatency::stage).containsExactly("REJECTED");
        assertThat(analysis.orders().measuredAcked()).isEqualTo(1);
    }

    @Test
    void shouldSplitADeliveredOrdersLatencyIntoHopsThatAddUpToIt() {
        Histories history = Histories.run().baseline(DRUG, 100, 100, 0, 0);
        history.sent("r1-w-1", DRUG, 1, true).deliver("r1-w-1", DRUG, 1);
        history.order("r1-p0-2", DRUG, 1).reject("r1-p0-2", DRUG);
        history.order("r1-p0-1", DRUG, 1);
        long intendedAt = history.now() - 10 - 5;
        history.deliver("r1-p0-1", DRUG, 1);
        long readAt = history.now() - 10; // the DELIVERED notification, read just before the RELEASE

        RunAnalysis analysis = RunAnalysis.of(history.build());

        assertThat(analysis.hops()).extracting(RunResult.Hop::via).containsExactly("order-placed", "stock-commands",
                "manufacturer", "drug-manufactured", "transport", "shipment-status", "notifications");
        assertThat(analysis.hops()).extracting(RunResult.Hop::count).containsOnly(1L);
        double sum = analysis.hops().stream().mapToDouble(hop -> hop.latencyMs().max()).sum();
        assertThat(sum).isCloseTo(readAt - intendedAt, org.assertj.core.api.Assertions.within(0.5));
        assertThat(analysis.hops().get(0).latencyMs().max()).isCloseTo(intendedAt + 5 + 10 + 10 + 7 - intendedAt,
                org.assertj.core.api.Assertions.within(0.1));
    }

    @Test
    void shouldLeaveHopsEmptyWhenNoMeasuredOrderWasDelivered() {
        Histories history = Histories.run().baseline(DRUG, 100, 100, 0, 0);
        history.order("r1-p0-1", DRUG, 1).reject("r1-p0-1", DRUG);

        assertThat(RunAnalysis.of(history.build()).hops()).isEmpty();
    }

    @Test
    void shouldBuildTheSummaryFromTheAnalysis() {
        RunResult result = clean().analyse().result(java.util.Map.of("orders", 3), 12.5);

        assertThat(result.verdict()).isEqualTo(Verdict.PASS);
        assertThat(result.scenario()).isEqualTo("test");
        assertThat(result.throughput().recordsPerSec()).isEqualTo(12.5);
        assertThat(result.orders().ok().count()).isEqualTo(3);
        assertThat(List.of(result.interrupted())).containsExactly(false);
    }
}
