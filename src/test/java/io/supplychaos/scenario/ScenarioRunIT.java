package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.session.Session;

/**
 * `./chaos run` end to end on real brokers, app instances and Toxiproxy: a short C1 run, and a
 * C3 run under exactly-once with a partition leader killed and brought back, where nothing may be
 * lost or duplicated. Each leaves no broker, Toxiproxy or app behind.
 */
class ScenarioRunIT {

    private static final int BASE_PORT = ItPorts.freeBase();

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void shouldRunAShortC1ScenarioEndToEnd() throws IOException {
        JsonNode summary = run("""
                name: it-c1
                env: c1
                workload: {warmup: [200], orders: 2000, ratePerSecond: 400}
                drainTimeout: 60s
                """, 0);

        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/acked").asLong()).isEqualTo(2200);
        assertThat(summary.at("/orders/completed").asLong()).isEqualTo(2200);
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/throughput/ordersPerSec").asDouble()).isPositive();
        assertThat(summary.at("/latencyMs/p99").asDouble()).isPositive();
        assertThat(Files.readAllLines(dir.resolve("out/timeseries.csv")).size()).isGreaterThan(3);
        assertThat(dir.resolve("out/report.html")).exists();
    }

    @Test
    @Timeout(300)
    void shouldLoseAndDuplicateNothingWhenALeaderIsKilledUnderExactlyOnce() throws IOException {
        JsonNode summary = run("""
                name: it-c3-leader-kill
                env: c3
                app: {processingGuarantee: exactly_once_v2}
                producer: {acks: all, enable.idempotence: true}
                workload: {warmup: [300], orders: 3000, ratePerSecond: 100}
                faults:
                  - {at: 5s, action: kill-broker, target: leader-of order-placed:0}
                  - {at: 15s, action: start-broker, target: killed}
                  - {at: 20s, action: delay, ms: 50, link: client, for: 3s}
                expect: {lost: 0, duplicates: 0, outOfOrder: 0}
                drainTimeout: 90s
                """, 0);

        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        assertThat(summary.at("/orders/completed").asLong()).isEqualTo(summary.at("/orders/acked").asLong());
        assertThat(summary.get("faults")).hasSize(3);
        assertThat(summary.at("/faults/0/healedAt").asLong()).as("the start ends the kill").isPositive();
        assertThat(summary.at("/faults/0/action").asText()).isEqualTo("kill-broker");
        // a kill that failed would leave the run nothing to prove: it must have been injected
        assertThat(summary.at("/faults/0/error").isMissingNode() || summary.at("/faults/0/error").isNull())
                .as("the kill was injected: " + summary.get("faults")).isTrue();
        assertThat(summary.at("/faults/1/error").isMissingNode() || summary.at("/faults/1/error").isNull())
                .as("the restart was injected").isTrue();

        // read at a glance: every second once, warm-up before 0, resolved labels, lag sampled, provenance kept
        List<String> lines = Files.readAllLines(dir.resolve("out/timeseries.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        List<String[]> rows = lines.subList(1, lines.size()).stream().map(line -> line.split(",", -1)).toList();
        List<String> seconds = rows.stream().map(r -> r[header.indexOf("second")]).toList();
        assertThat(seconds).doesNotHaveDuplicates();
        assertThat(rows).allSatisfy(r -> assertThat(r[header.indexOf("phase")].equals("warmup"))
                .isEqualTo(Long.parseLong(r[header.indexOf("second")]) < 0));
        assertThat(rows).anySatisfy(r -> assertThat(r[header.indexOf("phase")]).isEqualTo("warmup"));
        assertThat(header).contains("lagSubtopology0", "lagSubtopology2");
        String report = Files.readString(dir.resolve("out/report.html"));
        assertThat(report).doesNotContain("null").contains("(leader of order-placed:0)")
                .contains("delay 50 ms, client links, all brokers").contains("Consumer lag per sub-topology");
        assertThat(summary.at("/provenance/brokerConfig").size()).isEqualTo(3);
        assertThat(summary.at("/provenance/kafka").asText()).isNotBlank();
        assertThat(dir.resolve("out/scenario.yaml")).hasSameTextualContentAs(dir.resolve("scenario.yaml"));
    }

    @Test
    @Timeout(240)
    void shouldRunTheSweepsPointsOnOneEnvAndOneWarmAppEachSeeingOnlyItsOwnOrders() throws IOException {
        // given: two points of the paper's C1 at its own offered rate
        Path file = Files.writeString(dir.resolve("sweep.yaml"), """
                name: it-sweep
                sweep: {env: [c1], orders: [100, 250], ratePerSecond: [paper]}
                app: {processingGuarantee: at_least_once, tuning: latency}
                workload: {warmup: [300]}
                paper: true
                drainTimeout: 60s
                """);
        Path stateDir = dir.resolve("state");
        Path out = dir.resolve("sweep");
        StringWriter output = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));

        // when
        int exit = cli.execute("run", file.toString(), "--out", out.toString(), "--state-dir", stateDir.toString(),
                "--base-port", Integer.toString(BASE_PORT));
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        try {
            assertThat(new AppInstances(paths).read()).as("apps left by the run").isEmpty();
            assertThat(new EmbeddedEnvironment(paths).recorded()).as("env left by the run").isEmpty();
        } finally {
            new AppInstances(paths).stopAll(java.time.Duration.ofSeconds(5));
            new EmbeddedEnvironment(paths).down(false);
        }
        System.out.println(output);

        // then: one env brought up, the second point on it with the app warm and a short warm-up of its own
        assertThat(exit).as(output.toString()).isZero();
        assertThat(output.toString().split("formatting storage", -1)).as("envs brought up").hasSize(2);
        assertThat(output.toString()).contains("same env and warm app as the previous run (run 2 of this session)");
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree(out.resolve("it-sweep-c1-100-paper-rate/summary.json").toFile());
        JsonNode second = json.readTree(out.resolve("it-sweep-c1-250-paper-rate/summary.json").toFile());
        // each history holds only its own orders: warm-up plus measured, nothing of the other point
        assertThat(first.at("/orders/acked").asLong()).isEqualTo(300 + 100);
        assertThat(second.at("/orders/acked").asLong()).isEqualTo(Session.LATER_WARMUP + 250);
        assertThat(second.at("/orders/lost/count").asLong()).isZero();
        assertThat(second.at("/workload/ratePerSecond").asDouble()).isEqualTo(108.7);
        assertThat(second.at("/firstReadMs/count").asLong()).isEqualTo(250);
        for (String run : List.of("it-sweep-c1-100-paper-rate", "it-sweep-c1-250-paper-rate")) {
            int checkExit = ChaosCli.commandLine().setOut(new PrintWriter(new StringWriter(), true))
                    .setErr(new PrintWriter(new StringWriter(), true)).execute("check", out.resolve(run).toString());
            assertThat(checkExit).as("./chaos check reproduces " + run).isZero();
        }

        // and the paper's page is written from the sweep
        int reportExit = ChaosCli.commandLine().setOut(new PrintWriter(new StringWriter(), true))
                .setErr(new PrintWriter(new StringWriter(), true))
                .execute("report", "--paper", out.toString(), "--out", dir.resolve("docs").toString());
        assertThat(reportExit).isZero();
        String page = Files.readString(dir.resolve("docs/PAPER.md"));
        assertThat(page).contains("Points covered: 2 of 66").containsPattern("\\| 250 \\| 38\\.7 \\| [0-9.]+ \\|");
    }

