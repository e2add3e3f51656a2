package io.supplychaos.topology.state;

/**
 * Value of the manufacturer-stock store, which holds everything the manufacturer changes together:
 * exactly one of a drug's stock, an order's stock state, or a command waiting in a drug's backlog.
 */
public record ManufacturerEntry(Inventory stock, ManufacturerOrder order, StockCommand waiting) {

    public static ManufacturerEntry of(Inventory stock) {
        return new ManufacturerEntry(stock, null, null);
    }

    public static ManufacturerEntry of(ManufacturerOrder order) {
        return new ManufacturerEntry(null, order, null);
    }

    public static ManufacturerEntry of(StockCommand waiting) {
        return new ManufacturerEntry(null, null, waiting);
    }
}
