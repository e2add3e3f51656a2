package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.time.Poll;

/**
 * The checker's proofs on real clusters: a defect is planted (or a fault makes one), and the run
 * must report it, every time. These runs share one C2 env (3 partitions, round-robin, RF 2) through
 * {@code reuseEnv}; the run that kills C1's only broker for good brings up its own, in
 * {@link PlantedDefectsC1IT} (so that the two run side by side). Each run is asserted to have left
 * no app instance behind before anything here cleans up, and `./chaos check` to reproduce its verdict.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlantedDefectsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STOCK_COMMANDS = "supply-chaos-stock-commands-by-drug-repartition";

    @TempDir
    static Path shared;
    private static Path stateDir;
    private static EnvState c2;

    @TempDir
    Path dir;

    @BeforeAll
    static void upSharedEnv() {
        stateDir = shared.resolve("state");
        int exit = cli("up", "--env", "c2", "--state-dir", stateDir.toString(), "--base-port",
                Integer.toString(ItPorts.freeBase())).exit();
        assertThat(exit).isZero();
        c2 = new EmbeddedEnvironment(paths(stateDir)).running().orElseThrow();
    }

    @AfterAll
    static void downSharedEnv() {
        if (stateDir != null) {
            new AppInstances(paths(stateDir)).stopAll(Duration.ofSeconds(5));
            new EmbeddedEnvironment(paths(stateDir)).down(false);
        }
    }

    @Test
    @Order(1)
    @Timeout(300)
    void shouldAbsorbAnOrderPlacedAgainOnAnotherPartitionWithStockIntact() throws Exception {
        // given a run on 3 round-robin partitions
        CompletableFuture<PlantedRun> run = start("""
                name: it-replaced-order
                env: c2
                reuseEnv: true
                workload: {warmup: [200], orders: 1500, ratePerSecond: 150}
                drainTimeout: 60s
                """);
        // when an order already placed is placed again, byte for byte, on another partition
        ConsumerRecord<byte[], byte[]> original = firstRecord(c2, "order-placed", record -> true);
        int otherPartition = (original.partition() + 1) % 3;
        produce(c2, new ProducerRecord<>("order-placed", otherPartition, original.key(), original.value()));
        String orderId = new String(original.key());
        PlantedRun done = run.get();

        // then the history shows it on two partitions, and the pipeline handled it once
        List<HistoryEvent.Placed> copies = done.history().stream()
                .filter(HistoryEvent.Placed.class::isInstance).map(HistoryEvent.Placed.class::cast)
                .filter(placed -> orderId.equals(placed.orderId())).toList();
        assertThat(copies).as("the planted copy was read back").hasSize(2);
        assertThat(done.summary().get("verdict").asText()).as(done.output()).isEqualTo("PASS");
        assertThat(done.exit()).isZero();
        assertThat(done.summary().at("/orders/duplicates/count").asLong()).isZero();
        assertThat(done.summary().at("/orders/stock/violations/count").asLong()).isZero();
    }

    @Test
    @Order(2)
    @Timeout(300)
    void shouldReportAStockCommandPlantedTwiceAsADuplicateWhileTheManufacturerKeepsTheStockIntact() throws Exception {
        CompletableFuture<PlantedRun> run = start("""
                name: it-planted-stock-command
                env: c2
                reuseEnv: true
                workload: {warmup: [200], orders: 1500, ratePerSecond: 150}
                drainTimeout: 60s
                """);
        // when a RESERVE already on the repartition topic is written there again
        ConsumerRecord<byte[], byte[]> reserve = firstRecord(c2, STOCK_COMMANDS,
                record -> new String(record.value()).contains("\"RESERVE\""));
        produce(c2, new ProducerRecord<>(STOCK_COMMANDS, reserve.partition(), reserve.key(), reserve.value()));
        String orderId = JSON.readTree(reserve.value()).get("orderId").asText();
        PlantedRun done = run.get();

        // then the copy is a duplicate on the stock-commands topic, which fails the run (duplicates: 0),
        // and the manufacturer recognised it (its guard and the stock are one store): stock moved once
        assertThat(done.exit()).as(done.output()).isEqualTo(1);
        assertThat(done.summary().get("verdict").asText()).isEqualTo("FAIL");
        assertThat(done.summary().at("/orders/duplicates/count").asLong()).as(done.output()).isEqualTo(1);
        assertThat(done.summary().get("violations").toString()).as(done.output()).contains(orderId + " stock-commands RESERVE x2");
        assertThat(done.summary().at("/orders/stock/violations/count").asLong()).as(done.output()).isZero();
    }

    @Test
    @Order(3)
    @Timeout(300)
    void shouldFailWhenAScheduledFaultCannotBeInjected() throws Exception {
        // broker 1 is running, so it cannot be resumed: the load-time check passes, the injection fails
        PlantedRun done = start("""
                name: it-fault-not-injected
                env: c2
                reuseEnv: true
                workload: {warmup: [100], orders: 600, ratePerSecond: 150}
                faults:
                  - {at: 1s, action: resume-broker, target: 1}
                drainTimeout: 60s
                """).get();

        assertThat(done.exit()).as(done.output()).isEqualTo(1);
        assertThat(done.summary().get("verdict").asText()).isEqualTo("FAIL");
        assertThat(done.summary().get("violations").toString()).contains("resume-broker");
    }

    @Test
    @Order(4)
    @Timeout(300)
    void shouldFailWithNoProgressWhenEveryClientLinkIsCutForTheWholeRun() throws Exception {
        long began = System.currentTimeMillis();
        PlantedRun done = start("""
                name: it-cut-from-the-start
                env: c2
                reuseEnv: true
                workload: {warmup: none, orders: 600, ratePerSecond: 100}
                faults:
                  - {at: 0s, action: cut, target: all, link: client}
                stallTimeout: 10s
                drainTimeout: 20s
                """).get();

        assertThat(done.exit()).as(done.output()).isEqualTo(1);
        assertThat(done.summary().get("verdict").asText()).isEqualTo("FAIL");
        assertThat(done.summary().at("/orders/acked").asLong()).isZero();
        assertThat(done.summary().get("violations").toString()).contains("no progress");
        assertThat(System.currentTimeMillis() - began).as("bounded").isLessThan(Duration.ofMinutes(3).toMillis());
    }

    @Test
    @Order(5)
    @Timeout(360)
    void shouldCountWhatAtLeastOnceCostsUnderAnAppKillAndJudgeItByTheExpectation() throws Exception {
        PlantedRun done = start("""
                name: it-alos-kill-app
                env: c2
                reuseEnv: true
                app: {instances: 2, processingGuarantee: at_least_once, config: {kafka-streams.commit.interval.ms: 600000}}
                workload: {warmup: [200], orders: 3000, ratePerSecond: 200}
                faults:
                  - {at: 5s, action: kill-app, target: "app:1"}
                expect: {lost: 0, duplicates: 0}
                drainTimeout: 30s
                """).get();

        // at_least_once commits what it processed only every commit interval, here longer than the run,
        // and the stores' caches write their changelogs only at a commit. So nothing instance 1 processed
        // before its SIGKILL is committed, and the instance that takes its tasks over restores stores
        // that never saw those orders and processes them again, writing the records instance 1 had
        // already written: duplicates are certain (with the default 30 s interval a kill may land just
        // after a commit and cost nothing, which is why this run sets it), and with duplicates: 0 the
        // one verdict is FAIL. Stock is not among the costs: the manufacturer keeps the stock and its
        // guard in one store written in order, so a stock command processed again moves nothing
        // (duplicate stock commands and answers remain, named as duplicates). Whatever else the crash
        // cost (out of order, stuck or incomplete orders) must be named too, and none of it blamed on
        // Kafka (lost) or on the tool (unexpected, malformed)
        assertThat(done.summary().get("verdict").asText()).as(done.output()).isEqualTo("FAIL");
        assertThat(done.exit()).isEqualTo(1);
        assertThat(done.summary().at("/orders/duplicates/count").asLong()).as(done.output()).isPositive();
        assertThat(done.summary().get("violations").toString()).as(done.output()).contains("duplicates ");
        // stock is judged once the chain quiesced, and then no command processed again moved it; when
        // orders stayed stuck after the kill (a known gap, issue 34: a confirmation the manufacturer's
        // punctuator sent just before the crash is not sent again) the figures cannot be judged and
        // the summary must say so and name the stuck orders, which fail the run on their own
        if (done.summary().at("/orders/stuck/count").asLong() == 0) {
            assertThat(done.summary().at("/orders/stock/violations/count").asLong()).as(done.output()).isZero();
        } else {
            assertThat(done.output()).contains("stock not judged: the chain did not quiesce");
        }
        Map<String, String> costs = Map.of(
                "/orders/outOfOrder/count", "out of order ",
                "/orders/stuck/count", "stuck ",
                "/orders/incompleteLifecycle/count", "incomplete lifecycle ");
        String violations = done.summary().get("violations").toString();
        for (Map.Entry<String, String> cost : costs.entrySet()) {
            JsonNode count = done.summary().at(cost.getKey());
            assertThat(count.isNumber()).as(cost.getKey()).isTrue();
            if (count.asLong() > 0) {
                assertThat(violations).as(done.output()).contains(cost.getValue());
            }
        }
        assertThat(done.summary().at("/orders/lost/count").asLong()).as(done.output()).isZero();
        assertThat(done.summary().at("/orders/unexpected/count").asLong()).isZero();
        assertThat(done.summary().at("/orders/malformed/count").asLong()).isZero();
    }

    // ---- running ----

    private CompletableFuture<PlantedRun> start(String scenario) {
        return CompletableFuture.supplyAsync(() -> PlantedRun.run(dir, scenario, stateDir, false));
    }

    private static PlantedRun.Cli cli(String... args) {
        return PlantedRun.cli(args);
    }

    private static ChaosPaths paths(Path state) {
        return PlantedRun.paths(state);
    }

    // ---- planting ----

    /** The first record of {@code topic} that matches, waiting (bounded) until the run has written one. */
    private static ConsumerRecord<byte[], byte[]> firstRecord(EnvState env, String topic,
                                                              Predicate<ConsumerRecord<byte[], byte[]>> wanted) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, env.bootstrapServers());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            // from the end as it is now: the shared env holds earlier runs' records, this run has not sent yet
            List<TopicPartition> partitions = new ArrayList<>();
            Poll.require(topic + " to exist", Duration.ofSeconds(120), () -> {
                partitions.clear();
                consumer.partitionsFor(topic, Duration.ofSeconds(5))
                        .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
                return !partitions.isEmpty();
            });
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position);
            Optional<ConsumerRecord<byte[], byte[]>> found = Poll.value(Duration.ofSeconds(120), Duration.ofMillis(10),
                    () -> {
                        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                            if (wanted.test(record)) {
                                return record;
                            }
                        }
                        return null;
                    });
            return found.orElseThrow(() -> new AssertionError("no record on " + topic + " within 120 s"));
        }
    }

    private static void produce(EnvState env, ProducerRecord<byte[], byte[]> record) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, env.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            producer.send(record).get();
        }
    }
}
