package io.supplychaos.chaos;

import java.util.Map;
import java.util.function.Function;

/**
 * How a network fault is done with Toxiproxy, as data its fault file gives and {@link NetworkFault}
 * reads: a toxic of Toxiproxy's {@code type} with its attributes from the spec (one per stream), or
 * the proxy disabled ({@link #DISABLE_PROXY}, for cut).
 *
 * @param toxic      Toxiproxy's toxic type ("latency", "bandwidth", ...), null when the proxy is disabled
 * @param attributes the toxic's attributes in Toxiproxy's names, from the spec
 */
record OnToxiproxy(String toxic, Function<FaultSpec, Map<String, Long>> attributes) {

    /** The proxy disabled: connections refused and dropped; no toxic, so no stream and no toxicity. */
    static final OnToxiproxy DISABLE_PROXY = new OnToxiproxy(null, spec -> Map.of());

    static OnToxiproxy toxic(String type, Function<FaultSpec, Map<String, Long>> attributes) {
        return new OnToxiproxy(type, attributes);
    }

    boolean disablesProxy() {
        return toxic == null;
    }

    /**
     * A whole-number attribute of the spec, {@code fallback} when absent (null: required), refused
     * below {@code min}: the toxics are also built from specs that skipped the attribute rules.
     */
    static long whole(FaultSpec spec, String name, Long fallback, long min) {
        String text = spec.attributes().get(name);
        if (text == null) {
            if (fallback == null) {
                throw new IllegalArgumentException(spec.type().cliName() + " needs " + name);
            }
            return fallback;
        }
        try {
            long value = Long.parseLong(text.trim().replace("_", ""));
            if (value >= min) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected range
        }
        throw new IllegalArgumentException(spec.type().cliName() + ": " + name + " must be a whole number >= " + min
                + ", got '" + text + "'");
    }
}