    private JsonNode run(String scenario, int expectedExit) throws IOException {
        Path file = Files.writeString(dir.resolve("scenario.yaml"), scenario);
        Path stateDir = dir.resolve("state");
        StringWriter output = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        int exit = cli.execute("run", file.toString(), "--out", dir.resolve("out").toString(), "--state-dir",
                stateDir.toString(), "--base-port", Integer.toString(BASE_PORT));
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        try {
            // what the run itself left, before anything here cleans up
            assertThat(new AppInstances(paths).read()).as("apps left by the run").isEmpty();
            assertThat(new EmbeddedEnvironment(paths).recorded()).as("env left by the run").isEmpty();
        } finally {
            new AppInstances(paths).stopAll(java.time.Duration.ofSeconds(5));
            new EmbeddedEnvironment(paths).down(false);
        }
        System.out.println(output);
        assertThat(exit).as(output.toString()).isEqualTo(expectedExit);
        StringWriter checked = new StringWriter();
        int checkExit = ChaosCli.commandLine().setOut(new PrintWriter(checked, true)).setErr(new PrintWriter(checked, true))
                .execute("check", dir.resolve("out").toString());
        assertThat(checkExit).as("./chaos check reproduces the verdict: " + checked).isEqualTo(expectedExit);
        return new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile());
    }
}
