package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

import io.supplychaos.spec.Rule;

/**
 * {@code bandwidth}: the proxied links limited to {@code kbps} KB/s. Toxiproxy's {@code bandwidth}
 * toxic; Chaos Mesh's {@code bandwidth} action, whose token bucket must hold at least a tick's worth
 * of data (rate / HZ, HZ >= 100) or the rate is not reached. Lasts until its heal, or heal.
 */
final class Bandwidth implements NetworkFaultDefinition {

    /** The bandwidth queue Chaos Mesh requires (bytes waiting, as tc's tbf limit): 20 MiB, as its own examples use. */
    static final long CHAOS_MESH_LIMIT_BYTES = 20L * 1024 * 1024;
    /** The least bucket (tc's tbf burst) given: above the MTU, and large enough for low rates. */
    static final long CHAOS_MESH_MIN_BUFFER_BYTES = 10_000;

    @Override
    public String name() {
        return "bandwidth";
    }

    @Override
    public String summary() {
        return "throughput limited";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.required("kbps", Rule.whole(1, FaultAttribute.MAX_KBPS, "KB/s", null)),
                FaultAttribute.LINK, FaultAttribute.STREAM, FaultAttribute.TOXICITY);
    }

    @Override
    public String what(FaultSpec spec) {
        return "bandwidth " + spec.attribute("kbps", "?") + " KB/s";
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.toxic("bandwidth", spec -> Map.of("rate", OnToxiproxy.whole(spec, "kbps", null, 1)));
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.networkChaos("bandwidth", spec -> {
            long kbps = OnToxiproxy.whole(spec, "kbps", null, 1);
            return new OnKubernetes.BandwidthParameters(kbps, CHAOS_MESH_LIMIT_BYTES,
                    Math.max(CHAOS_MESH_MIN_BUFFER_BYTES, kbps * 1000 / 100));
        });
    }
}
