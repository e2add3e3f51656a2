package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.RunResult.FaultEvent;
import io.supplychaos.result.Verdict;

/**
 * A verify run's verdict from Kafka's output, the guarantee and the schedule as played: Kafka's
 * streams_smoke_test rule for at_least_once processors it SIGKILLed (PROCESSED-MORE-THAN-GENERATED
 * passes, FAILURE or not, as long as nothing was lost), and nowhere else.
 */
class VerifyJudgementTest {

    /** What the smoke driver printed in a CI run: app 1 SIGKILLed twice under at_least_once. */
    private static final String SUPPRESSED_TWICE = """
            recordGenerated=20000
            recordProcessed=33412
            PROCESSED-MORE-THAN-GENERATED
            ALL-RECORDS-DELIVERED
            verifying suppressed min-suppressed
            fail: key=[5-1004@1795691722000/1795691724000]
            \tnon-unique result:
            FAILURE
            """;
    private static final FaultEvent KILL = new FaultEvent("kill-app", "app:1", null, "schedule", 15_000, 20_000L, null);
    private static final FaultEvent BOUNCE = new FaultEvent("restart-broker", "1", null, "schedule", 12_000, 14_000L, null);

    private static VerifyRunner.Judgement judge(String guarantee, List<FaultEvent> faults, String output) {
        KafkaOutcome kafka = KafkaOutcome.read(Suite.SMOKE, output, "");
        return VerifyRunner.judge(Suite.SMOKE, guarantee, false, List.of(), faults, kafka,
                Reading.of(kafka, guarantee, 0L, false));
    }

    @Test
    void shouldPassDuplicatesFromKilledAtLeastOnceProcessorsAsKafkasSmokeTestDoesEvenWhenItPrintedFailure() {
        // given: a suppressed window emitted twice after a SIGKILL, nothing lost
        // when
        VerifyRunner.Judgement judgement = judge("at_least_once", List.of(KILL, KILL), SUPPRESSED_TWICE);

        // then
        assertThat(judgement.verdict()).isEqualTo(Verdict.PASS);
        assertThat(judgement.why()).contains("streams_smoke_test accepts PROCESSED-MORE-THAN-GENERATED")
                .contains("2 kill-app").contains("at-least-once duplicates").contains("non-unique result");
    }

    @Test
    void shouldPassDuplicatesThatKafkasVerifierItselfPassedWithKafkasOwnWords() {
        String success = SUPPRESSED_TWICE.replace("fail: key=[5-1004@1795691722000/1795691724000]\n\tnon-unique result:\n"
                + "FAILURE\n", "SUCCESS\n");

        VerifyRunner.Judgement judgement = judge("at_least_once", List.of(KILL), success);

        assertThat(judgement).isEqualTo(new VerifyRunner.Judgement(Verdict.PASS, "Kafka's verifier passed under 1 fault(s)"));
    }

    @Test
    void shouldFailTheSameOutputWithoutAnAppKillUnderExactlyOnceOrWithRecordsLost() {
        assertThat(judge("at_least_once", List.of(BOUNCE), SUPPRESSED_TWICE).verdict())
                .as("no processor was killed: Kafka's rule for crashes does not apply").isEqualTo(Verdict.FAIL);
        assertThat(judge("at_least_once", List.of(), SUPPRESSED_TWICE).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(judge("exactly_once_v2", List.of(KILL), SUPPRESSED_TWICE).verdict())
                .as("duplicates under exactly-once").isEqualTo(Verdict.FAIL);
        String lost = SUPPRESSED_TWICE.replace("ALL-RECORDS-DELIVERED\n", "missedRecords=3\n");
        assertThat(judge("at_least_once", List.of(KILL), lost).verdict()).as("more processed, yet records missed")
                .isEqualTo(Verdict.FAIL);
        String wrongOnly = SUPPRESSED_TWICE.replace("recordProcessed=33412\nPROCESSED-MORE-THAN-GENERATED\n",
                "recordProcessed=20000\n");
        assertThat(judge("at_least_once", List.of(KILL), wrongOnly).verdict())
                .as("a wrong result without duplicates has nothing at-least-once explains").isEqualTo(Verdict.FAIL);
    }

    @Test
    void shouldPutAFaultThatDidNotPlayBeforeKafkasVerdict() {
        FaultEvent failed = new FaultEvent("kill-app", "app:1", null, "schedule", 15_000, null, null, "no such instance");

        VerifyRunner.Judgement judgement = judge("at_least_once", List.of(failed), SUPPRESSED_TWICE);

        assertThat(judgement.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(judgement.why()).startsWith("the fault schedule did not play as written: kill-app app:1");
    }

    @Test
    void shouldPassACleanSuccessAndSayUnderHowManyFaults() {
        String success = "recordGenerated=20000\nrecordProcessed=20000\nALL-RECORDS-DELIVERED\nSUCCESS\n";

        assertThat(judge("exactly_once_v2", List.of(BOUNCE), success))
                .isEqualTo(new VerifyRunner.Judgement(Verdict.PASS, "Kafka's verifier passed under 1 fault(s)"));
    }
}
