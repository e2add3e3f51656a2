package io.supplychaos.topology.state;

import com.fasterxml.jackson.annotation.JsonCreator;

import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.domain.ShipmentStatus;

/**
 * A confirmation, an order's goods or a shipment status, brought to one shape so that the
 * notification stage handles them alike. Also stored while it waits for the state before it.
 *
 * @param after a state the hospital must have been told of before this one, beyond what the status
 *              itself requires ({@link OrderStatus#requires()}): BACKORDERED for the CONFIRMED of
 *              goods that waited for production; null for none
 */
public record StatusEvent(String orderId, String hospitalId, String drugId, OrderStatus status, String detail,
                          long placedAt, OrderStatus after) {

    @JsonCreator
    public StatusEvent {
    }

    public StatusEvent(String orderId, String hospitalId, String drugId, OrderStatus status, String detail,
                       long placedAt) {
        this(orderId, hospitalId, drugId, status, detail, placedAt, null);
    }

    public static StatusEvent of(Confirmation confirmation) {
        return new StatusEvent(confirmation.orderId(), confirmation.hospitalId(), confirmation.drugId(),
                confirmation.status().asOrderStatus(), confirmation.reason(), confirmation.placedAt());
    }

    /** The CONFIRMED that an order's goods stand for: after its BACKORDERED when it waited for production. */
    public static StatusEvent confirmedBy(Batch goods) {
        return new StatusEvent(goods.orderId(), goods.hospitalId(), goods.drugId(), OrderStatus.CONFIRMED, null,
                goods.placedAt(), goods.backordered() ? OrderStatus.BACKORDERED : null);
    }

    public static StatusEvent of(ShipmentStatus shipment) {
        return new StatusEvent(shipment.orderId(), shipment.hospitalId(), shipment.drugId(),
                shipment.status().asOrderStatus(), shipment.shipmentId(), shipment.placedAt());
    }
}
