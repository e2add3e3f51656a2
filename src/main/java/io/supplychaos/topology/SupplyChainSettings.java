package io.supplychaos.topology;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Business parameters of the supply chain: the drug catalogue and the timings of each stage.
 * Plain values, no framework types, so that tests build topologies with whatever they need.
 *
 * @param catalogue          drugId -> initial stock; an order for any other drug is rejected
 * @param batchSize          units a production run adds to a drug's stock
 * @param productionLeadTime wall-clock time from scheduling a production run to its stock
 * @param transitTime        wall-clock time from DISPATCHED to DELIVERED; zero emits all three
 *                           shipment states at once so that performance runs measure Kafka
 * @param stuckOrderSla      an order not final this long after placedAt is STUCK_ORDER
 * @param monitorWindow      size of the monitor's tumbling latency windows
 * @param slowStageP99       a window whose p99 for a stage exceeds this raises SLOW_STAGE
 * @param punctuationInterval how often (wall clock) schedules, SLAs and windows are checked
 * @param storeType          where state stores keep their data; both kinds are backed by a
 *                           changelog topic, in-memory ones restore from it after a restart
 * @param maxQuantity        the largest quantity one order may ask for; the manufacturer rejects
 *                           more (one order of millions would hold its drug's queue for ever)
 * @param orderRetention     how long an order's per-order entries (order-ledger, manufacturer-stock's orders,
 *                           transport-shipments, notification-timeline) are kept after the order was
 *                           accepted or reached its final state; within it a repeated record is
 *                           recognised and dropped, after it the entry is deleted so that stores do
 *                           not grow for ever. Must be longer than the longest gap between two copies
 *                           of one order: producer retries, reprocessing after a restart, and a
 *                           run's whole send phase and drain
 */
public record SupplyChainSettings(Map<String, Integer> catalogue, int batchSize, Duration productionLeadTime,
                                  Duration transitTime, Duration stuckOrderSla, Duration monitorWindow,
                                  Duration slowStageP99, Duration punctuationInterval, StoreType storeType,
                                  int maxQuantity, Duration orderRetention) {

    /** Default of {@link #maxQuantity()}: far above the load generator's 1 to 5 units per order. */
    public static final int DEFAULT_MAX_QUANTITY = 1000;
    /** Default of {@link #orderRetention()}. */
    public static final Duration DEFAULT_ORDER_RETENTION = Duration.ofMinutes(10);

    /** RocksDB (the default) or heap stores; both are changelogged. */
    public enum StoreType { ROCKSDB, IN_MEMORY }

    public SupplyChainSettings {
        Objects.requireNonNull(catalogue, "catalogue");
        // in the given order: the load generator picks drugs from it by a seeded index
        catalogue = Collections.unmodifiableMap(new LinkedHashMap<>(catalogue));
        if (catalogue.isEmpty()) throw new IllegalArgumentException("catalogue: at least one drug expected");
        catalogue.forEach((drug, stock) -> {
            if (stock == null || stock < 0) {
                throw new IllegalArgumentException("catalogue." + drug + ": initial stock >= 0 expected, was " + stock);
            }
        });
        if (batchSize < 1) throw new IllegalArgumentException("batchSize: >= 1 expected, was " + batchSize);
        requirePositive("productionLeadTime", productionLeadTime);
        Objects.requireNonNull(transitTime, "transitTime");
        if (transitTime.isNegative()) throw new IllegalArgumentException("transitTime: >= 0 expected, was " + transitTime);
        requirePositive("stuckOrderSla", stuckOrderSla);
        requirePositive("monitorWindow", monitorWindow);
        requirePositive("slowStageP99", slowStageP99);
        requirePositive("punctuationInterval", punctuationInterval);
        Objects.requireNonNull(storeType, "storeType");
        if (maxQuantity < 1) throw new IllegalArgumentException("maxQuantity: >= 1 expected, was " + maxQuantity);
        requirePositive("orderRetention", orderRetention);
    }

    /** Ten common hospital drugs, stocked generously so that load tests are not production-bound. */
    public static SupplyChainSettings defaults() {
        Map<String, Integer> catalogue = new LinkedHashMap<>();
        for (String drug : new String[] {"paracetamol", "amoxicillin", "insulin", "ibuprofen", "heparin",
                "morphine", "salbutamol", "omeprazole", "atorvastatin", "metformin"}) {
            catalogue.put(drug, 100_000);
        }
        return new SupplyChainSettings(catalogue, 10_000, Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofMillis(500), StoreType.ROCKSDB,
                DEFAULT_MAX_QUANTITY, DEFAULT_ORDER_RETENTION);
    }

    public SupplyChainSettings withCatalogue(Map<String, Integer> newCatalogue) {
        return new SupplyChainSettings(newCatalogue, batchSize, productionLeadTime, transitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, storeType, maxQuantity,
                orderRetention);
    }

    public SupplyChainSettings withProduction(int newBatchSize, Duration newLeadTime) {
        return new SupplyChainSettings(catalogue, newBatchSize, newLeadTime, transitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, storeType, maxQuantity,
                orderRetention);
    }

    public SupplyChainSettings withTransitTime(Duration newTransitTime) {
        return new SupplyChainSettings(catalogue, batchSize, productionLeadTime, newTransitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, storeType, maxQuantity,
                orderRetention);
    }

    public SupplyChainSettings withMonitoring(Duration newSla, Duration newWindow, Duration newSlowStageP99) {
        return new SupplyChainSettings(catalogue, batchSize, productionLeadTime, transitTime, newSla,
                newWindow, newSlowStageP99, punctuationInterval, storeType, maxQuantity, orderRetention);
    }

    public SupplyChainSettings withStoreType(StoreType newStoreType) {
        return new SupplyChainSettings(catalogue, batchSize, productionLeadTime, transitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, newStoreType, maxQuantity, orderRetention);
    }

    public SupplyChainSettings withMaxQuantity(int newMaxQuantity) {
        return new SupplyChainSettings(catalogue, batchSize, productionLeadTime, transitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, storeType, newMaxQuantity, orderRetention);
    }

    public SupplyChainSettings withOrderRetention(Duration newOrderRetention) {
        return new SupplyChainSettings(catalogue, batchSize, productionLeadTime, transitTime, stuckOrderSla,
                monitorWindow, slowStageP99, punctuationInterval, storeType, maxQuantity, newOrderRetention);
    }

    private static void requirePositive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(field + ": a positive duration expected, was " + value);
        }
    }
}
