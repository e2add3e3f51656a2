package io.supplychaos.check;

import java.util.List;

/**
 * The checker's findings: each list holds the orderIds (or drugs) concerned.
 *
 * @param completed             acknowledged orders that reached DELIVERED or REJECTED
 * @param rejected              of those, REJECTED
 * @param lost                  acknowledged orders with no final state
 * @param duplicateStates       one entry "orderId STATUS xN" per state seen more than once
 * @param duplicates            extra observations in all (a state seen 3 times counts 2)
 * @param outOfOrder            orders whose states were seen out of lifecycle order
 * @param inventoryViolations   what broke conservation, in words
 * @param neverAcked            orders whose send failed
 * @param completedUnacked      failed sends that completed all the same (written, ack lost)
 */
public record CheckResult(long completed, long rejected, List<String> lost, List<String> duplicateStates,
                          long duplicates, List<String> outOfOrder, List<String> inventoryViolations,
                          List<String> neverAcked, List<String> completedUnacked) {
}
