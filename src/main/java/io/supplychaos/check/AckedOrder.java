package io.supplychaos.check;

/**
 * An order the load generator sent and Kafka acknowledged.
 *
 * @param intendedAt when the schedule meant to send it (epoch ms): latency is measured from here
 * @param warmup     sent during warm-up: checked for correctness, excluded from measurements
 */
public record AckedOrder(String orderId, String drugId, int quantity, long intendedAt, long ackedAt, int partition,
                         long offset, boolean warmup) {
}
