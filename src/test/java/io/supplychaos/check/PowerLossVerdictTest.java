package io.supplychaos.check;

import static io.supplychaos.check.Histories.CONFIRMATIONS;
import static io.supplychaos.check.Histories.MANUFACTURED;
import static io.supplychaos.check.Histories.STOCK;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.Expectations;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.result.Verdict;

/**
 * The verdict of a run with an all-replica power loss, judged from the history alone: the loss the
 * scenario expects ({@code lost: expected, minLost: N}) is named and required, orders the power loss
 * left stuck (placed at an offset Kafka handed out again after the cut, or cut mid-chain) are put down
 * to it, and the stock is not judged across a store the power loss rolled back.
 */
class PowerLossVerdictTest {

    private static final String DRUG = "aspirin";

    /**
     * What a default-flush run records: two orders acknowledged and processed before the power loss,
     * gone from order-placed after it; after the heal the partition starts again at offset 0, and the
     * order placed there (an offset handed out before the power loss) is never completed, while the
     * one at a new offset is.
     */
    private static Histories defaultFlush(Expectations expect) {
        return Histories.run(expect, "all").partition(0, 1, 1, 2, 3)
                .baseline(DRUG, 100, 100, 0, 0)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0).process("r1-p0-1", DRUG, 1)
                .orderAt("r1-p0-2", DRUG, 2, 0, 1).process("r1-p0-2", DRUG, 2)
                .stock(DRUG, 100, 0, 97, 0, 3)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .orderAt("r1-p0-3", DRUG, 1, 0, 0).placed("r1-p0-3")
                .orderAt("r1-p0-4", DRUG, 1, 0, 2).placed("r1-p0-4").process("r1-p0-4", DRUG, 1)
                .stock(DRUG, 100, 0, 99, 0, 1);
    }

    @Test
    void theLossTheScenarioExpectsPassesWithTheLostOrdersNamedAndTheReusedOffsetsStuckOrderPutDownToThePowerLoss() {
        // given a default-flush history and a scenario that expects at least one order lost
        RunAnalysis analysis = defaultFlush(Histories.lossExpectedAtLeast(1)).analyse();

        // then the two orders are lost to the power loss, named, and the order placed at offset 0 again is its doing
        assertThat(analysis.judgement().violations()).isEmpty();
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        assertThat(analysis.orders().lost().toPowerLoss().sample()).containsExactly("r1-p0-1", "r1-p0-2");
        assertThat(analysis.orders().stuckByPowerLoss().sample()).containsExactly("r1-p0-3");
        assertThat(analysis.judgement().notes())
                .anyMatch(n -> n.startsWith("lost to power loss: 2 acknowledged orders") && n.contains("r1-p0-1, r1-p0-2"))
                .anyMatch(n -> n.startsWith("stuck by power loss: 1 orders") && n.contains("r1-p0-3")
                        && n.contains("offset 0 of order-placed-0"))
                .anyMatch(n -> n.startsWith("stock not judged across the power loss") && n.contains(DRUG));
    }

    @Test
    void aScenarioThatExpectsLossFailsWhenNothingWasLost() {
        // given the same power loss, but every order acknowledged before it survived and completed
        RunAnalysis analysis = Histories.run(Histories.lossExpectedAtLeast(1), "all").partition(0, 1, 1, 2, 3)
                .baseline(DRUG, 100, 100, 0, 0)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0).deliver("r1-p0-1", DRUG, 1)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .stock(DRUG, 100, 0, 99, 0, 1).analyse();

        // then the loss the scenario sets out to show did not happen: FAIL, saying so
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations())
                .containsExactly("lost 0 acknowledged orders, fewer than the scenario expects (minLost 1):"
                        + " the loss it sets out to show did not happen");
    }

    @Test
    void anOrderStuckAtAnOffsetNeverHandedOutBeforeThePowerLossStaysStuck() {
        // given an order acknowledged after the power loss at an offset beyond every offset acknowledged before it
        RunAnalysis analysis = Histories.run(Histories.lossExpectedAtLeast(1), "all").partition(0, 1, 1, 2, 3)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .orderAt("r1-p0-2", DRUG, 1, 0, 5).placed("r1-p0-2").analyse();

        // then nothing about the power loss explains it: stuck, FAIL
        assertThat(analysis.orders().stuckByPowerLoss().count()).isZero();
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("stuck 1 orders") && v.contains("r1-p0-2"));
    }

    @Test
    void anOrderCutMidChainByThePowerLossIsPutDownToIt() {
        // given an order acknowledged before the power loss whose order-placed record survived, read as CONFIRMED
        // before the power loss, and never completed after it
        RunAnalysis analysis = Histories.run(Histories.lossExpectedAtLeast(1), "all").partition(0, 1, 1, 2, 3)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0)
                .orderAt("r1-p0-2", DRUG, 1, 0, 1).placed("r1-p0-2")
                .see(STOCK, "r1-p0-2", "RESERVE", DRUG, 1).see(CONFIRMATIONS, "r1-p0-2", "CONFIRMED", "r1-p0-2", 1)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).analyse();

        // then it is stuck by the power loss, and the run passes with r1-p0-1 lost to it
        assertThat(analysis.orders().stuckByPowerLoss().sample()).containsExactly("r1-p0-2");
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void ordersStuckByAPowerLossFailAScenarioThatAcceptsNoLoss() {
        // given flush-every-message's promise (lost: 0) and the default-flush history
        RunAnalysis analysis = defaultFlush(Expectations.strict()).analyse();

        // then both the loss and the stuck order are violations
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations()).anyMatch(v -> v.startsWith("lost 2 acknowledged orders"))
                .anyMatch(v -> v.startsWith("stuck 1 orders") && v.contains("r1-p0-3"));
    }

    @Test
    void stockThatWentBackWithoutAPowerLossIsStillJudged() {
        // given shipped falling from 3 to 1 with no power loss in the run
        RunAnalysis analysis = Histories.run().baseline(DRUG, 100, 100, 0, 0)
                .order("r1-p0-1", DRUG, 3).deliver("r1-p0-1", DRUG, 3).stock(DRUG, 100, 0, 97, 0, 3)
                .stock(DRUG, 100, 0, 99, 0, 1).analyse();

        // then the last record is judged against the deliveries: a violation
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations()).anyMatch(v -> v.contains("shipped grew by 1"));
    }
    /**
     * A history whose power loss cut one order mid-chain unevenly: r1-p0-2 was acknowledged before
     * it, its records on shipment-status were cut while its notifications and its RELEASE survived,
     * and r1-p0-3, also acknowledged before it, had its RESERVE written again after the app came back
     * from a cut changelog. r1-p0-1 is lost to the power loss; the stock went back across it.
     */
    private static Histories cutMidChain(Expectations expect) {
        return Histories.run(expect, "all").partition(0, 1, 1, 2, 3)
                .baseline(DRUG, 100, 100, 0, 0)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0).process("r1-p0-1", DRUG, 1)
                .orderAt("r1-p0-2", DRUG, 1, 0, 1).placed("r1-p0-2")
                .orderAt("r1-p0-3", DRUG, 1, 0, 2).placed("r1-p0-3")
                .see(STOCK, "r1-p0-3", "RESERVE", DRUG, 1)
                .stock(DRUG, 100, 0, 97, 1, 2)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .see(STOCK, "r1-p0-2", "RESERVE", DRUG, 1).see(CONFIRMATIONS, "r1-p0-2", "CONFIRMED", "r1-p0-2", 1)
                .see(MANUFACTURED, "r1-p0-2", "MANUFACTURED", "r1-p0-2", 1)
                .notify("r1-p0-2", "CONFIRMED", "DISPATCHED", "IN_TRANSIT", "DELIVERED")
                .see(STOCK, "r1-p0-2", "RELEASE", DRUG, 1)
                .process("r1-p0-3", DRUG, 1)
                .stock(DRUG, 100, 0, 99, 0, 1);
    }

    @Test
    void recordsAPowerLossCutOnOneTopicAndNotAnotherAreNamedAndExcusedWithTheLossTheScenarioExpects() {
        // given an order whose shipment-status records were cut while its notifications and RELEASE
        // survived, and another whose RESERVE the app wrote again, both acknowledged before the power loss
        RunAnalysis analysis = cutMidChain(Histories.lossExpectedAtLeast(1)).analyse();

        // then both are cut by the power loss, named with what shows it, and the run passes
        assertThat(analysis.judgement().violations()).isEmpty();
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
        assertThat(analysis.orders().cutByPowerLoss().sample()).containsExactly(
                "r1-p0-2 (DELIVERED without DISPATCHED on shipment-status; stock-commands RELEASE x1 (explained: 0))",
                "r1-p0-3 (stock-commands RESERVE x2 (explained: 1))");
        assertThat(analysis.orders().incompleteLifecycle().count()).isEqualTo(1);
        assertThat(analysis.orders().duplicates().count()).isEqualTo(2);
        assertThat(analysis.judgement().notes())
                .anyMatch(n -> n.startsWith("cut by power loss: 2 orders") && n.contains("expected with the loss"));
    }

    @Test
    void theSameCutFailsAScenarioThatExpectsNoLoss() {
        // given the same history under flush-every-message's promise (lost: 0)
        RunAnalysis analysis = cutMidChain(Expectations.strict()).analyse();

        // then the gap, the repeats and the stock commands beyond what deliveries explain are violations
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations())
                .anyMatch(v -> v.startsWith("incomplete lifecycle for 1 orders") && v.contains("r1-p0-2"))
                .anyMatch(v -> v.startsWith("duplicates 2 (expected at most 0)"))
                .anyMatch(v -> v.startsWith("stock: ") && v.contains("RESERVE seen 2 times for order r1-p0-3"));
        assertThat(analysis.judgement().notes())
                .anyMatch(n -> n.startsWith("cut by power loss: 2 orders") && n.contains("not excused"));
    }

    @Test
    void anOrderAcknowledgedAfterThePowerLossIsHeldToEveryRule() {
        // given an order acknowledged once the brokers ran again, with a gap and a repeated RESERVE, beside
        // an order lost to the power loss
        RunAnalysis analysis = Histories.run(Histories.lossExpectedAtLeast(1), "all").partition(0, 1, 1, 2, 3)
                .orderAt("r1-p0-1", DRUG, 1, 0, 0).process("r1-p0-1", DRUG, 1)
                .fault(FaultPhase.INJECTED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .fault(FaultPhase.HEALED, "power-loss", "all", FaultSource.SCHEDULE, null).tickBy(1000)
                .orderAt("r1-p0-2", DRUG, 1, 0, 1).placed("r1-p0-2")
                .see(STOCK, "r1-p0-2", "RESERVE", DRUG, 1).see(STOCK, "r1-p0-2", "RESERVE", DRUG, 1)
                .see(CONFIRMATIONS, "r1-p0-2", "CONFIRMED", "r1-p0-2", 1)
                .see(MANUFACTURED, "r1-p0-2", "MANUFACTURED", "r1-p0-2", 1)
                .notify("r1-p0-2", "CONFIRMED", "DISPATCHED", "IN_TRANSIT", "DELIVERED").analyse();

        // then nothing about the power loss explains it: FAIL on the gap and the repeat
        assertThat(analysis.orders().cutByPowerLoss().count()).isZero();
        assertThat(analysis.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(analysis.judgement().violations())
                .anyMatch(v -> v.startsWith("incomplete lifecycle for 1 orders") && v.contains("r1-p0-2"))
                .anyMatch(v -> v.startsWith("duplicates 1 (expected at most 0)"));
    }
}
