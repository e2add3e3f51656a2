package io.supplychaos.chaos;

/**
 * Where a fault acted, as a repair is matched against it: the broker it resolved to when it acted
 * on one, and its target as written ("leader-of order-placed:0", "killed", "app:2"). Two places are
 * the same when both know their broker and it is the same one, else when the targets read the same.
 *
 * @param brokerId the resolved broker, or null (a link or app fault, or a journal line of an older version)
 * @param target   the target as given, or null
 */
public record FaultPlace(Integer brokerId, String target) {

    public boolean same(FaultPlace other) {
        if (brokerId != null && other.brokerId != null) {
            return brokerId.equals(other.brokerId);
        }
        return target != null && target.equals(other.target);
    }
}
