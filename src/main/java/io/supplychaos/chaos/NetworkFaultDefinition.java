package io.supplychaos.chaos;

/**
 * A fault on the network between clients and brokers or between brokers: how Toxiproxy does it
 * (its toxic, or the proxy disabled); how Chaos Mesh does it is in {@link #onKubernetes()}.
 */
interface NetworkFaultDefinition extends FaultDefinition {

    @Override
    default FaultType.Kind actsOn() {
        return FaultType.Kind.NETWORK;
    }

    OnToxiproxy onToxiproxy();
}
