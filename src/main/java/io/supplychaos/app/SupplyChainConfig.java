package io.supplychaos.app;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.supplychaos.topology.SupplyChainSettings;

/** The supply chain's business settings from application.properties ({@code supply.*}). */
@ConfigMapping(prefix = "supply")
public interface SupplyChainConfig {

    /** Drugs the manufacturer makes; orders for anything else are rejected. */
    List<String> drugs();

    /** Initial stock of every drug. */
    @WithDefault("100000")
    int initialStock();

    @WithDefault("10000")
    int batchSize();

    @WithDefault("1s")
    Duration productionLeadTime();

    @WithDefault("0s")
    Duration transitTime();

    @WithDefault("60s")
    Duration stuckOrderSla();

    @WithDefault("10s")
    Duration monitorWindow();

    @WithDefault("5s")
    Duration slowStageP99();

    @WithDefault("500ms")
    Duration punctuationInterval();

    /**
     * LATENCY or THROUGHPUT: what the Streams defaults favour. Read by {@link StreamsTuning} as the
     * config is built; here so that the mapping knows the key.
     */
    @WithDefault("latency")
    Tuning tuning();

    /** ROCKSDB or IN_MEMORY; both are changelogged. */
    @WithDefault("ROCKSDB")
    SupplyChainSettings.StoreType storeType();

    /**
     * The largest quantity one order may ask for: POST /orders answers 400 above it, and the
     * manufacturer rejects records above it that reach order-placed another way.
     */
    @WithDefault("1000")
    int maxQuantity();

    /**
     * How long per-order entries are kept after the order was accepted or ended (DELIVERED,
     * REJECTED); within it a repeated record is recognised and dropped, afterwards the entry is
     * deleted. Must be longer than the longest gap between two copies of one order: producer
     * retries, reprocessing after a restart, and a run's send phase plus drain.
     */
    @WithDefault("10m")
    Duration orderRetention();

    default SupplyChainSettings toSettings() {
        Map<String, Integer> catalogue = new LinkedHashMap<>();
        drugs().forEach(drug -> catalogue.put(drug, initialStock()));
        return new SupplyChainSettings(catalogue, batchSize(), productionLeadTime(), transitTime(), stuckOrderSla(),
                monitorWindow(), slowStageP99(), punctuationInterval(), storeType(), maxQuantity(), orderRetention());
    }
}
