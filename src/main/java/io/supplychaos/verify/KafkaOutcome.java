package io.supplychaos.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/**
 * What Kafka's verifier said, read from its output: whether it passed (smoke: a {@code SUCCESS}
 * line; EOS: {@code ALL-RECORDS-DELIVERED}; either way no {@code FAILED} or {@code FAILURE} line), the marker lines it printed, its record counts and its
 * failure lines. A pure function of the text; {@link Reading} says what the markers mean.
 *
 * @param verdict          PASSED, FAILED, or NONE when the verifier printed neither (it crashed or
 *                         was stopped at its deadline)
 * @param markers          Kafka's marker lines, in order, as printed
 * @param recordsGenerated the driver's count of input records (smoke: recordGenerated; EOS: "Producer
 *                         closed: N records produced"), null when not printed
 * @param recordsProcessed smoke: the echo records the verifier read (recordProcessed); null for EOS
 * @param failures         the verifier's lines that say what failed ("sum fail: key=...", "Result
 *                         verification failed ...", "FAIL: ..."), at most {@link #MAX_FAILURES}
 * @param recordsRead      smoke: the records the verifier read per topic (its last progress line,
 *                         {@code data} included: the input as the cluster holds it); empty for EOS
 * @param driverRetries    smoke: sends the driver retried after a TimeoutException ("retry
 *                         producing"): each may have been written twice
 */
public record KafkaOutcome(Verdict verdict, List<String> markers, Long recordsGenerated, Long recordsProcessed,
                           List<String> failures, Map<String, Long> recordsRead, int driverRetries) {

    /** Kafka's verdict as its own system tests read it. */
    public enum Verdict { PASSED, FAILED, NONE }

    public static final String ALL_DELIVERED = "ALL-RECORDS-DELIVERED";
    public static final String MORE_THAN_GENERATED = "PROCESSED-MORE-THAN-GENERATED";
    public static final String LESS_THAN_GENERATED = "PROCESSED-LESS-THAN-GENERATED";
    public static final String SUCCESS = "SUCCESS";
    public static final String FAILURE = "FAILURE";
    /** EosTestDriver.verify prints this when reading the results threw. */
    public static final String FAILED = "FAILED";
    static final int MAX_FAILURES = 20;

    private static final Set<String> MARKERS = Set.of(ALL_DELIVERED, MORE_THAN_GENERATED, LESS_THAN_GENERATED,
            SUCCESS, FAILURE, FAILED);
    private static final Pattern GENERATED = Pattern.compile("^recordGenerated=(\\d+)$");
    private static final Pattern PROCESSED = Pattern.compile("^recordProcessed=(\\d+)$");
    private static final Pattern MISSED = Pattern.compile("^missedRecords=\\d+$");
    private static final Pattern EOS_PRODUCED = Pattern.compile("^Producer closed: (\\d+) records produced$");
    /** The smoke verifier's progress line: {dif=120, data=20005, echo=20000, ...}. */
    private static final Pattern PROGRESS = Pattern.compile("^\\{([a-z-]+=\\d+)(, [a-z-]+=\\d+)*}$");
    private static final String DRIVER_RETRY = "retry producing ";
    private static final Pattern FAILURE_LINE = Pattern.compile(
            "(?i)(\\bfail: |\\bfail\\b.*key=|Result verification failed|^FAIL:|RuntimeException: FAIL|non-unique result"
                    + "|Could not read all verification records|not down after|Failed to produce)");

    public KafkaOutcome {
        markers = List.copyOf(markers);
        failures = List.copyOf(failures);
        recordsRead = Map.copyOf(recordsRead);
    }

    /**
     * Smoke: input records the cluster holds beyond those the driver generated and its end-of-input
     * flush records (one per partition); positive when a retried send was written twice. Null
     * when unknown.
     */
    public Long inputBeyondGenerated(int partitions) {
        Long data = recordsRead.get("data");
        return data == null || recordsGenerated == null ? null : data - recordsGenerated - partitions;
    }

    public boolean passed() {
        return verdict == Verdict.PASSED;
    }

    public boolean has(String marker) {
        return markers.contains(marker);
    }

    /**
     * Reads a suite's verification output.
     *
     * @param verification the smoke driver's output after its generation marker, or the EOS
     *                     verifier's whole output
     * @param driver       the driver's output before the verification: the EOS driver's (its record
     *                     count), the smoke driver's generation (its retried sends)
     */
    public static KafkaOutcome read(Suite suite, String verification, String driver) {
        List<String> markers = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Long generated = null;
        Long processed = null;
        Map<String, Long> read = new TreeMap<>();
        for (String raw : verification.split("\\R")) {
            String line = raw.strip();
            if (PROGRESS.matcher(line).matches()) {
                read.clear();
                for (String entry : line.substring(1, line.length() - 1).split(", ")) {
                    int eq = entry.indexOf('=');
                    read.put(entry.substring(0, eq), Long.parseLong(entry.substring(eq + 1)));
                }
            }
            if (MARKERS.contains(line) || MISSED.matcher(line).matches()) {
                markers.add(line);
            }
            Matcher m = GENERATED.matcher(line);
            if (m.matches()) {
                generated = Long.parseLong(m.group(1));
            }
            m = PROCESSED.matcher(line);
            if (m.matches()) {
                processed = Long.parseLong(m.group(1));
            }
            if (failures.size() < MAX_FAILURES && FAILURE_LINE.matcher(line).find()) {
                failures.add(line.length() > 400 ? line.substring(0, 400) + "..." : line);
            }
        }
        int retries = 0;
        for (String raw : driver.split("\\R")) {
            Matcher m = EOS_PRODUCED.matcher(raw.strip());
            if (m.matches()) {
                generated = Long.parseLong(m.group(1));
            }
            if (raw.startsWith(DRIVER_RETRY)) {
                retries++;
            }
        }
        return new KafkaOutcome(verdict(suite, markers, failures), markers, generated, processed, failures, read,
                retries);
    }

    /**
     * Passed only with the suite's success marker (smoke: {@code SUCCESS}; EOS:
     * {@code ALL-RECORDS-DELIVERED}, which EosTestDriver.verify prints last, when every check passed)
     * and no failure marker ({@code FAILED}, {@code FAILURE}) anywhere: a failure line is never
     * outweighed by a success line. Failed on a failure marker, or on failure lines without a
     * success marker (a failed EOS check throws); no verdict when the verifier printed neither.
     */
    private static Verdict verdict(Suite suite, List<String> markers, List<String> failures) {
        boolean failed = markers.contains(FAILED) || markers.contains(FAILURE);
        boolean succeeded = markers.contains(suite.driverVerifies() ? SUCCESS : ALL_DELIVERED);
        if (failed) {
            return Verdict.FAILED;
        }
        if (succeeded) {
            return Verdict.PASSED;
        }
        return suite.driverVerifies() || failures.isEmpty() ? Verdict.NONE : Verdict.FAILED;
    }
}
