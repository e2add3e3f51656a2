package io.supplychaos.domain;

import java.util.List;

/**
 * Value of {@code shipment-status}, keyed by orderId: a shipment reached a state. Carries drugId
 * and quantity so that the manufacturer can move delivered goods from reserved to shipped.
 */
public record ShipmentStatus(String orderId, String shipmentId, String hospitalId, String drugId,
                             int quantity, ShipmentState status, long placedAt, long at)
        implements SupplyEvent, Validated {

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "status", status, "drugId", drugId);
    }
}
