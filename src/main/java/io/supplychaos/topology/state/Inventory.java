package io.supplychaos.topology.state;

/**
 * One drug's stock in the manufacturer-stock store, with the invariant
 * {@code initial + produced == available + reserved + shipped}. Waiting orders live in the same
 * store under sequence numbers [backlogHead, backlogTail).
 *
 * @param productionDueAt wall-clock ms at which the running production batch completes; 0 = none
 * @param appliedOffset   offset (on the stock-command repartition partition of this drug) of the last
 *                        command whose stock change this value holds; -1 = none. A command at or below
 *                        it was applied, and is recognised when processed again after a crash
 */
public record Inventory(String drugId, long initial, long produced, long available, long reserved, long shipped,
                        int batches, String currentBatchId, long backlogHead, long backlogTail,
                        long productionDueAt, long appliedOffset) {

    public static Inventory initial(String drugId, long stock) {
        return new Inventory(drugId, stock, 0, stock, 0, 0, 0, drugId + "-initial", 0, 0, 0, -1);
    }

    /** True when the command at {@code offset} (>= 0) was applied to this stock. */
    public boolean hasApplied(long offset) {
        return offset >= 0 && offset <= appliedOffset;
    }

    /** This stock with the command at {@code offset} applied; a negative offset (unknown) changes nothing. */
    public Inventory applied(long offset) {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead, backlogTail, productionDueAt, Math.max(appliedOffset, offset));
    }

    public boolean hasBacklog() {
        return backlogTail > backlogHead;
    }

    public boolean isProducing() {
        return productionDueAt > 0;
    }

    public boolean isConserved() {
        return initial + produced == available + reserved + shipped && available >= 0 && reserved >= 0;
    }

    public Inventory reserve(long quantity) {
        if (quantity > available) {
            throw new IllegalStateException("reserving " + quantity + " of " + drugId + " with " + available + " available");
        }
        return new Inventory(drugId, initial, produced, available - quantity, reserved + quantity, shipped,
                batches, currentBatchId, backlogHead, backlogTail, productionDueAt, appliedOffset);
    }

    public Inventory ship(long quantity) {
        long moved = Math.min(quantity, reserved);
        return new Inventory(drugId, initial, produced, available, reserved - moved, shipped + moved,
                batches, currentBatchId, backlogHead, backlogTail, productionDueAt, appliedOffset);
    }

    public Inventory enqueue() {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead, backlogTail + 1, productionDueAt, appliedOffset);
    }

    public Inventory dequeue() {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead + 1, backlogTail, productionDueAt, appliedOffset);
    }

    public Inventory scheduleProduction(long dueAt) {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead, backlogTail, dueAt, appliedOffset);
    }

    /** The running batch is done: its units become available and no production is scheduled. */
    public Inventory completeBatch(int batchSize) {
        int batch = batches + 1;
        return new Inventory(drugId, initial, produced + batchSize, available + batchSize, reserved, shipped,
                batch, drugId + "-b" + batch, backlogHead, backlogTail, 0, appliedOffset);
    }
}
