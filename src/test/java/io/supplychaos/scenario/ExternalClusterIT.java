package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;

/**
 * {@code kind: external} end to end: a C3 cluster brought up by {@code ./chaos up} in a state
 * directory of its own (the "foreign" cluster), then a run in another state directory that knows
 * it only by its bootstrap servers, its Toxiproxy API and broker commands, which are the CLI's own
 * {@code kill-broker}/{@code start-broker} on the foreign state directory. The run delays the
 * client links through that Toxiproxy and kills and restarts a partition leader through the
 * commands (the kill is held 8 s from the moment the kill command returned, then healed by the
 * start command: a command-line hook may take seconds on a loaded machine); it must PASS with nothing lost, record every fault as injected, and leave the foreign
 * cluster running with its topics. Both tests attach to one foreign cluster, as two users of one
 * shared cluster would: the attach-only test first, then the run whose faults it survives. Tagged
 * {@code full}: it runs in {@code mvn verify -Pfull} (and CI), not in the default {@code mvn verify}.
 */
@Tag("full")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExternalClusterIT {

    @TempDir
    static Path shared;
    private static ChaosPaths foreign;

    @TempDir
    Path dir;

    @BeforeAll
    static void bringUpAForeignCluster() {
        foreign = ChaosPaths.defaults().withStateDir(shared.resolve("foreign"));
        StringWriter output = new StringWriter();
        int exit = cli(output).execute("up", "--env", "c3", "--state-dir", foreign.stateDir().toString(),
                "--base-port", Integer.toString(ItPorts.freeBase()));
        assertThat(exit).as(output.toString()).isZero();
    }

    @AfterAll
    static void stopTheForeignCluster() {
        if (foreign != null) {
            new EmbeddedEnvironment(foreign).down(false);
        }
    }

    @Test
    @Order(2)
    @Timeout(420)
    void shouldPassWithFaultsThroughTheForeignToxiproxyAndBrokerCommandsAndLeaveTheClusterRunning() throws IOException {
        EnvState cluster = new EmbeddedEnvironment(foreign).running().orElseThrow();
        Path scenario = Files.writeString(dir.resolve("external.yaml"), """
                name: it-external
                env:
                  name: staging
                  kind: external
                  brokers: 3
                  replicationFactor: 3
                  partitions: 6
                  minInsyncReplicas: 2
                  bootstrapServers: %s
                  toxiproxy: %s
                  brokerCommands:
                    kill: %s
                    start: %s
                  metrics:
                    jmx: %s
                app: {processingGuarantee: exactly_once_v2}
                producer: {acks: all, enable.idempotence: true}
                workload: {warmup: [300], orders: 2500, ratePerSecond: 100}
                faults:
                  - {at: 2s, action: delay, ms: 50, for: 6s}
                  - {at: 10s, action: kill-broker, target: leader-of order-placed:0, for: 8s}
                expect: {lost: 0, duplicates: 0}
                drainTimeout: 90s
                """.formatted(cluster.bootstrapServers(), cluster.toxiproxyApi(), hook("kill-broker"), hook("start-broker"),
                cluster.brokers().stream().map(b -> "\"" + b.id() + "\": \"127.0.0.1:" + b.jmxPort() + "\"")
                        .collect(Collectors.joining(", ", "{", "}"))));
        Path runState = dir.resolve("run-state");
        ChaosPaths runPaths = ChaosPaths.defaults().withStateDir(runState);
        StringWriter output = new StringWriter();

        int exit = cli(output).execute("run", scenario.toString(), "--out", dir.resolve("out").toString(),
                "--state-dir", runState.toString());

        System.out.println(output);
        // what the run left, before anything here cleans up
        Optional<EnvState> after = new EmbeddedEnvironment(foreign).running();
        List<AppInstances.AppInstance> appsLeft = new AppInstances(runPaths).read();
        Optional<Attachment> attachmentLeft = Attachment.read(runState);
        new AppInstances(runPaths).stopAll(Duration.ofSeconds(5));

        assertThat(exit).as(output.toString()).isZero();
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        assertThat(summary.at("/orders/acked").asLong()).isEqualTo(2800);
        assertThat(summary.get("faults")).hasSize(2);
        assertThat(summary.get("brokerMetricsSource").asText()).as("remote JMX of the foreign brokers").startsWith("JMX");
        for (JsonNode fault : summary.get("faults")) {
            assertThat(fault.path("error").isMissingNode() || fault.path("error").isNull())
                    .as("injected: " + fault).isTrue();
            assertThat(fault.path("injectedAt").asLong()).as("injected: " + fault).isPositive();
        }
        assertThat(summary.at("/faults/1/action").asText()).isEqualTo("kill-broker");
        assertThat(summary.at("/faults/1/healedAt").asLong()).as("the start command healed the kill").isPositive();
        assertThat(appsLeft).as("apps left by the run").isEmpty();
        assertThat(attachmentLeft).as("the run forgets the cluster it attached to").isEmpty();
        assertThat(after).as("the foreign cluster still runs").isPresent();
        assertThat(after.get().brokers()).allSatisfy(broker ->
                assertThat(ProcessControl.isOurs(broker.pid(), broker.configFile())).as("broker " + broker.id() + " runs").isTrue());
    }

    @Test
    @Order(1)
    @Timeout(120)
    void shouldAttachWithUpShowItInStatusAndLeaveTheClusterRunningOnDown() throws IOException {
        EnvState cluster = new EmbeddedEnvironment(foreign).running().orElseThrow();
        Path envFile = Files.writeString(dir.resolve("staging.yaml"), """
                kind: external
                brokers: 3
                replicationFactor: 3
                partitions: 6
                minInsyncReplicas: 2
                bootstrapServers: %s
                """.formatted(cluster.bootstrapServers()));
        String state = dir.resolve("attach-state").toString();
        StringWriter up = new StringWriter();
        StringWriter status = new StringWriter();
        StringWriter down = new StringWriter();

        int upExit = cli(up).execute("up", "--env", envFile.toString(), "--state-dir", state);
        int statusExit = cli(status).execute("status", "--state-dir", state);
        int downExit = cli(down).execute("down", "--state-dir", state);

        assertThat(upExit).as(up.toString()).isZero();
        assertThat(up.toString()).contains("env staging (external) attached", "topics present with 6 partitions, RF 3, min ISR 2");
        assertThat(statusExit).as(status.toString()).isZero();
        assertThat(status.toString()).contains("env staging (external", "registered [1, 2, 3]");
        assertThat(downExit).as(down.toString()).isZero();
        assertThat(down.toString()).contains("left the cluster of env staging running");
        assertThat(Attachment.read(Path.of(state))).isEmpty();
        assertThat(new EmbeddedEnvironment(foreign).running()).as("the foreign cluster still runs").isPresent();
    }

    /** The CLI's own fault verb on the foreign state directory, as a broker command with {id}. */
    private String hook(String verb) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path home = ChaosPaths.defaults().home();
        String classpath = home.resolve("target/classes") + ":" + read(home.resolve("target/cli-classpath.txt"));
        return List.of(java, "-XX:TieredStopAtLevel=1", "-Dsupply.home=" + home, "-cp", classpath,
                        "io.supplychaos.cli.ChaosCli", verb, "{id}", "--state-dir", foreign.stateDir().toString()).stream()
                .map(arg -> "\"" + arg.replace("\"", "\\\"") + "\"").collect(Collectors.joining(", ", "[", "]"));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static CommandLine cli(StringWriter output) {
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        return cli;
    }
}
