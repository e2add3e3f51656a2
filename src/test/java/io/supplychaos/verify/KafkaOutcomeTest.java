package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.supplychaos.result.Verdict;

/**
 * Kafka's verifier output, as its mains print it, read into Kafka's verdict and our reading of the
 * guarantee: a pass, at-least-once duplicates (with Kafka's SUCCESS and with its FAILURE), loss,
 * wrong aggregates, EOS results and a verifier that printed nothing.
 */
class KafkaOutcomeTest {

    private static final String SMOKE_PASS = """
            Verification time=39857
            -------------------
            Result Verification
            -------------------
            recordGenerated=20000
            recordProcessed=20000
            ALL-RECORDS-DELIVERED
            verifying suppressed min-suppressed
            verifying topic 'sum'

            SUCCESS
            """;

    @Test
    void shouldReadACleanSmokePass() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, SMOKE_PASS, "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.PASSED);
        assertThat(outcome.markers()).containsExactly("ALL-RECORDS-DELIVERED", "SUCCESS");
        assertThat(outcome.recordsGenerated()).isEqualTo(20000);
        assertThat(outcome.recordsProcessed()).isEqualTo(20000);
        assertThat(Reading.of(outcome, "exactly_once_v2")).isEqualTo(Reading.CLEAN);
    }

    @Test
    void shouldCallExtraEchoRecordsUnderAtLeastOnceDuplicatesNotAPlainPass() {
        String output = SMOKE_PASS.replace("recordProcessed=20000\n", "recordProcessed=23112\nPROCESSED-MORE-THAN-GENERATED\n");

        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, "");

        assertThat(outcome.passed()).isTrue();
        assertThat(Reading.of(outcome, "at_least_once")).isEqualTo(Reading.AT_LEAST_ONCE_DUPLICATES);
        assertThat(Reading.of(outcome, "exactly_once_v2")).as("the same marker under EOS is a violation")
                .isEqualTo(Reading.DUPLICATES);
    }

    @Test
    void shouldBlameTheInputWhenTheInputTopicItselfHoldsTheExtraRecords() {
        String generation = "2026-11-23T23:00:01Z 19900 records produced\nretry producing 19-1018\n";
        String output = """
                {dif=120, data=20006, echo=20001, sum=60}
                recordGenerated=20000
                recordProcessed=20001
                PROCESSED-MORE-THAN-GENERATED
                ALL-RECORDS-DELIVERED
                cnt fail: key=19-1018 actual=1001 expected=1000
                FAILURE
                """;

        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, generation);

        assertThat(outcome.recordsRead()).containsEntry("data", 20006L).containsEntry("echo", 20001L);
        assertThat(outcome.driverRetries()).isEqualTo(1);
        assertThat(outcome.inputBeyondGenerated(Suite.PARTITIONS)).isEqualTo(1);
        assertThat(Reading.of(outcome, "exactly_once_v2")).isEqualTo(Reading.INPUT_DUPLICATES);
    }

    @Test
    void shouldBlameProcessingWhenTheInputHoldsExactlyWhatWasGenerated() {
        String output = """
                {dif=120, data=20005, echo=20001, sum=60}
                recordGenerated=20000
                recordProcessed=20001
                PROCESSED-MORE-THAN-GENERATED
                FAILURE
                """;

        assertThat(Reading.of(KafkaOutcome.read(Suite.SMOKE, output, ""), "exactly_once_v2")).isEqualTo(Reading.DUPLICATES);
    }

    @Test
    void shouldKeepKafkasFailureWhenAtLeastOnceDuplicatesBreakASuppressedResult() {
        String output = """
                recordGenerated=20000
                recordProcessed=21877
                PROCESSED-MORE-THAN-GENERATED
                ALL-RECORDS-DELIVERED
                verifying suppressed sws-suppressed
                fail: key=[5-1004@1795300000000/1795300002000]
                \tnon-unique result:
                FAILURE
                """;

        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
        assertThat(outcome.failures()).anyMatch(line -> line.startsWith("fail: key="));
        assertThat(Reading.of(outcome, "at_least_once")).isEqualTo(Reading.AT_LEAST_ONCE_DUPLICATES);
    }

    @Test
    void shouldReadMissingEchoRecordsAsLoss() {
        String output = """
                recordGenerated=20000
                recordProcessed=19950
                PROCESSED-LESS-THAN-GENERATED
                missedRecords=19950
                min fail: key=3-1002 actual=4 expected=3
                FAILURE
                """;

        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
        assertThat(Reading.of(outcome, "exactly_once_v2")).isEqualTo(Reading.LOSS);
    }

    @Test
    void shouldReadAFailureWithMatchingCountsAsAWrongResult() {
        String output = """
                recordGenerated=20000
                recordProcessed=20000
                ALL-RECORDS-DELIVERED
                avg fail: key=7-1006 actual=506.0 expected=506.5
                FAILURE
                """;

        assertThat(Reading.of(KafkaOutcome.read(Suite.SMOKE, output, ""), "exactly_once_v2")).isEqualTo(Reading.WRONG_RESULT);
    }

    @Test
    void shouldBlameTheDayBoundaryWhenTheInputCrossedMidnightUtc() {
        String output = """
                recordGenerated=20000
                recordProcessed=20000
                ALL-RECORDS-DELIVERED
                fail: resultCount=40 expectedCount=20
                min fail: key=13-1012 actual=430 expected=13
                FAILURE
                """;
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, "");

        assertThat(Reading.of(outcome, "exactly_once_v2", 0L, true)).isEqualTo(Reading.DAY_BOUNDARY);
        assertThat(Reading.of(outcome, "exactly_once_v2", 0L, false)).isEqualTo(Reading.WRONG_RESULT);
        assertThat(VerifyRunner.utcDay(1_795_478_399_999L)).isNotEqualTo(VerifyRunner.utcDay(1_795_478_400_000L));
    }

    @Test
    void shouldBlameTheDayBoundaryBeforeInputDuplicatesWhenBothHappened() {
        // given the output of a CI run at_least_once under broker bounces that crossed midnight UTC:
        // the driver wrote 16 records twice, and the counts fell short because each key's values
        // landed in two day windows
        String output = """
                recordGenerated=20000
                recordProcessed=20016
                PROCESSED-MORE-THAN-GENERATED
                ALL-RECORDS-DELIVERED
                min-suppressed fail: key=[8-1007@1795737600000/1795824000000] actual=50 expected=8
                min fail: key=13-1012 actual=38 expected=13
                dif fail: key=13-1012 actual=974 expected=999
                sum fail: key=13-1012 actual=511424 expected=512500
                cnt fail: key=13-1012 actual=965 expected=1000
                FAILURE
                """;
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, output, "");

        // when read with the 16 extra copies the input audit counted, across midnight and not
        // then the day boundary explains the failed checks; the duplicates alone explain only the extra records
        assertThat(Reading.of(outcome, "at_least_once", 16L, true)).isEqualTo(Reading.DAY_BOUNDARY);
        assertThat(Reading.of(outcome, "at_least_once", 16L, false)).isEqualTo(Reading.INPUT_DUPLICATES);
    }

    @Test
    void shouldReadALossAsALossEvenAcrossMidnight() {
        String output = """
                recordGenerated=20000
                recordProcessed=19990
                PROCESSED-LESS-THAN-GENERATED
                missedRecords=10
                FAILURE
                """;

        assertThat(Reading.of(KafkaOutcome.read(Suite.SMOKE, output, ""), "at_least_once", 0L, true))
                .isEqualTo(Reading.LOSS);
    }

    @Test
    void shouldHaveNoVerdictWhenTheSmokeDriverPrintedNone() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, "Echo records processed = 1900\n", "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.NONE);
        assertThat(Reading.of(outcome, "exactly_once_v2")).isEqualTo(Reading.NO_VERDICT);
    }

    @Test
    void shouldReadTheEosVerifiersPassAndTheDriversRecordCount() {
        String verifier = """
                read end offset: {data-0=120}
                ALL-RECORDS-DELIVERED
                """;
        String driver = "2000 records produced\nTerminating\nProducer closed: 10234 records produced\n";

        KafkaOutcome outcome = KafkaOutcome.read(Suite.EOS, verifier, driver);

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.PASSED);
        assertThat(outcome.recordsGenerated()).isEqualTo(10234);
        assertThat(Reading.of(outcome, "exactly_once_v2")).isEqualTo(Reading.CLEAN);
    }

    @Test
    void shouldReadAnEosVerifierExceptionAsDuplicatesOrLossByItsCounts() {
        String more = "Exception in thread \"main\" java.lang.RuntimeException: Result verification failed: "
                + "expected 1200 records for min-3 but received 1212\n\tat org.apache.kafka.streams.tests.EosTestDriver";
        String fewer = more.replace("received 1212", "received 1190");

        KafkaOutcome duplicated = KafkaOutcome.read(Suite.EOS, more, "");
        KafkaOutcome lost = KafkaOutcome.read(Suite.EOS, fewer, "");

        assertThat(duplicated.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
        assertThat(Reading.of(duplicated, "exactly_once_v2")).isEqualTo(Reading.DUPLICATES);
        assertThat(Reading.of(lost, "exactly_once_v2")).isEqualTo(Reading.LOSS);
    }

    @Test
    void shouldReadTheEosVerifiersFailedMarker() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.EOS_COMPLEX, "java.lang.RuntimeException: boom\nFAILED\n", "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
        assertThat(outcome.markers()).containsExactly("FAILED");
    }

    @Test
    void shouldFailWhenTheEosVerifierPrintedFailedBesideAllRecordsDelivered() {
        // given an EOS verifier that found every record but also printed its FAILED marker
        String verifier = """
                ALL-RECORDS-DELIVERED
                FAILED
                """;

        // when it is read
        KafkaOutcome outcome = KafkaOutcome.read(Suite.EOS, verifier, "");

        // then the FAILED line wins: a pass marker never hides a failure marker
        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
        assertThat(outcome.passed()).isFalse();
    }

    @Test
    void shouldFailWhenTheSmokeDriverPrintedFailedBesideSuccess() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, SMOKE_PASS + "FAILED\n", "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
    }

    @Test
    void shouldFailWhenTheSmokeDriverPrintedBothSuccessAndFailure() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, SMOKE_PASS + "FAILURE\n", "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
    }

    @Test
    void shouldFailWhenOnlyAFailedMarkerAndNoSuccessMarkerWasPrinted() {
        KafkaOutcome outcome = KafkaOutcome.read(Suite.SMOKE, "recordGenerated=20000\nFAILED\n", "");

        assertThat(outcome.verdict()).isEqualTo(KafkaOutcome.Verdict.FAILED);
    }
}
