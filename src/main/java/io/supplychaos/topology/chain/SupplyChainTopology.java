package io.supplychaos.topology.chain;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.BranchedKStream;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

import io.supplychaos.domain.ConfirmationStatus;
import io.supplychaos.domain.Notification;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.ShipmentState;
import io.supplychaos.domain.ShipmentStatus;
import io.supplychaos.domain.SupplyEvent;
import io.supplychaos.domain.Validated;
import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.SupplyChainSettings;
import io.supplychaos.topology.Topic;
import io.supplychaos.topology.Topics;
import io.supplychaos.topology.processor.DecodeProcessor;
import io.supplychaos.topology.processor.Decoded;
import io.supplychaos.topology.processor.ManufacturerProcessor;
import io.supplychaos.topology.processor.NotificationProcessor;
import io.supplychaos.topology.processor.OrderIntakeProcessor;
import io.supplychaos.topology.processor.SlaMonitorProcessor;
import io.supplychaos.topology.processor.StageLatencyProcessor;
import io.supplychaos.topology.processor.TransportProcessor;
import io.supplychaos.topology.serde.JsonSerde;
import io.supplychaos.topology.serde.StageWindowSerde;
import io.supplychaos.topology.state.LedgerEntry;
import io.supplychaos.topology.state.ManufacturerEntry;
import io.supplychaos.topology.state.OpenOrder;
import io.supplychaos.topology.state.OrderTimeline;
import io.supplychaos.topology.state.Shipment;
import io.supplychaos.topology.state.Shipped;
import io.supplychaos.topology.state.StageSample;
import io.supplychaos.topology.state.StatusEvent;
import io.supplychaos.topology.state.StockCommand;

/**
 * Builds the drug supply chain as one Kafka Streams topology (see topology/README.md for the
 * diagram). A stage reads a topic where its key or its task changes (the manufacturer works by
 * drug, the others by order), and otherwise takes its input in process:
 * <pre>
 * order-placed -> intake (dedup) --------+-> [stock-commands-by-drug] -> manufacturer (dedup) -> order-confirmation,
 * transport's DELIVERED (in process) ----+                                  drug-manufactured, inventory-updated
 * drug-manufactured -> transport -> shipment-status; the goods' CONFIRMED and transport's states as one input to notification
 *                      (and transport's DELIVERED to the release)
 * order-confirmation (REJECTED, BACKORDERED) + the above -> notification -> notifications
 * notification -> SLA monitor (same task) -> monitor-alerts;  notifications -> stage monitor -> monitor-alerts
 * </pre>
 * Transport and notification are both keyed by orderId, so transport's shipment states reach the
 * notification stage and the stock release in the same task and, under exactly_once_v2, in the same
 * transaction: reading shipment-status back would cost every order a commit interval more
 * (docs/PERFORMANCE.md, "Three commits instead of four"). shipment-status is still written for its
 * readers (the run's checker, a hospital's systems); the app does not read it. Likewise the
 * notification stage tells CONFIRMED from the goods (the manufacturer writes both in one
 * transaction, the goods saying whether the order was backordered first) rather than from
 * order-confirmation: the two topics are fetched apart, and a confirmation read one commit before
 * its goods cost each order a second timeline write under exactly_once_v2 (docs/PERFORMANCE.md,
 * "One timeline write per order"). A CONFIRMED on order-confirmation is not read by the app.
 * Transport forwards each step (a goods record, a move of its punctuator) as one {@link Shipped}, and
 * the notification stage takes the states of one step as one input: one timeline write for the
 * four states of a confirmed order, where four puts cost four changelog records whenever the
 * store's share of the thread cache is too small to merge them (docs/PERFORMANCE.md, session 14).
 * Every source is decoded by a {@link DecodeProcessor}; malformed records go to dead-letter.
 * Every processor, store and repartition topic is named (names in {@link StoreNames}) so that
 * changelog and repartition topics keep their names. Per-order entries are deleted
 * {@code orderRetention} after the order ended (see {@link SupplyChainSettings}); the deletion
 * times are kept in memory by each processor, rebuilt from its store at init. Pure: no framework
 * types, no I/O.
 */
public final class SupplyChainTopology {

    private SupplyChainTopology() {
    }

    /** The topology for any processing guarantee: {@code build(settings, false)}. */
    public static Topology build(SupplyChainSettings settings) {
        return build(settings, false);
    }

    /**
     * @param transactional true when the app runs exactly_once_v2: a production run's answers and its
     *                      stock write then commit or abort together, and the manufacturer tracks no
     *                      unsent answers (see {@link ManufacturerProcessor}). manufacturer-stock and
     *                      the stage windows have a cache under both guarantees (repeated updates of a
     *                      key reach the changelog once per commit; statestore.cache.max.bytes=0 turns
     *                      them off); the stores written once per input record have none.
     */
    public static Topology build(SupplyChainSettings settings, boolean transactional) {
        return build(settings, transactional, UnaryOperator.identity());
    }

