package io.supplychaos.domain;

import java.util.List;

/**
 * A hospital's drug order, the value of {@code order-placed}. Boxed fields because this record
 * comes from outside (REST, load generator, any producer): a missing field must be seen as
 * missing, not as zero.
 *
 * @param placedAt epoch ms at which the order was (intended to be) sent; latency is measured
 *                 from it. When absent the intake uses the record timestamp.
 */
public record Order(String orderId, String hospitalId, String drugId, Integer quantity,
                    Priority priority, Long placedAt) implements Validated {

    @Override
    public List<String> problems() {
        return Validated.missingFields("orderId", orderId, "hospitalId", hospitalId, "drugId", drugId, "quantity", quantity);
    }

    /** This order with defaults filled in: priority ROUTINE, placedAt the given timestamp. */
    public Order withDefaults(long recordTimestamp) {
        return new Order(orderId, hospitalId, drugId, quantity,
                priority == null ? Priority.ROUTINE : priority,
                placedAt == null ? recordTimestamp : placedAt);
    }
}
