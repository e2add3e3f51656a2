package io.supplychaos.result;

/**
 * What a run proves, in one word (summary.json's {@code verdict}; the exit code of {@code run} and
 * {@code check}: 0 for PASS, 1 for anything else).
 */
public enum Verdict {
    /** Every rule held: nothing lost, duplicated, stuck, unseen or leaked beyond what the scenario allows. */
    PASS,
    /** At least one rule broke; the judgement's violations say which. */
    FAIL,
    /** Ctrl-C cut the run short: its results are partial and judge nothing. */
    INTERRUPTED,
    /** The tool itself failed (a consumer, the recorder, a phase): nothing about the system under test is proven. */
    ERROR
}
