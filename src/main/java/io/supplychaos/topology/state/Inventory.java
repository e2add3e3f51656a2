package io.supplychaos.topology.state;

/**
 * Value of the manufacturer-inventory store: one drug's stock, with the invariant
 * {@code initial + produced == available + reserved + shipped}. Waiting orders live in the
 * backorders store under sequence numbers [backlogHead, backlogTail).
 *
 * @param productionDueAt wall-clock ms at which the running production batch completes; 0 = none
 */
public record Inventory(String drugId, long initial, long produced, long available, long reserved, long shipped,
                        int batches, String currentBatchId, long backlogHead, long backlogTail,
                        long productionDueAt) {

    public static Inventory initial(String drugId, long stock) {
        return new Inventory(drugId, stock, 0, stock, 0, 0, 0, drugId + "-initial", 0, 0, 0);
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
                batches, currentBatchId, backlogHead, backlogTail, productionDueAt);
    }

    public Inventory ship(long quantity) {
        long moved = Math.min(quantity, reserved);
        return new Inventory(drugId, initial, produced, available, reserved - moved, shipped + moved,
                batches, currentBatchId, backlogHead, backlogTail, productionDueAt);
    }

    public Inventory enqueue() {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead, backlogTail + 1, productionDueAt);
    }

    public Inventory dequeue() {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead + 1, backlogTail, productionDueAt);
    }

    public Inventory scheduleProduction(long dueAt) {
        return new Inventory(drugId, initial, produced, available, reserved, shipped, batches, currentBatchId,
                backlogHead, backlogTail, dueAt);
    }

    /** The running batch is done: its units become available and no production is scheduled. */
    public Inventory completeBatch(int batchSize) {
        int batch = batches + 1;
        return new Inventory(drugId, initial, produced + batchSize, available + batchSize, reserved, shipped,
                batch, drugId + "-b" + batch, backlogHead, backlogTail, 0);
    }
}
