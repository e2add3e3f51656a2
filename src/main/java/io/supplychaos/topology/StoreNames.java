package io.supplychaos.topology;

/**
 * Names of every state store, repartition topic and processor-owned changelog, in one place so
 * that changelog and repartition topic names stay stable across releases. (Called StoreNames,
 * not Stores, to stay clear of Kafka's own {@code org.apache.kafka.streams.state.Stores}.)
 */
public final class StoreNames {

    /**
     * orderId -> first sighting of an order on this order-placed partition; a repeated orderId is
     * dropped here. Deleted {@code orderRetention} after the order was accepted.
     */
    public static final String ORDER_LEDGER = "order-ledger";
    /**
     * Everything the manufacturer changes together, in one store, so that it reaches one changelog
     * (its cache flushes in the order of last write): {@code stock|drugId} -> the drug's stock and production
     * schedule, {@code order|orderId} -> what the manufacturer did with the order's stock (a RESERVE
     * for an order found here, or a RELEASE for one not reserved, is dropped; deleted
     * {@code orderRetention} after the order was released or rejected), {@code wait|drugId|sequence}
     * -> an order waiting for stock, in arrival order.
     */
    public static final String MANUFACTURER_STOCK = "manufacturer-stock";
    /** orderId -> the order's shipment. Deleted {@code orderRetention} after DELIVERED. */
    public static final String SHIPMENTS = "transport-shipments";
    /**
     * orderId -> the states notified so far and those waiting for a predecessor. Deleted
     * {@code orderRetention} after the final state (DELIVERED or REJECTED) was notified.
     */
    public static final String ORDER_TIMELINE = "notification-timeline";
    /**
     * orderId -> an order the SLA watch alerted on (STUCK_ORDER), until it is final: written only for
     * stuck orders. The open orders themselves are read from {@link #ORDER_TIMELINE}.
     */
    public static final String SLA_ALERTED = "monitor-sla-alerted";
    /** stage|window-start -> the window's latency statistics, per task (per input partition). */
    public static final String STAGE_WINDOWS = "monitor-stage-windows";

    /** Repartition of order-placed (and delivered shipments) by drugId, for the manufacturer. */
    public static final String STOCK_COMMANDS_BY_DRUG = "stock-commands-by-drug";
    private StoreNames() {
    }
}
