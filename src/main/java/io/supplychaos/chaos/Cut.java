package io.supplychaos.chaos;

import java.util.List;

/**
 * {@code cut}: the proxies disabled, connections refused and dropped (the whole proxy: no stream, no
 * toxicity). Chaos Mesh's {@code partition} action. Lasts until its heal, or heal.
 */
final class Cut implements NetworkFaultDefinition {

    @Override
    public String name() {
        return "cut";
    }

    @Override
    public String summary() {
        return "the proxy disabled (`enabled=false`): connections refused and dropped";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.LINK);
    }

    @Override
    public OnToxiproxy onToxiproxy() {
        return OnToxiproxy.DISABLE_PROXY;
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.networkChaos("partition", spec -> new OnKubernetes.NoParameters());
    }
}
