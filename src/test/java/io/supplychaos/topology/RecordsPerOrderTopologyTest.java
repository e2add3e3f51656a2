package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;

import io.supplychaos.bench.RecordsPerOrder;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;
import io.supplychaos.topology.chain.SupplyChainTopology;

/**
 * What the whole chain writes per order, by topic and by class of topic (business, repartition,
 * changelog), counted in a TopologyTestDriver. The driver commits after every input record, so a
 * store's cache merges updates of a key within one input record only: the count is an upper bound
 * of what the chain writes with the caches on and a longer commit interval.
 */
class RecordsPerOrderTopologyTest {

    private static final int ORDERS = 400;
    /**
     * What the chain writes per order at most, all topics together, with no cache merging two writes
     * (36.0 before issue 34's cuts, 26.1 before the SLA watch moved, 24.1 before inventory-updated was
     * published per punctuation: 2 per order, now 0.2 at this rate).
     */
    private static final double MAX_RECORDS_PER_ORDER = 22.3;

    @Test
    void shouldWriteAtMostTheBudgetedRecordsPerOrderUnderExactlyOnce() {
        // given the chain as an exactly_once_v2 app builds it, and a steady stream of orders all delivered
        Map<String, Double> perOrder = recordsPerOrder(StreamsConfig.EXACTLY_ONCE_V2, true);

        // then business, repartition and changelog records together stay within the budget
        assertThat(perOrder.get("total")).as(perOrder.toString()).isLessThanOrEqualTo(MAX_RECORDS_PER_ORDER);
    }

    @Test
    void shouldWriteAtMostTheBudgetedRecordsPerOrderUnderAtLeastOnce() {
        // given the chain as an at_least_once app builds it (manufacturer-stock without a cache)
        Map<String, Double> perOrder = recordsPerOrder(StreamsConfig.AT_LEAST_ONCE, false);

        // then business, repartition and changelog records together stay within the budget
        assertThat(perOrder.get("total")).as(perOrder.toString()).isLessThanOrEqualTo(MAX_RECORDS_PER_ORDER);
    }

    @Test
    void shouldWriteNoOpenOrderAndStageWindowsPerPunctuation() {
        // given the chain under either guarantee
        for (String guarantee : new String[] {StreamsConfig.EXACTLY_ONCE_V2, StreamsConfig.AT_LEAST_ONCE}) {
            Map<String, Double> perOrder = recordsPerOrder(guarantee, guarantee.equals(StreamsConfig.EXACTLY_ONCE_V2));

            // then the SLA watch writes nothing for an order that is not stuck (it reads the open orders from the
            // notification timelines), and the stage monitor writes its windows once per punctuation, not per notification
            assertThat(perOrder).as(guarantee).doesNotContainKey("monitor-sla-deadlines-changelog");
            assertThat(perOrder.getOrDefault("monitor-sla-alerted-changelog", 0.0)).as(guarantee).isZero();
            assertThat(perOrder.get("monitor-stage-windows-changelog")).as(guarantee).isLessThan(0.5);
        }
    }

    @Test
    void shouldWriteNoMoreWithTheCachesOffThanWithThemOn() {
        // given the chain under either guarantee, with the caches on and with them off
        // (statestore.cache.max.bytes=0: also what a store whose share of a full thread cache is squeezed
        // to nothing writes, since each put then evicts and flushes at once)
        for (String guarantee : new String[] {StreamsConfig.EXACTLY_ONCE_V2, StreamsConfig.AT_LEAST_ONCE}) {
            boolean transactional = guarantee.equals(StreamsConfig.EXACTLY_ONCE_V2);
            Map<String, Double> cached = recordsPerOrder(guarantee, transactional);
            Map<String, Double> uncached = recordsPerOrder(guarantee, transactional, 0L);

            // then each stage writes its store once per input record: no cache is needed to merge the
            // four states a confirmed order's goods bring to its timeline, or anything else
            assertThat(uncached).as(guarantee).isEqualTo(cached);
        }
    }

    private static Map<String, Double> recordsPerOrder(String guarantee, boolean transactional) {
        return recordsPerOrder(guarantee, transactional, null);
    }

    /**
     * {@value #ORDERS} orders for stocked drugs, 10 ms apart on the wall clock (punctuators run as they
     * would), then two seconds more so that every order is delivered and its alerts checked.
     * @param cacheBytes statestore.cache.max.bytes, null for Streams' default
     * @return records per order by topic, by class, and "total"
     */
    private static Map<String, Double> recordsPerOrder(String guarantee, boolean transactional, Long cacheBytes) {
        SupplyChainSettings settings = SupplyChainSettings.defaults()
                .withStoreType(SupplyChainSettings.StoreType.IN_MEMORY);
        Path stateDir;
        try {
            stateDir = Files.createTempDirectory("records-per-order");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, ChainDriver.APPLICATION_ID);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        if (cacheBytes != null) {
            config.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, cacheBytes);
        }
        try (TopologyTestDriver driver = new TopologyTestDriver(SupplyChainTopology.build(settings, transactional),
                config, ChainDriver.START)) {
            TestInputTopic<String, Order> orders = driver.createInputTopic(Topics.ORDER_PLACED.name(),
                    Topics.ORDER_PLACED.keySerde().serializer(), Topics.ORDER_PLACED.valueSerde().serializer(),
                    ChainDriver.START, Duration.ZERO);
            String[] drugs = settings.catalogue().keySet().toArray(String[]::new);
            long now = ChainDriver.START.toEpochMilli();
            for (int i = 0; i < ORDERS; i++) {
                orders.pipeInput("o" + i, new Order("o" + i, "h" + (i % 7), drugs[i % drugs.length], 1 + i % 5,
                        Priority.ROUTINE, now), now);
                driver.advanceWallClockTime(Duration.ofMillis(10));
                now += 10;
            }
            for (int i = 0; i < 20; i++) {
                driver.advanceWallClockTime(Duration.ofMillis(100));
            }
            Map<String, Double> perOrder = new TreeMap<>();
            double total = 0;
            for (String topic : driver.producedTopicNames()) {
                long records = driver.createOutputTopic(topic, Serdes.ByteArray().deserializer(),
                        Serdes.ByteArray().deserializer()).getQueueSize();
                double share = (double) records / ORDERS;
                perOrder.put(topic.replace(ChainDriver.APPLICATION_ID + "-", ""), share);
                perOrder.merge(RecordsPerOrder.classOf(topic).name().toLowerCase(), share, Double::sum);
                total += share;
            }
            perOrder.put("business", perOrder.getOrDefault("business", 0.0)
                    + 1.0); // order-placed, written by the load generator, not by the chain
            perOrder.put("total", total + 1.0);
            return perOrder;
        } finally {
            try (var files = Files.walk(stateDir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
