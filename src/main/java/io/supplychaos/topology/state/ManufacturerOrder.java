package io.supplychaos.topology.state;

/**
 * Value of the manufacturer-orders store: what the manufacturer did with one order's stock, and
 * when. The manufacturer reserves and releases an order's units only through the transitions
 * below, so that a repeated stock command never moves units twice:
 * <pre>
 * (none) -> REJECTED | BACKORDERED | RESERVED;  BACKORDERED -> RESERVED;  RESERVED -> RELEASED
 * </pre>
 *
 * @param quantity the units the order asked for; a RELEASE moves exactly these from reserved to shipped
 * @param at       wall-clock ms of the last transition
 */
public record ManufacturerOrder(String orderId, String drugId, int quantity, State state, long at) {

    /** Where the order's units stand. */
    public enum State {
        /** Waiting in manufacturer-backorders for production; holds no units yet. */
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

    public static ManufacturerOrder of(StockCommand command, State state, long at) {
        return new ManufacturerOrder(command.orderId(), command.drugId(), command.quantity(), state, at);
    }

    public ManufacturerOrder moveTo(State next, long newAt) {
        return new ManufacturerOrder(orderId, drugId, quantity, next, newAt);
    }
}
