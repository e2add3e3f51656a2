package io.supplychaos.topology.state;

/**
 * What the manufacturer did with one order's stock, and when, in the manufacturer-stock store. The
 * manufacturer reserves and releases an order's units only through the transitions below, so that
 * a repeated stock command never moves units twice:
 * <pre>
 * (none) -> REJECTED | BACKORDERED | RESERVED;  BACKORDERED -> RESERVED;  RESERVED -> RELEASED
 * </pre>
 * BACKORDERED -> RESERVED is not written here: a backordered order is reserved once its drug's
 * backlog head has passed {@code waitSeq} (the production punctuator moves the head in the drug's
 * stock, one put).
 *
 * @param quantity      the units the order asked for; a RELEASE moves exactly these from reserved to shipped
 * @param at            wall-clock ms of the last transition
 * @param reserveOffset offset of the RESERVE command that created the entry on the stock-command
 *                      partition; -1 = unknown. That command processed again (after a crash) is
 *                      answered again; a copy of the order (another offset) is not
 * @param version       offset of the command whose processing wrote this value; it holds only once
 *                      the drug's stock has applied that offset ({@link Inventory#appliedOffset()}),
 *                      until then {@code previous} does. -1: written on its own (a rejection), always holds
 * @param waitSeq       the order's place in its drug's backlog when BACKORDERED; -1 otherwise
 * @param previous      the value this one replaced (without its own previous), or null
 */
public record ManufacturerOrder(String orderId, String drugId, int quantity, State state, long at,
                                long reserveOffset, long version, long waitSeq, ManufacturerOrder previous) {

    /** Where the order's units stand. */
    public enum State {
        /** Waiting in the drug's backlog for production; holds no units yet. */
        BACKORDERED,
        /** Its units are reserved until the delivery releases them. */
        RESERVED,
        /** Refused (bad quantity, unknown drug); never held units. Final. */
        REJECTED,
        /** Delivered: its units moved from reserved to shipped. Final. */
        RELEASED;

        public boolean isFinal() {
            return this == REJECTED || this == RELEASED;
        }
    }

    /** A new entry for the command at {@code offset}. */
    public static ManufacturerOrder of(StockCommand command, State state, long at, long offset, long waitSeq) {
        return new ManufacturerOrder(command.orderId(), command.drugId(), command.quantity(), state, at, offset,
                offset, waitSeq, null);
    }

    /** A rejection: written on its own (no stock changes with it), so it always holds. */
    public static ManufacturerOrder rejected(StockCommand command, long at, long offset) {
        return new ManufacturerOrder(command.orderId(), command.drugId(), command.quantity(), State.REJECTED, at,
                offset, -1, -1, null);
    }

    /** The next state, written by the command at {@code offset}; this value is kept as its previous. */
    public ManufacturerOrder moveTo(State next, long newAt, long offset) {
        return new ManufacturerOrder(orderId, drugId, quantity, next, newAt, reserveOffset, offset, -1,
                withoutPrevious());
    }

    /** This entry seen as RESERVED (a backordered order whose turn came), as written before. */
    public ManufacturerOrder reservedFromBacklog() {
        return new ManufacturerOrder(orderId, drugId, quantity, State.RESERVED, at, reserveOffset, version, waitSeq,
                previous);
    }

    /** Whether the order waited in its drug's backlog before its units were reserved (this entry or the one it replaced). */
    public boolean wasBackordered() {
        return waitSeq >= 0 || previous != null && previous.waitSeq() >= 0;
    }

    private ManufacturerOrder withoutPrevious() {
        return previous == null ? this
                : new ManufacturerOrder(orderId, drugId, quantity, state, at, reserveOffset, version, waitSeq, null);
    }
}
