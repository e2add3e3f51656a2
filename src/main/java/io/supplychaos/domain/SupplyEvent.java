package io.supplychaos.domain;

/**
 * Marker for every value the supply chain writes to one of its topics. Stages emit a stream of
 * {@code SupplyEvent}s and the topology routes each one to the topic whose value type it is.
 */
public sealed interface SupplyEvent
        permits Confirmation, Batch, InventoryUpdate, ShipmentStatus, Notification, Alert {
}
