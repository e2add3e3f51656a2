package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.topology.Topics;

/**
 * Faults inside Kafka's protocol on a real broker, through `./chaos run` and its verdict, on one
 * c1-protocol env the runs share: Produce responses dropped after the broker wrote the batch (the
 * lost ack) make a producer without idempotence write orders twice to order-placed: the checker
 * finds the copies of one send and the verdict is FAIL, though the pipeline's intake drops the
 * repeats; an idempotent producer under the same fault writes every order exactly once (PASS). The
 * exactly_once_v2 app's transactional offset commits answered with the error a rebalance gives them
 * (ILLEGAL_GENERATION), or its heartbeats answered REBALANCE_IN_PROGRESS (each member rejoins), still
 * process every order exactly once (PASS).
 */
class ProtocolFaultsIT {

    private static final int BASE_PORT = ItPorts.freeBase();

    @TempDir
    static Path shared;

    private static Path stateDir;

    @TempDir
    Path dir;

    @BeforeAll
    static void up() {
        stateDir = shared.resolve("state");
        int exit = cli(new StringWriter()).execute("up", "--env", "c1-protocol", "--state-dir", stateDir.toString(),
                "--base-port", Integer.toString(BASE_PORT));
        assertThat(exit).isZero();
    }

    @AfterAll
    static void down() {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        new AppInstances(paths).stopAll(java.time.Duration.ofSeconds(5));
        new EmbeddedEnvironment(paths).down(false);
    }

    private static CommandLine cli(StringWriter output) {
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        return cli;
    }

    private static long acted() throws IOException {
        return new ProtocolProxyApi("http://127.0.0.1:" + (BASE_PORT + 10)).links().at("/broker-1/acted").asLong();
    }

