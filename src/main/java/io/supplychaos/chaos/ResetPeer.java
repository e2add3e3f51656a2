package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

/**
 * {@code reset-peer}: connections reset (TCP RST), after {@code timeout} ms. Toxiproxy's
 * {@code reset_peer} toxic; Chaos Mesh has no such action. Lasts until its heal, or heal.
 */
final class ResetPeer implements NetworkFaultDefinition {

    @Override
    public String name() {
        return "reset-peer";
    }

    @Override
    public String summary() {
        return "connections reset (after timeout ms)";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.optional("timeout", FaultAttribute.millis(FaultAttribute.MAX_TIMEOUT_MS)),
                FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY);
    }

    @Override
    public String what(FaultSpec spec) {
        return "reset-peer" + (Long.parseLong(spec.attribute("timeout", "0")) > 0
                ? " after " + spec.attribute("timeout", "0") + " ms" : "");
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.toxic("reset_peer", spec -> Map.of("timeout", OnToxiproxy.whole(spec, "timeout", 0L, 0)));
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.refused("Chaos Mesh has no reset-peer action");
    }
}
