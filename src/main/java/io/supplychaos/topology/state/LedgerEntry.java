package io.supplychaos.topology.state;

/**
 * Value of the order-ledger store: when an orderId was first accepted.
 *
 * @param offset the order-placed offset of the record that was accepted (-1 unknown): that record
 *               processed again after an at_least_once crash is passed on again, a copy is not
 */
public record LedgerEntry(String orderId, String drugId, long placedAt, long acceptedAt, long offset) {
}