    /** order-placed's end offset (one partition in c1-protocol). */
    private static long orderPlacedEnd() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + (BASE_PORT + 41)))) {
            TopicPartition partition = new TopicPartition(Topics.ORDER_PLACED.name(), 0);
            return admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition)
                    .get(30, TimeUnit.SECONDS).offset();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read order-placed's end offset", e);
        }
    }

    @Test
    @Timeout(300)
    void droppedProduceResponsesMakeAProducerWithoutIdempotenceWriteOrdersTwiceWhichFailsTheRun() throws IOException {
        long before = acted();
        long written = orderPlacedEnd();
        JsonNode summary = run("""
                name: it-lost-ack-no-idempotence
                env: c1-protocol
                reuseEnv: true
                producer: {acks: all, enable.idempotence: false, retries: 10, max.in.flight.requests.per.connection: 1, linger.ms: 5}
                workload: {warmup: [200], orders: 2000, ratePerSecond: 200}
                faults:
                  - {at: 2s, action: drop-response, share: 0.2, for: 5s}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 60s
                """, 1);

        System.out.println("produce responses dropped: " + (acted() - before));
        assertThat(acted() - before).as("produce responses dropped").isPositive();
        long records = orderPlacedEnd() - written;
        assertThat(records).as("records written to order-placed").isGreaterThan(summary.at("/orders/acked").asLong());
        // then the copies of one send are duplicates on order-placed, named, and nothing else is duplicated
        assertThat(summary.get("verdict").asText()).isEqualTo("FAIL");
        JsonNode duplicates = summary.at("/orders/duplicates");
        long copies = duplicates.at("/byTopic/order-placed").asLong();
        assertThat(copies).as("copies of one send on order-placed").isPositive()
                .isLessThanOrEqualTo(records - summary.at("/orders/acked").asLong());
        assertThat(duplicates.get("count").asLong()).isEqualTo(copies);
        assertThat(duplicates.at("/writtenTwiceByProducer/count").asLong()).isPositive().isLessThanOrEqualTo(copies);
        String firstOrder = duplicates.at("/writtenTwiceByProducer/sample/0").asText();
        assertThat(summary.get("violations").toString()).contains("written twice by the producer: a lost ack retried"
                + " without idempotence").contains(firstOrder);
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/faults/0/action").asText()).isEqualTo("drop-response");
        assertThat(summary.at("/faults/0/error").isMissingNode() || summary.at("/faults/0/error").isNull()).isTrue();
    }

    @Test
    @Timeout(300)
    void anIdempotentProducerUnderTheSameDroppedResponsesWritesEachOrderOnce() throws IOException {
        long before = acted();
        long written = orderPlacedEnd();
        JsonNode summary = run("""
                name: it-lost-ack-idempotent
                env: c1-protocol
                reuseEnv: true
                producer: {acks: all, enable.idempotence: true, linger.ms: 5}
                workload: {warmup: [200], orders: 2000, ratePerSecond: 200}
                faults:
                  - {at: 2s, action: drop-response, share: 0.2, for: 5s}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 60s
                """, 0);

        assertThat(acted() - before).as("produce responses dropped").isPositive();
        assertThat(orderPlacedEnd() - written).as("records written to order-placed")
                .isEqualTo(summary.at("/orders/acked").asLong());
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
    }

    @Test
    @Timeout(300)
    void exactlyOnceHoldsWhenTheAppsTransactionalOffsetCommitsGetTheErrorARebalanceGivesThem() throws IOException {
        // given the exactly_once_v2 app, whose offsets go through TxnOffsetCommit in its producer's transaction:
        // a rebalance answers such a commit ILLEGAL_GENERATION (never REBALANCE_IN_PROGRESS, which the group
        // coordinator returns only to a plain OffsetCommit), the producer aborts the transaction
        // (CommitFailedException) and Streams takes its tasks as migrated and rejoins
        long before = acted();
        JsonNode summary = run("""
                name: it-eos-commit-errors
                env: c1-protocol
                reuseEnv: true
                app: {processingGuarantee: exactly_once_v2}
                workload: {warmup: [200], orders: 2000, ratePerSecond: 200}
                faults:
                  - {at: 2s, action: protocol-error, api: txn-offset-commit, error: ILLEGAL_GENERATION, share: 0.5, for: 10s}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 90s
                """, 0);

        // then the errors were returned, and every order was processed exactly once
        System.out.println("transactional offset commits answered ILLEGAL_GENERATION: " + (acted() - before));
        assertThat(acted() - before).as("transactional offset commits answered ILLEGAL_GENERATION").isPositive();
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/ok/count").asLong()).isEqualTo(summary.at("/orders/acked").asLong());
        assertThat(summary.at("/faults/0/action").asText()).isEqualTo("protocol-error");
    }

    @Test
    @Timeout(300)
    void exactlyOnceHoldsWhenTheAppsHeartbeatsAreAnsweredRebalanceInProgress() throws IOException {
        // given the exactly_once_v2 app, whose consumers learn of a rebalance from their heartbeat's answer:
        // REBALANCE_IN_PROGRESS on every Heartbeat for 10 s makes each member rejoin the group (the classic
        // protocol), so the app goes through rebalances while orders flow and its transactions are open
        long before = acted();
        JsonNode summary = run("""
                name: it-eos-rebalance-in-progress
                env: c1-protocol
                reuseEnv: true
                app: {processingGuarantee: exactly_once_v2}
                workload: {warmup: [200], orders: 2000, ratePerSecond: 200}
                faults:
                  - {at: 2s, action: protocol-error, api: heartbeat, error: REBALANCE_IN_PROGRESS, for: 10s}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 90s
                """, 0);

        // then heartbeats were answered so, and every order was processed exactly once
        System.out.println("heartbeats answered REBALANCE_IN_PROGRESS: " + (acted() - before));
        assertThat(acted() - before).as("heartbeats answered REBALANCE_IN_PROGRESS").isPositive();
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/ok/count").asLong()).isEqualTo(summary.at("/orders/acked").asLong());
    }

    private JsonNode run(String scenario, int expectedExit) throws IOException {
        Path file = Files.writeString(dir.resolve("scenario.yaml"), scenario);
        StringWriter output = new StringWriter();
        int exit = cli(output).execute("run", file.toString(), "--out", dir.resolve("out").toString(), "--state-dir",
                stateDir.toString(), "--base-port", Integer.toString(BASE_PORT));
        System.out.println(output);
        assertThat(exit).as(output.toString()).isEqualTo(expectedExit);
        StringWriter checked = new StringWriter();
        int checkExit = cli(checked).execute("check", dir.resolve("out").toString());
        assertThat(checkExit).as("./chaos check reproduces the verdict: " + checked).isEqualTo(expectedExit);
        return new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile());
    }
}
