package io.supplychaos.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * How a resolved network fault reads on the console, in timeseries.csv's activeFaults, on the
 * report's fault bars and in the faults table: what it does with its figures and units first,
 * then which links and streams, then which brokers, e.g. "delay 100 ms ± 20 ms, client links,
 * all brokers" or "bandwidth 64 KB/s, replication links, upstream, broker 2". Defaults a spec left
 * out are said only when they matter (the downstream stream, a toxicity of 1 are not). Pure text;
 * every backend that binds network faults (Toxiproxy, Chaos Mesh) describes them with it.
 */
public final class FaultText {

    private FaultText() {
    }

    /**
     * @param where the brokers it acts on, resolved: "all brokers", "broker 2"
     */
    public static String network(FaultSpec spec, String where) {
        List<String> parts = new ArrayList<>();
        parts.add(what(spec));
        parts.add(links(spec.attribute("link", "client")));
        String stream = spec.attribute("stream", "downstream");
        if (spec.type() != FaultType.CUT && !stream.equals("downstream")) {
            parts.add(stream.equals("both") ? "both directions" : stream);
        }
        String toxicity = spec.attributes().get("toxicity");
        if (toxicity != null && Double.parseDouble(toxicity) < 1) {
            parts.add(Math.round(Double.parseDouble(toxicity) * 100) + " % of connections");
        }
        parts.add(where);
        return String.join(", ", parts);
    }

    private static String what(FaultSpec spec) {
        return switch (spec.type()) {
            case DELAY -> "delay " + spec.attribute("ms", "?") + " ms"
                    + (Long.parseLong(spec.attribute("jitter", "0")) > 0 ? " ± " + spec.attribute("jitter", "0") + " ms" : "");
            case BANDWIDTH -> "bandwidth " + spec.attribute("kbps", "?") + " KB/s";
            case CUT -> "cut";
            case RESET_PEER -> "reset-peer" + (Long.parseLong(spec.attribute("timeout", "0")) > 0
                    ? " after " + spec.attribute("timeout", "0") + " ms" : "");
            case TIMEOUT -> "timeout " + (spec.attribute("ms", "0").equals("0") ? "(data stops, never closed)"
                    : spec.attribute("ms", "?") + " ms");
            case SLICE -> "slice " + spec.attribute("averageSize", String.valueOf(FaultType.DEFAULT_SLICE_SIZE))
                    + " B" + (Long.parseLong(spec.attribute("sizeVariation", "0")) > 0
                    ? " ± " + spec.attribute("sizeVariation", "0") + " B" : "")
                    + (Long.parseLong(spec.attribute("delayUs", "0")) > 0 ? " every " + spec.attribute("delayUs", "0")
                    + " µs" : "");
            default -> spec.type().cliName();
        };
    }

    private static String links(String link) {
        return switch (link) {
            case "both" -> "client and replication links";
            default -> link + " links";
        };
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
    public static String label(String action, String target, String detail) {
        boolean hasTarget = target != null && !target.isBlank() && !target.equals("null");
        String base = detail != null && !detail.isBlank() ? detail
                : hasTarget ? action + " " + target : String.valueOf(action);
        if (hasTarget && detail != null && !detail.contains(target) && !target.matches("\\d+|killed|all|app:\\d+")) {
            return base + " (" + target.replace("leader-of ", "leader of ") + ")";
        }
        return base;
    }
}