    /**
     * @param stores wraps each store's supplier (the settings' store type): a test restores a store
     *               from a changelog through it before the processors' init, as Streams restores a
     *               task's stores before it initialises the task's processors
     */
    public static Topology build(SupplyChainSettings settings, boolean transactional,
                                 UnaryOperator<KeyValueBytesStoreSupplier> stores) {
        StreamsBuilder builder = new StreamsBuilder();
        addStores(builder, settings.storeType(), stores);

        KStream<String, Order> accepted = decoded(builder, Topics.ORDER_PLACED)
                .process(() -> new OrderIntakeProcessor(settings), Named.as("order-intake"),
                        StoreNames.ORDER_LEDGER);
        // transport forwards each step as one input for the notification stage: the goods' CONFIRMED and
        // the states it sent for them; the states go on to shipment-status (and DELIVERED to the release) one by one
        KStream<String, Shipped> shipped = decoded(builder, Topics.DRUG_MANUFACTURED)
                .process(() -> new TransportProcessor(settings), Named.as("transport"),
                        StoreNames.SHIPMENTS);
        KStream<String, ShipmentStatus> shipments = shipped.flatMapValues(Shipped::states, Named.as("shipment-states"));
        shipments.to(Topics.SHIPMENT_STATUS.name(), produced(Topics.SHIPMENT_STATUS, "transport"));

        KStream<String, StockCommand> reservations =
                accepted.mapValues(StockCommand::reserve, Named.as("reserve-command"));
        KStream<String, StockCommand> releases = shipments
                .filter((orderId, shipment) -> shipment.status() == ShipmentState.DELIVERED, Named.as("delivered"))
                .mapValues(StockCommand::release, Named.as("release-command"));
        KStream<String, SupplyEvent> manufactured = reservations.merge(releases, Named.as("stock-commands"))
                .selectKey((orderId, command) -> command.drugId(), Named.as("key-by-drug"))
                .repartition(Repartitioned.<String, StockCommand>as(StoreNames.STOCK_COMMANDS_BY_DRUG)
                        .withKeySerde(Serdes.String()).withValueSerde(JsonSerde.of(StockCommand.class)))
                .process(() -> new ManufacturerProcessor(settings, transactional), Named.as("manufacturer"),
                        StoreNames.MANUFACTURER_STOCK);
        route(manufactured, "manufacturer", Topics.ORDER_CONFIRMATION, Topics.DRUG_MANUFACTURED,
                Topics.INVENTORY_UPDATED);

        // REJECTED and BACKORDERED from order-confirmation; a CONFIRMED there is told from its goods
        KStream<String, List<StatusEvent>> answered = decoded(builder, Topics.ORDER_CONFIRMATION)
                .filterNot((orderId, confirmation) -> confirmation.status() == ConfirmationStatus.CONFIRMED,
                        Named.as("confirmed-by-goods"))
                .mapValues(confirmation -> List.of(StatusEvent.of(confirmation)), Named.as("confirmation-to-status"));
        KStream<String, Notification> notified = answered
                .merge(shipped.mapValues(Shipped::statusEvents, Named.as("shipped-to-statuses")), Named.as("order-statuses"))
                .process(() -> new NotificationProcessor(settings), Named.as("notification"),
                        StoreNames.ORDER_TIMELINE);
        notified.to(Topics.NOTIFICATIONS.name(), produced(Topics.NOTIFICATIONS, "notification"));
        // the SLA watch beside the notification stage: it reads the open orders from the timelines
        notified.process(() -> new SlaMonitorProcessor(settings), Named.as("sla-monitor"),
                        StoreNames.ORDER_TIMELINE, StoreNames.SLA_ALERTED)
                .to(Topics.MONITOR_ALERTS.name(), produced(Topics.MONITOR_ALERTS, "sla-monitor"));

        KStream<String, Notification> notifications = decoded(builder, Topics.NOTIFICATIONS);
        notifications.mapValues(StageSample::of, Named.as("stage-sample"))
                .process(() -> new StageLatencyProcessor(settings), Named.as("stage-monitor"), StoreNames.STAGE_WINDOWS)
                .to(Topics.MONITOR_ALERTS.name(), produced(Topics.MONITOR_ALERTS, "stage-monitor"));

        return builder.build();
    }

