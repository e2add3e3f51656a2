package io.supplychaos.topology;

import java.util.List;
import java.util.Map;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.serde.JsonSerde;

/**
 * The supply chain's topics (docs/ARCHITECTURE.md): the paper's seven plus the dead-letter topic.
 * All are keyed by orderId except inventory-updated (drugId) and monitor-alerts (orderId or stage).
 */
public final class Topics {

    private static final Serde<String> KEY = Serdes.String();

    public static final Topic<String, Order> ORDER_PLACED = json("order-placed", Order.class);
    public static final Topic<String, Batch> DRUG_MANUFACTURED = json("drug-manufactured", Batch.class);
    public static final Topic<String, InventoryUpdate> INVENTORY_UPDATED =
            json("inventory-updated", InventoryUpdate.class);
    public static final Topic<String, Confirmation> ORDER_CONFIRMATION =
            json("order-confirmation", Confirmation.class);
    public static final Topic<String, ShipmentStatus> SHIPMENT_STATUS =
            json("shipment-status", ShipmentStatus.class);
    public static final Topic<String, Notification> NOTIFICATIONS = json("notifications", Notification.class);
    public static final Topic<String, Alert> MONITOR_ALERTS = json("monitor-alerts", Alert.class);
    /** Raw bytes of records no stage could read, with the reason and origin in headers. */
    public static final Topic<byte[], byte[]> DEAD_LETTER =
            new Topic<>("dead-letter", Serdes.ByteArray(), Serdes.ByteArray(), byte[].class);

    /** Every topic the chain reads or writes, in pipeline order; environments create these. */
    public static final List<Topic<?, ?>> ALL = List.of(ORDER_PLACED, DRUG_MANUFACTURED, INVENTORY_UPDATED,
            ORDER_CONFIRMATION, SHIPMENT_STATUS, NOTIFICATIONS, MONITOR_ALERTS, DEAD_LETTER);

    public static final List<String> SUPPLY_CHAIN_TOPIC_NAMES = ALL.stream().map(Topic::name).toList();

    /**
     * The app's Streams application.id unless its config names another
     * ({@code quarkus.kafka-streams.application-id} in application.properties): the name of its
     * Streams consumer group and the prefix of its internal topics.
     */
    public static final String APPLICATION_ID = "supply-chaos";

    /**
     * The application.id an app started with {@code appConfig} uses: {@code kafka-streams.application.id}
     * or {@code quarkus.kafka-streams.application-id} when set, else {@link #APPLICATION_ID}.
     */
    public static String applicationId(Map<String, String> appConfig) {
        String id = appConfig.get("kafka-streams.application.id");
        if (id == null) {
            id = appConfig.get("quarkus.kafka-streams.application-id");
        }
        return id == null || id.isBlank() ? APPLICATION_ID : id;
    }

    /** The consumer group of the app's SSE notifications channel ({@code mp.messaging.incoming.notifications.group.id}). */
    public static final String SSE_GROUP = "supply-chaos-sse";

    private Topics() {
    }

    private static <V> Topic<String, V> json(String name, Class<V> type) {
        return new Topic<>(name, KEY, JsonSerde.of(type), type);
    }
}
