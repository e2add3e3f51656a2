package io.supplychaos.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

import io.supplychaos.domain.Alert;
import io.supplychaos.domain.Batch;
import io.supplychaos.domain.Confirmation;
import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.InventoryUpdate;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.OrderStatus;
import io.supplychaos.domain.Priority;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.topology.chain.SupplyChainTopology;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.state.StockCommand;

/**
 * The whole supply-chain topology in a TopologyTestDriver with exactly-once processing, a wall
 * clock under the test's control, and a typed handle on every topic.
 */
final class ChainDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-01-05T08:00:00Z");
    static final String APPLICATION_ID = "supply-chaos-test";

    final TopologyTestDriver driver;
    final TestInputTopic<String, Order> orders;
    final TestInputTopic<String, byte[]> rawOrders;
    final TestInputTopic<String, Batch> goodsIn;
    final TestInputTopic<String, Confirmation> confirmationsIn;
    final TestInputTopic<String, Notification> notificationsIn;
    /** The stock-command repartition topic, keyed by drugId: what any intake task or delivery writes. */
    final TestInputTopic<String, StockCommand> stockCommandsIn;
    final TestOutputTopic<String, Confirmation> confirmations;
    final TestOutputTopic<String, Batch> goods;
    final TestOutputTopic<String, InventoryUpdate> inventory;
    final TestOutputTopic<String, ShipmentStatus> shipments;
    final TestOutputTopic<String, Notification> notifications;
    final TestOutputTopic<String, Alert> alerts;
    final TestOutputTopic<byte[], byte[]> deadLetters;
    private final Path stateDir;
    private Instant wallClock = START;

    private ChainDriver(SupplyChainSettings settings, Map<String, List<KeyValue<String, byte[]>>> restored) {
        try {
            stateDir = Files.createTempDirectory("supply-chaos-ttd");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(SupplyChainTopology.build(settings, false, RestoredStores.from(restored)), config,
                START);
        orders = input(Topics.ORDER_PLACED);
        rawOrders = driver.createInputTopic(Topics.ORDER_PLACED.name(), Serdes.String().serializer(),
                Serdes.ByteArray().serializer(), START, Duration.ZERO);
        goodsIn = input(Topics.DRUG_MANUFACTURED);
        confirmationsIn = input(Topics.ORDER_CONFIRMATION);
        notificationsIn = input(Topics.NOTIFICATIONS);
        stockCommandsIn = driver.createInputTopic(internalTopic(StoreNames.STOCK_COMMANDS_BY_DRUG + "-repartition"),
                Serdes.String().serializer(), JsonSerde.of(StockCommand.class).serializer(), START, Duration.ZERO);
        confirmations = output(Topics.ORDER_CONFIRMATION);
        goods = output(Topics.DRUG_MANUFACTURED);
        inventory = output(Topics.INVENTORY_UPDATED);
        shipments = output(Topics.SHIPMENT_STATUS);
        notifications = output(Topics.NOTIFICATIONS);
        alerts = output(Topics.MONITOR_ALERTS);
        deadLetters = output(Topics.DEAD_LETTER);
    }

    static ChainDriver start(SupplyChainSettings settings) {
        return new ChainDriver(settings, Map.of());
    }

    /**
     * A driver whose stores start with what survived of their changelogs (store name -> records, raw
     * values), restored before the processors' init as Streams restores a task that is taken over.
     */
    static ChainDriver restoredFrom(SupplyChainSettings settings, Map<String, List<KeyValue<String, byte[]>>> restored) {
        return new ChainDriver(settings, restored);
    }

    /**
     * Two drugs with a little stock, small batches, slow production: backorders are easy to cause.
     * Heap stores, because the driver commits (and RocksDB flushes) after every record and tick.
     */
    static SupplyChainSettings smallSettings() {
        return SupplyChainSettings.defaults().withStoreType(SupplyChainSettings.StoreType.IN_MEMORY)
                .withCatalogue(java.util.Map.of("insulin", 10, "heparin", 5))
                .withProduction(8, Duration.ofSeconds(2));
    }

    long now() {
        return wallClock.toEpochMilli();
    }

    void advance(Duration duration) {
        wallClock = wallClock.plus(duration);
        driver.advanceWallClockTime(duration);
    }

    Order order(String orderId, String drugId, int quantity) {
        return new Order(orderId, "hospital-1", drugId, quantity, Priority.ROUTINE, now());
    }

    void place(Order order) {
        orders.pipeInput(order.orderId(), order, now());
    }

    /**
     * A confirmation (BACKORDERED, CONFIRMED, REJECTED) on order-confirmation, stamped now, as the
     * manufacturer writes it. The notification stage reads REJECTED and BACKORDERED from it; a
     * CONFIRMED it tells from the goods ({@link #ship}).
     */
    void confirm(String orderId, ConfirmationStatus status, long placedAt) {
        confirmationsIn.pipeInput(orderId, new Confirmation(orderId, "hospital-1", "insulin", 1, status,
                status == ConfirmationStatus.CONFIRMED ? null : "test", placedAt, now()), now());
    }

    /**
     * The order's goods on drug-manufactured, stamped now: the notification stage tells CONFIRMED from
     * them, and transport ships them through DISPATCHED, IN_TRANSIT and DELIVERED (at once with transit
     * time zero, as the clock advances otherwise) and hands each state to the notification stage and,
     * DELIVERED, to the stock release, in process.
     */
    void ship(String orderId, long placedAt) {
        goodsIn.pipeInput(orderId, new Batch(orderId, "hospital-1", "insulin", "b-" + orderId, 1, placedAt, now()), now());
    }

    /** A topic Streams names after the application id: repartition and changelog topics. */
    static String internalTopic(String name) {
        return APPLICATION_ID + "-" + name;
    }

    /** The changelog of a store, keyed by orderId, values raw (null is a tombstone). */
    TestOutputTopic<String, byte[]> changelog(String store) {
        return driver.createOutputTopic(internalTopic(store + "-changelog"), Serdes.String().deserializer(),
                Serdes.ByteArray().deserializer());
    }

    private <V> TestInputTopic<String, V> input(Topic<String, V> topic) {
        return driver.createInputTopic(topic.name(), topic.keySerde().serializer(), topic.valueSerde().serializer(),
                START, Duration.ZERO);
    }

    private <K, V> TestOutputTopic<K, V> output(Topic<K, V> topic) {
        return driver.createOutputTopic(topic.name(), topic.keySerde().deserializer(), topic.valueSerde().deserializer());
    }

    @Override
    public void close() {
        driver.close();
        try (var files = Files.walk(stateDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
