package io.supplychaos.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.apache.kafka.streams.Topology;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.supplychaos.topology.chain.SupplyChainTopology;

/** Hands the supply-chain topology, built from {@code supply.*} settings, to Quarkus' Kafka Streams. */
@ApplicationScoped
public class TopologyProducer {

    @ConfigProperty(name = "kafka-streams.processing.guarantee", defaultValue = "exactly_once_v2")
    String guarantee;

    @Produces
    public Topology supplyChain(SupplyChainConfig config) {
        return SupplyChainTopology.build(config.toSettings(), guarantee.startsWith("exactly_once"));
    }
}
