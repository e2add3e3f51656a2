package io.supplychaos.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.apache.kafka.streams.Topology;

import io.supplychaos.topology.chain.SupplyChainTopology;

/** Hands the supply-chain topology, built from {@code supply.*} settings, to Quarkus' Kafka Streams. */
@ApplicationScoped
public class TopologyProducer {

    @Produces
    public Topology supplyChain(SupplyChainConfig config) {
        return SupplyChainTopology.build(config.toSettings());
    }
}
