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
        if (spec.type().accepts("stream") && !stream.equals("downstream")) {
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
        return spec.type().what(spec);
    }

    private static String links(String link) {
        return switch (link) {
            case "both" -> "client and replication links";
            default -> link + " links";
        };
    }
}
