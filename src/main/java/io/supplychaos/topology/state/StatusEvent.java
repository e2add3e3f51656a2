package io.supplychaos.topology.state;

import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.domain.ShipmentStatus;

/**
 * A confirmation or a shipment status, brought to one shape so that the notification stage
 * handles both topics alike. Also stored while it waits for the state before it.
 */
public record StatusEvent(String orderId, String hospitalId, String drugId, OrderStatus status, String detail,
                          long placedAt) {

    public static StatusEvent of(Confirmation confirmation) {
        return new StatusEvent(confirmation.orderId(), confirmation.hospitalId(), confirmation.drugId(),
                confirmation.status().asOrderStatus(), confirmation.reason(), confirmation.placedAt());
    }

    public static StatusEvent of(ShipmentStatus shipment) {
        return new StatusEvent(shipment.orderId(), shipment.hospitalId(), shipment.drugId(),
                shipment.status().asOrderStatus(), shipment.shipmentId(), shipment.placedAt());
    }
}
