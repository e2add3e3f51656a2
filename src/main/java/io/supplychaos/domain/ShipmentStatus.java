package io.supplychaos.domain;

import java.util.ArrayList;
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
        List<String> problems = new ArrayList<>();
        if (orderId == null) problems.add("missing field orderId");
        if (status == null) problems.add("missing field status");
        if (drugId == null) problems.add("missing field drugId");
        return problems;
    }
}
