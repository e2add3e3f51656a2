package io.supplychaos.verify;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.supplychaos.result.Verdict;

/**
 * What Kafka's markers mean for the guarantee the suite ran under: our reading, printed beside
 * Kafka's own verdict and never replacing it. A smoke run under at_least_once whose verifier saw
 * more echo records than were generated lost nothing: at-least-once allows the duplicates, and
 * Kafka's own streams_smoke_test accepts {@code PROCESSED-MORE-THAN-GENERATED} when it crashes
 * at_least_once processors. The same marker under exactly_once_v2 is a violation.
 */
public enum Reading {
    /** Kafka's verifier passed and saw exactly as many records as were generated. */
    CLEAN("every record processed exactly as generated"),
    /** At-least-once duplicates, nothing lost: what the guarantee allows. */
    AT_LEAST_ONCE_DUPLICATES("at-least-once duplicates: more records processed than generated, none lost "
            + "(at_least_once allows this; Kafka's streams_smoke_test accepts it when processors crash)"),
    /**
     * The input topic itself holds records twice: Kafka's smoke driver resends a record whose send
     * failed with a TimeoutException, and a send that timed out may still have been written. The
     * app processed what it was given: the duplicates are the driver's, not the Streams app's.
     */
    INPUT_DUPLICATES("input duplicated before the app: the input topic holds more records than Kafka's driver "
            + "generated, and the app processed what it was given; the processing guarantee is not what failed"),
    /** Duplicates under exactly-once: a violation of the guarantee. */
    DUPLICATES("duplicates under exactly_once_v2: more records processed than generated"),
    /** Records generated but never processed (or never committed). */
    LOSS("records lost: fewer records processed than generated"),
    /** The counts match but an aggregate or a suppressed result is wrong. */
    WRONG_RESULT("wrong results: an aggregate or suppressed result differs from what the input implies"),
    /**
     * Smoke: the input was written across midnight UTC. The app's min (and dif, min-suppressed) is
     * computed over 1-day windows aligned to UTC days (its records are stamped two days back), so
     * each key's values fall into two windows and the verifier's min checks cannot hold, fault or
     * not: a limit of Kafka's suite, not a result.
     */
    DAY_BOUNDARY("wrong results by construction: the input crossed midnight UTC, so Kafka's smoke app split each "
            + "key's 1-day min window in two; rerun away from midnight UTC"),
    /** The verifier printed no verdict: it crashed, or was stopped at its deadline. */
    NO_VERDICT("no verdict: Kafka's verifier ended without printing one");

    private static final Pattern EOS_COUNTS = Pattern.compile("expected (\\d+) records for \\S+ but received (\\d+)");

    private final String text;

    Reading(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static Reading of(KafkaOutcome outcome, String guarantee) {
        return of(outcome, guarantee, outcome.inputBeyondGenerated(Suite.PARTITIONS), false);
    }

    /**
     * @param inputExtraCopies records the input topic holds twice (the {@link InputAudit}'s count, or
     *                         what the verifier's own counts imply), null when unknown
     * @param acrossMidnight   smoke: the input was written across midnight UTC
     */
    public static Reading of(KafkaOutcome outcome, String guarantee, Long inputExtraCopies, boolean acrossMidnight) {
        if (outcome.verdict() == KafkaOutcome.Verdict.NONE) {
            return NO_VERDICT;
        }
        boolean more = outcome.has(KafkaOutcome.MORE_THAN_GENERATED) || eosCounts(outcome) > 0;
        boolean less = outcome.has(KafkaOutcome.LESS_THAN_GENERATED) || eosCounts(outcome) < 0;
        // the smoke verifier prints missedRecords= whenever some generated value never reached echo
        boolean smokeMissing = outcome.markers().stream().anyMatch(m -> m.startsWith("missedRecords="));
        if (less || smokeMissing) {
            return LOSS;
        }
        // across midnight the min, dif and count checks fail by construction: whatever else the
        // verifier saw (extra records too), its results say nothing about the app
        if (acrossMidnight && !outcome.passed()) {
            return DAY_BOUNDARY;
        }
        if (more) {
            if (inputExtraCopies != null && inputExtraCopies > 0 && outcome.recordsProcessed() != null
                    && outcome.recordsGenerated() != null
                    && outcome.recordsProcessed() - outcome.recordsGenerated() <= inputExtraCopies) {
                return INPUT_DUPLICATES;
            }
            return "at_least_once".equals(guarantee) ? AT_LEAST_ONCE_DUPLICATES : DUPLICATES;
        }
        return outcome.passed() ? CLEAN : WRONG_RESULT;
    }

    /** EOS verifier: +1 when a partition had more results than inputs, -1 fewer, 0 neither. */
    private static int eosCounts(KafkaOutcome outcome) {
        for (String failure : outcome.failures()) {
            Matcher m = EOS_COUNTS.matcher(failure);
            if (m.find()) {
                return Long.compare(Long.parseLong(m.group(2)), Long.parseLong(m.group(1)));
            }
            if (failure.contains("did receive more records than expected")) {
                return 1;
            }
        }
        return 0;
    }
}
