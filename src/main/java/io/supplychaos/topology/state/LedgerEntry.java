package io.supplychaos.topology.state;

/** Value of the order-ledger store: when an orderId was first accepted. */
public record LedgerEntry(String orderId, String drugId, long placedAt, long acceptedAt) {
}
