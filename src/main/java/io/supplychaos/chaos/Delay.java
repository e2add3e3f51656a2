package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

import io.supplychaos.spec.Rule;

/**
 * {@code delay}: latency on the proxied links, {@code ms} with an optional {@code jitter} of at most
 * {@code ms} (a delay never goes below zero). Toxiproxy's {@code latency} toxic; Chaos Mesh's
 * {@code delay} action. Lasts until its heal, or heal.
 */
final class Delay implements NetworkFaultDefinition {

    @Override
    public String name() {
        return "delay";
    }

    @Override
    public String summary() {
        return "latency added to every packet";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.required("ms", FaultAttribute.millis(FaultAttribute.MAX_DELAY_MS)),
                FaultAttribute.optional("jitter", FaultAttribute.millis(FaultAttribute.MAX_DELAY_MS)),
                FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY);
    }

    @Override
    public void checkBetween(Map<String, String> given) {
        if (given.containsKey("jitter")) {
            long ms = FaultAttribute.millis(FaultAttribute.MAX_DELAY_MS).parse(given.get("ms")).orElseThrow();
            FaultAttribute.within(name(), given, "jitter", Rule.whole(0, ms, "milliseconds", "at most ms"));
        }
    }

    @Override
    public String what(FaultSpec spec) {
        return "delay " + spec.attribute("ms", "?") + " ms"
                + (Long.parseLong(spec.attribute("jitter", "0")) > 0 ? " ± " + spec.attribute("jitter", "0") + " ms" : "");
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.toxic("latency", spec -> Map.of(
                "latency", OnToxiproxy.whole(spec, "ms", null, 0),
                "jitter", OnToxiproxy.whole(spec, "jitter", 0L, 0)));
    }

    @Override
    public OnKubernetes onKubernetes() {
        // the parsed numbers, so that 1_000 or +100 become Chaos Mesh's 1000ms and 100ms (its CRD's pattern)
        return OnKubernetes.networkChaos("delay", spec -> new OnKubernetes.DelayParameters(
                OnToxiproxy.whole(spec, "ms", null, 0), OnToxiproxy.whole(spec, "jitter", 0L, 0)));
    }
}
