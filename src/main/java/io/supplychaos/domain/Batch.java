package io.supplychaos.domain;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * Value of {@code drug-manufactured}, keyed by orderId: the goods for one order, taken from a
 * manufactured batch, are ready to ship. Transport starts a shipment from it, and the notification
 * stage tells the hospital its order is CONFIRMED from it: the manufacturer writes the goods with the
 * order's CONFIRMED on order-confirmation, in one transaction.
 *
 * @param backordered the order waited for production first: a BACKORDERED on order-confirmation
 *                    comes before this record's CONFIRMED (never null; false in records written before it existed)
 */
public record Batch(String orderId, String hospitalId, String drugId, String batchId, int quantity,
                    long placedAt, long manufacturedAt, Boolean backordered) implements SupplyEvent, Validated {

    @JsonCreator
    public Batch {
        backordered = Boolean.TRUE.equals(backordered); // absent in records written before it: not backordered
    }

    /** Goods for an order confirmed from stock on hand, without waiting for production. */
    public Batch(String orderId, String hospitalId, String drugId, String batchId, int quantity, long placedAt,
                 long manufacturedAt) {
        this(orderId, hospitalId, drugId, batchId, quantity, placedAt, manufacturedAt, false);
    }

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "drugId", drugId, "batchId", batchId);
    }
}
