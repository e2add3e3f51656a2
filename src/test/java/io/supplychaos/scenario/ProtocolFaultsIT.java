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
 * lost ack) make a producer without idempotence write orders twice to order-placed, which the
 * pipeline's intake drops as repeats (its outputs hold no duplicate, so the verdict is PASS); an
 * idempotent producer under the same fault writes every order exactly once.
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
    void droppedProduceResponsesMakeAProducerWithoutIdempotenceWriteOrdersTwiceAndTheIntakeDropsTheRepeats() throws IOException {
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
                """, 0);

        assertThat(acted() - before).as("produce responses dropped").isPositive();
        assertThat(orderPlacedEnd() - written).as("records written to order-placed")
                .isGreaterThan(summary.at("/orders/acked").asLong());
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
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