    /**
     * The stores, and which have a cache. Streams' thread cache is shared by a thread's stores, but
     * once full it evicts only from the store being written, flushing all that store's dirty entries
     * at each eviction: the shares freeze as they stood when it first filled, and a store squeezed then
     * writes every put to its changelog for the rest of the run. A cache therefore goes only where it
     * merges writes: manufacturer-stock, whose drug entries every stock command writes again (and whose
     * crash rule needs the cache's flush in last-write order, {@code ManufacturerStock}), and the stage
     * windows, written per punctuation. The order ledger and the shipments are written once per order,
     * the timeline once per input record ({@link NotificationProcessor}): a cache would only hold
     * their clean entries and take the manufacturer's share (docs/PERFORMANCE.md, session 14).
     */
    private static void addStores(StreamsBuilder builder, SupplyChainSettings.StoreType storeType,
                                  UnaryOperator<KeyValueBytesStoreSupplier> wrap) {
        builder.addStateStore(keyValueStore(StoreNames.ORDER_LEDGER, JsonSerde.of(LedgerEntry.class), false, storeType, wrap));
        builder.addStateStore(keyValueStore(StoreNames.SHIPMENTS, JsonSerde.of(Shipment.class), false, storeType, wrap));
        builder.addStateStore(keyValueStore(StoreNames.ORDER_TIMELINE, JsonSerde.of(OrderTimeline.class), false, storeType,
                wrap));
        builder.addStateStore(keyValueStore(StoreNames.SLA_ALERTED, JsonSerde.of(OpenOrder.class), false, storeType, wrap));
        builder.addStateStore(keyValueStore(StoreNames.STAGE_WINDOWS, new StageWindowSerde(), true, storeType, wrap));
        builder.addStateStore(keyValueStore(StoreNames.MANUFACTURER_STOCK, JsonSerde.of(ManufacturerEntry.class), true,
                storeType, wrap));
    }

    private static <V> StoreBuilder<?> keyValueStore(String name, Serde<V> valueSerde, boolean cached,
                                                     SupplyChainSettings.StoreType storeType,
                                                     UnaryOperator<KeyValueBytesStoreSupplier> wrap) {
        KeyValueBytesStoreSupplier supplier = wrap.apply(storeType == SupplyChainSettings.StoreType.IN_MEMORY
                ? Stores.inMemoryKeyValueStore(name) : Stores.persistentKeyValueStore(name));
        StoreBuilder<KeyValueStore<String, V>> store = Stores.keyValueStoreBuilder(supplier, Serdes.String(), valueSerde);
        return cached ? store.withCachingEnabled() : store.withCachingDisabled();
    }

    /**
     * Reads a topic as raw bytes, decodes it, sends what cannot be used to the dead-letter topic
     * and returns the usable records keyed as written.
     */
    private static <T extends Validated> KStream<String, T> decoded(StreamsBuilder builder, Topic<String, T> topic) {
        String name = topic.name();
        Map<String, KStream<String, Decoded<T>>> branches = builder
                .stream(name, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()).withName(name + "-source"))
                .process(() -> new DecodeProcessor<>(topic), Named.as(name + "-decode"))
                .split(Named.as(name + "-decoded-"))
                .branch((key, decoded) -> decoded.isMalformed(), Branched.as("malformed"))
                .defaultBranch(Branched.as("valid"));
        branches.get(name + "-decoded-malformed")
                .map((key, decoded) -> KeyValue.pair(decoded.rawKey(), decoded.rawValue()), Named.as(name + "-raw"))
                .to(Topics.DEAD_LETTER.name(), produced(Topics.DEAD_LETTER, name));
        return branches.get(name + "-decoded-valid").mapValues(Decoded::value, Named.as(name + "-value"));
    }

    /** Sends each event of a stage to the topic of its type. */
    @SafeVarargs
    private static void route(KStream<String, SupplyEvent> events, String stage,
                              Topic<String, ? extends SupplyEvent>... topics) {
        BranchedKStream<String, SupplyEvent> split = events.split(Named.as(stage + "-branch-"));
        for (Topic<String, ? extends SupplyEvent> topic : topics) {
            split = split.branch((key, event) -> topic.valueType().isInstance(event),
                    Branched.withConsumer(stream -> sendTo(stream, stage, topic), topic.name()));
        }
        split.noDefaultBranch();
    }

    private static <V extends SupplyEvent> void sendTo(KStream<String, SupplyEvent> events, String stage,
                                                       Topic<String, V> topic) {
        events.mapValues(event -> topic.valueType().cast(event), Named.as(stage + "-as-" + topic.name()))
                .to(topic.name(), produced(topic, stage));
    }

    private static <K, V> Produced<K, V> produced(Topic<K, V> topic, String writer) {
        return Produced.with(topic.keySerde(), topic.valueSerde()).withName(writer + "-to-" + topic.name());
    }
}
