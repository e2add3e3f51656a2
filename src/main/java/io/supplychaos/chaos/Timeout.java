package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

/**
 * {@code timeout}: data stops, and the connection is closed after {@code ms} (0: never).
 * Toxiproxy's {@code timeout} toxic; Chaos Mesh has no such action. Lasts until its heal, or heal.
 */
final class Timeout implements NetworkFaultDefinition {

    @Override
    public String name() {
        return "timeout";
    }

    @Override
    public String summary() {
        return "data stops, connection closed after ms (0 = never)";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.required("ms", FaultAttribute.millis(FaultAttribute.MAX_TIMEOUT_MS)),
                FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY);
    }

    @Override
    public String what(FaultSpec spec) {
        return "timeout " + (spec.attribute("ms", "0").equals("0") ? "(data stops, never closed)"
                : spec.attribute("ms", "?") + " ms");
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.toxic("timeout", spec -> Map.of("timeout", OnToxiproxy.whole(spec, "ms", null, 0)));
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.refused("Chaos Mesh has no timeout action");
    }
}
