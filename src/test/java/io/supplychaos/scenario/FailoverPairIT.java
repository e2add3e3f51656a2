package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;

/**
 * Streams' failover measured as the streams-failover pair does, on one c2 env both runs share: two
 * app instances, one of them killed (SIGKILL) at random every 15 s, twice, with the same seed, once
 * with {@code num.standby.replicas} 0 and once with 1. Each run must PASS (nothing lost or
 * duplicated across the kills), carry each kill's recovery and the latency of the orders placed
 * during its restore in summary.json, and the comparison of the two runs must put each run's n-th
 * kill on one row. Two runs of about a minute each and their app starts take about 4 min on 2 cores,
 * so it is tagged {@code full}.
 */
@Tag("full")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FailoverPairIT {

    private static final int BASE_PORT = ItPorts.freeBase();
    private static final List<Path> RUNS = new ArrayList<>();

    @TempDir
    static Path shared;

    private static Path stateDir;

    @BeforeAll
    static void up() {
        stateDir = shared.resolve("state");
        StringWriter output = new StringWriter();
        int exit = cli(output).execute("up", "--env", "c2", "--state-dir", stateDir.toString(),
                "--base-port", Integer.toString(BASE_PORT));
        assertThat(exit).as(output.toString()).isZero();
    }

    @AfterAll
    static void down() {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        new AppInstances(paths).stopAll(Duration.ofSeconds(5));
        new EmbeddedEnvironment(paths).down(false);
    }

    @Test
    @Order(1)
    @Timeout(400)
    void withoutAStandbyEveryKillIsRecoveredFromAndItsRestoreLatencyReported() throws IOException {
        JsonNode summary = run(0);

        assertKillsMeasured(summary);
    }

    @Test
    @Order(2)
    @Timeout(400)
    void withOneStandbyTheSameKillsAreRecoveredFromAndTheTwoRunsComparedKillByKill() throws IOException {
        JsonNode summary = run(1);

        assertKillsMeasured(summary);
        // and the comparison puts each run's n-th kill on one row
        assertThat(RUNS).hasSize(2);
        Path out = shared.resolve("compare");
        StringWriter output = new StringWriter();
        int exit = cli(output).execute("report", RUNS.get(0).toString(), RUNS.get(1).toString(), "--out",
                out.toString());
        assertThat(exit).as(output.toString()).isZero();
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<h2>Faults side by side</h2>");
        String sideBySide = html.substring(html.indexOf("<h2>Faults side by side</h2>"));
        assertThat(sideBySide.split("kill-app", -1).length - 1).as("each run's two kills on the rows").isGreaterThanOrEqualTo(4);
    }

    /** Two kills, each injected, recovered from, with the orders placed during its restore measured; PASS. */
    private static void assertKillsMeasured(JsonNode summary) {
        assertThat(summary.get("verdict").asText()).as(summary.toString()).isEqualTo("PASS");
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        List<JsonNode> kills = new ArrayList<>();
        summary.get("faults").forEach(fault -> {
            if ("kill-app".equals(fault.path("action").asText()) && (fault.path("error").isMissingNode() || fault.path("error").isNull())) {
                kills.add(fault);
            }
        });
        assertThat(kills).as(summary.get("faults").toString()).hasSize(2);
        for (JsonNode kill : kills) {
            assertThat(kill.path("recoveryMs").isNumber()).as(kill.toString()).isTrue();
            assertThat(kill.at("/restore/during/placed").asLong()).as(kill.toString()).isPositive();
            assertThat(kill.at("/restore/during/completed").asLong()).as(kill.toString()).isPositive();
            assertThat(kill.at("/restore/during/p50Ms").isNumber()).as(kill.toString()).isTrue();
            assertThat(kill.at("/restore/steady/placed").asLong()).as(kill.toString()).isPositive();
        }
    }

    private JsonNode run(int standbys) throws IOException {
        Path dir = Files.createDirectories(shared.resolve("standby-" + standbys));
        Path file = Files.writeString(dir.resolve("scenario.yaml"), """
                name: it-failover-standby-%d
                env: c2
                reuseEnv: true
                app:
                  instances: 2
                  config:
                    kafka-streams.num.standby.replicas: %d
                workload: {warmup: [300], orders: 4000, ratePerSecond: 100}
                faults:
                  - {at: 6s, action: kill-app, target: random, every: 15s, seed: 35, maxDown: 1, for: 6s, count: 2}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 60s
                """.formatted(standbys, standbys));
        Path out = dir.resolve("out");
        StringWriter output = new StringWriter();
        int exit = cli(output).execute("run", file.toString(), "--out", out.toString(), "--state-dir",
                stateDir.toString(), "--base-port", Integer.toString(BASE_PORT));
        System.out.println(output);
        assertThat(exit).as(output.toString()).isZero();
        RUNS.add(out);
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }

    private static CommandLine cli(StringWriter output) {
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        return cli;
    }
}
