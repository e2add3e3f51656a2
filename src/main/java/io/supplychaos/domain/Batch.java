package io.supplychaos.domain;

import java.util.List;

/**
 * Value of {@code drug-manufactured}, keyed by orderId: the goods for one order, taken from a
 * manufactured batch, are ready to ship. Transport starts a shipment from it.
 */
public record Batch(String orderId, String hospitalId, String drugId, String batchId, int quantity,
                    long placedAt, long manufacturedAt) implements SupplyEvent, Validated {

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "drugId", drugId, "batchId", batchId);
    }
}
