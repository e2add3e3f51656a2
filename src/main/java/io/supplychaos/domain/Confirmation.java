package io.supplychaos.domain;

import java.util.List;

/**
 * Value of {@code order-confirmation}, keyed by orderId: the manufacturer confirmed, backordered
 * or rejected an order. Carries hospitalId and placedAt so that downstream stages need no join.
 *
 * @param reason why, for REJECTED and BACKORDERED; null for CONFIRMED
 */
public record Confirmation(String orderId, String hospitalId, String drugId, int quantity,
                           ConfirmationStatus status, String reason, long placedAt, long at)
        implements SupplyEvent, Validated {

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "status", status);
    }
}
