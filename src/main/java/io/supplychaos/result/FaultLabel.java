package io.supplychaos.result;

/**
 * How a fault reads wherever a run's result shows it (charts, tables, the console, verdict lines):
 * what was done to what, resolved, then the selector that chose the broker when there was one.
 * Pure text.
 */
public final class FaultLabel {

    private FaultLabel() {
    }

    /**
     * How any fault reads on charts, tables, the console and verdict lines: what was done to what,
     * resolved ("kill-broker 3", "delay 100 ms, client links, all brokers"), then the selector that
     * chose the broker when there was one ("kill-broker 3 (leader of order-placed:0)"). Never "null":
     * a fault without a detail (summaries of older runs) reads as its action and target.
     *
     * @param target the target as given (an id, "leader-of t:p", "random", "killed", ...), or null
     * @param detail the bound action's own description, or null when it never bound
     */
    public static String of(String action, String target, String detail) {
        boolean hasTarget = target != null && !target.isBlank() && !target.equals("null");
        String base = detail != null && !detail.isBlank() ? detail
                : hasTarget ? action + " " + target : String.valueOf(action);
        if (hasTarget && detail != null && !detail.contains(target) && !target.matches("\\d+|killed|all|app:\\d+")) {
            return base + " (" + target.replace("leader-of ", "leader of ") + ")";
        }
        return base;
    }
}
