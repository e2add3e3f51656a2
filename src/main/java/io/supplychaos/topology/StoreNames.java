package io.supplychaos.topology;

/**
 * Names of every state store, repartition topic and processor-owned changelog, in one place so
 * that changelog and repartition topic names stay stable across releases. (Called StoreNames,
 * not Stores, to stay clear of Kafka's own {@code org.apache.kafka.streams.state.Stores}.)
 */
public final class StoreNames {

    /** orderId -> first sighting of an order; a repeated orderId is dropped here. */
    public static final String ORDER_LEDGER = "order-ledger";
    /** drugId -> the drug's stock and production schedule. */
    public static final String INVENTORY = "manufacturer-inventory";
    /** drugId|sequence -> an order waiting for stock, in arrival order. */
    public static final String BACKORDERS = "manufacturer-backorders";
    /** orderId -> the order's shipment. */
    public static final String SHIPMENTS = "transport-shipments";
    /** due-time|orderId -> orderId of shipments whose next step falls due then. */
    public static final String SHIPMENT_SCHEDULE = "transport-schedule";
    /** orderId -> the states notified so far and those waiting for a predecessor. */
    public static final String ORDER_TIMELINE = "notification-timeline";
    /** deadline|orderId -> an order that is not yet final; orders past their SLA are a range scan away. */
    public static final String SLA_DEADLINES = "monitor-sla-deadlines";
    /** stage|window-start -> the window's latency statistics, per task (per input partition). */
    public static final String STAGE_WINDOWS = "monitor-stage-windows";

    /** Repartition of order-placed (and delivered shipments) by drugId, for the manufacturer. */
    public static final String STOCK_COMMANDS_BY_DRUG = "stock-commands-by-drug";
    private StoreNames() {
    }
}
