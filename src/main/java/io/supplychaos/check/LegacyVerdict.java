package io.supplychaos.check;

import io.supplychaos.history.Expectations;

import java.util.ArrayList;
import java.util.List;

/**
 * Today's runner's verdict, kept until the runner judges with {@link RunAnalysis}: delete then.
 * A run's verdict against its expectations: PASS when every expectation held, FAIL otherwise,
 * with one line per broken expectation. Loss the scenario expects is never a violation, but it
 * is still counted (as expected loss) so that it is reported, not hidden.
 */
@Deprecated
public record LegacyVerdict(boolean pass, List<String> violations, long expectedLost) {

    public Verdict verdict() {
        return pass ? Verdict.PASS : Verdict.FAIL;
    }

    /**
     * @param p99Ms             the measured p99 latency
     * @param ordersPerSec      the measured throughput
     * @param worstRecoverySeconds the slowest fault recovery, or null when no fault or one never recovered
     * @param unrecoveredFaults faults after which orders never completed again at the earlier rate
     */
    public static LegacyVerdict judge(CheckResult result, Expectations expect, double p99Ms, double ordersPerSec,
                                Double worstRecoverySeconds, List<String> unrecoveredFaults) {
        List<String> violations = new ArrayList<>();
        long lost = result.lost().size();
        long expectedLost = expect.lossExpected() ? lost : 0;
        if (!expect.lossExpected() && expect.lost() != null && lost > expect.lost()) {
            violations.add("lost " + lost + " acknowledged orders (expected at most " + expect.lost() + "), e.g. "
                    + sample(result.lost()));
        }
        if (expect.duplicates() != null && result.duplicates() > expect.duplicates()) {
            violations.add("duplicates " + result.duplicates() + " (expected at most " + expect.duplicates()
                    + "), e.g. " + sample(result.duplicateStates()));
        }
        if (expect.outOfOrder() != null && result.outOfOrder().size() > expect.outOfOrder()) {
            violations.add("out of order " + result.outOfOrder().size() + " orders (expected at most "
                    + expect.outOfOrder() + "), e.g. " + sample(result.outOfOrder()));
        }
        if (Boolean.TRUE.equals(expect.inventoryConserved()) && !result.inventoryViolations().isEmpty()) {
            violations.add("inventory not conserved: " + sample(result.inventoryViolations()));
        }
        if (expect.maxP99Ms() != null && p99Ms > expect.maxP99Ms()) {
            violations.add(String.format("p99 latency %.1f ms (expected at most %.1f ms)", p99Ms, expect.maxP99Ms()));
        }
        if (expect.minOrdersPerSec() != null && ordersPerSec < expect.minOrdersPerSec()) {
            violations.add(String.format("throughput %.1f orders/s (expected at least %.1f)", ordersPerSec,
                    expect.minOrdersPerSec()));
        }
        if (expect.maxRecoverySeconds() != null) {
            unrecoveredFaults.forEach(fault -> violations.add("no recovery after " + fault));
            if (worstRecoverySeconds != null && worstRecoverySeconds > expect.maxRecoverySeconds()) {
                violations.add(String.format("recovery took %.1f s (expected at most %.1f s)", worstRecoverySeconds,
                        expect.maxRecoverySeconds()));
            }
        }
        return new LegacyVerdict(violations.isEmpty(), List.copyOf(violations), expectedLost);
    }

    /** Today's runner's order accounting in the new shape: the classes it cannot tell apart are empty. */
    public static io.supplychaos.result.RunResult.Orders orders(CheckResult check, long sent, long acked,
                                                                 long expectedLost) {
        io.supplychaos.result.RunResult.OrderClass lost = io.supplychaos.result.RunResult.OrderClass.of(check.lost());
        io.supplychaos.result.RunResult.OrderClass none = io.supplychaos.result.RunResult.OrderClass.none();
        return new io.supplychaos.result.RunResult.Orders(sent, acked, acked, check.completed(), check.rejected(), none,
                new io.supplychaos.result.RunResult.Lost(lost.count(), expectedLost > 0 ? lost : none,
                        expectedLost > 0 ? none : lost), none, none,
                new io.supplychaos.result.RunResult.Duplicates(check.duplicates(), java.util.Map.of(),
                        io.supplychaos.result.RunResult.OrderClass.of(check.duplicateStates()).sample()),
                none, io.supplychaos.result.RunResult.OrderClass.of(check.outOfOrder()), none,
                io.supplychaos.result.RunResult.OrderClass.of(check.neverAcked()),
                io.supplychaos.result.RunResult.OrderClass.of(check.completedUnacked()), none,
                new io.supplychaos.result.RunResult.Stock(
                        io.supplychaos.result.RunResult.OrderClass.of(check.inventoryViolations()), List.of()));
    }

    private static String sample(List<String> items) {
        List<String> shown = items.subList(0, Math.min(5, items.size()));
        return String.join(", ", shown) + (items.size() > shown.size() ? " (+" + (items.size() - shown.size()) + " more)" : "");
    }
}
