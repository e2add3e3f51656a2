package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvState;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.SuiteProcesses;
import picocli.CommandLine;

/**
 * {@code ./chaos verify} end to end: Kafka's own Streams verifiers (the kafka-streams test jar) on
 * real brokers while our fault code plays a schedule. The smoke suite passes on c1 through broker
 * bounces, the EOS suite passes on c3 through a leader kill and an app instance SIGKILL, and the
 * smoke suite under at_least_once with app kills shows the verifier seeing duplicates, read as
 * at-least-once duplicates rather than a plain pass. The two smoke runs share one c1, brought up
 * here, as a user's second verify reuses the env that is up; the EOS run brings up its own c3 and
 * must take it down. Each run leaves no test app, driver or verifier behind, and no env it started.
 */
class KafkaVerifiersIT {

    @TempDir
    static Path shared;
    /** The c1 both smoke runs reuse. */
    private static Path c1State;

    @TempDir
    Path dir;

    @BeforeAll
    static void upSharedC1() {
        c1State = shared.resolve("c1-state");
        StringWriter output = new StringWriter();
        int exit = ChaosCli.commandLine().setOut(new PrintWriter(output, true)).setErr(new PrintWriter(output, true))
                .execute("up", "--env", "c1", "--state-dir", c1State.toString(), "--base-port",
                        Integer.toString(ItPorts.freeBase()));
        assertThat(exit).as(output.toString()).isZero();
    }

    @AfterAll
    static void downSharedC1() {
        if (c1State != null) {
            new EmbeddedEnvironment(ChaosPaths.defaults().withStateDir(c1State)).down(false);
        }
    }

    /**
     * Kafka's streams_broker_bounce_test as Kafka runs it: the smoke suite at_least_once (its
     * services' default) while the broker is bounced, cleanly and hard. Under exactly_once_v2 on
     * c1 the driver's own producer sometimes writes records twice across a bounce, which Kafka's
     * EOS-strict verification then fails (docs/VERIFY.md); at_least_once tolerates that, as
     * Kafka's test does.
     */
    @Test
    @Timeout(420)
    void shouldPassKafkasSmokeVerifierOnC1ThroughBrokerBounces() throws IOException {
        Path faults = Files.writeString(dir.resolve("bounces.yaml"), """
                faults:
                  - {at: 12s, action: restart-broker, target: 1}
                  - {at: 28s, action: kill-broker, target: leader-of data:0, for: 6s}
                """);

        Run run = verify(c1State, List.of("smoke", "--env", "c1", "--faults", faults.toString(), "--guarantee",
                "at_least_once", "--duration", "45s"));

        assertThat(run.exit).as(run.output).isZero();
        assertThat(run.output).contains("SUCCESS").contains("ALL-RECORDS-DELIVERED").contains("verdict: PASS");
        assertThat(run.summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(run.summary.at("/kafka/verdict").asText()).isEqualTo("PASSED");
        assertThat(run.summary.at("/kafka/recordsGenerated").asLong()).isEqualTo(20_000);
        assertThat(run.summary.get("reading").asText()).isIn("CLEAN", "AT_LEAST_ONCE_DUPLICATES", "INPUT_DUPLICATES");
        assertThat(run.summary.at("/input/records").asLong()).as("the input read back")
                .isEqualTo(20_000 + run.summary.at("/input/extraCopies").asLong());
        assertThat(run.summary.get("faults")).hasSize(2);
        run.summary.get("faults").forEach(f -> assertThat(f.get("error").isNull()).as("injected: " + f).isTrue());
        assertThat(run.summary.at("/faults/1/healedAt").asLong()).as("the kill was healed").isPositive();
        assertThat(run.summary.get("inputPerSec").asDouble()).isPositive();
        assertThat(dir.resolve("out/report.html")).content().contains("SUCCESS").contains("restart-broker");
        assertThat(dir.resolve("out/driver.log")).exists();
        // Kafka's broker bounce test also requires the client to have closed cleanly at the end
        assertThat(run.summary.at("/apps/0/closedCleanly").asBoolean()).as("SMOKE-TEST-CLIENT-CLOSED").isTrue();
    }

    @Test
    @Timeout(600)
    void shouldPassKafkasEosVerifierOnC3ThroughALeaderKillAndAnAppKill() throws IOException {
        Path library = ChaosPaths.defaults().home().resolve("scenarios/verify/eos-leader-kill-app-kill.yaml");

        Run run = verify(dir.resolve("state"), List.of("eos", "--env", "c3", "--faults", library.toString(), "--instances", "2",
                "--duration", "45s"));

        assertThat(run.exit).as(run.output).isZero();
        assertThat(run.output).contains("ALL-RECORDS-DELIVERED").contains("verdict: PASS");
        assertThat(run.summary.at("/kafka/verdict").asText()).isEqualTo("PASSED");
        assertThat(run.summary.at("/kafka/recordsGenerated").asLong()).isPositive();
        assertThat(run.summary.get("faults")).hasSize(2);
        run.summary.get("faults").forEach(f -> assertThat(f.get("error").isNull()).as("injected: " + f).isTrue());
        assertThat(run.summary.at("/apps/0/starts").asInt()).as("instance 1 was killed and started again").isEqualTo(2);
        assertThat(dir.resolve("out/verifier.log")).content().contains("ALL-RECORDS-DELIVERED");
    }

    @Test
    @Timeout(600)
    void shouldReadAtLeastOnceDuplicatesWhenSmokeAppsAreKilledUnderAtLeastOnce() throws IOException {
        // one SIGKILL before the app's first commit (at_least_once commits every 30 s): what it processed is replayed
        Path faults = Files.writeString(dir.resolve("app-kill.yaml"), """
                faults:
                  - {at: 15s, action: kill-app, target: app:1, for: 5s}
                """);

        Run run = verify(c1State, List.of("smoke", "--env", "c1", "--faults", faults.toString(), "--guarantee",
                "at_least_once", "--duration", "60s"));

        // the app reprocesses what it had not committed when killed: Kafka's verifier sees the duplicates
        assertThat(run.output).contains("PROCESSED-MORE-THAN-GENERATED");
        assertThat(run.summary.get("reading").asText()).isEqualTo("AT_LEAST_ONCE_DUPLICATES");
        assertThat(run.summary.at("/kafka/recordsProcessed").asLong())
                .isGreaterThan(run.summary.at("/kafka/recordsGenerated").asLong());
        assertThat(run.output).contains("at-least-once duplicates");
        // whatever Kafka's verdict on the aggregates, the exit code is Kafka's
        boolean kafkaPassed = run.summary.at("/kafka/verdict").asText().equals("PASSED");
        assertThat(run.exit).as(run.output).isEqualTo(kafkaPassed ? 0 : 1);
        assertThat(run.output).contains(kafkaPassed ? "SUCCESS" : "FAILURE");
        assertThat(run.summary.at("/faults/0/error").isNull()).as("the kill and its restart played: " + run.summary.get("faults"))
                .isTrue();
        assertThat(run.summary.at("/apps/0/starts").asInt()).isEqualTo(2);
    }

    private record Run(int exit, String output, JsonNode summary) {
    }

    /**
     * Runs {@code ./chaos verify} on {@code stateDir}: an env up there is reused and must still run
     * afterwards, one the verify brought up must be gone.
     */
    private Run verify(Path stateDir, List<String> arguments) throws IOException {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        Optional<EnvState> before = new EmbeddedEnvironment(paths).running();
        StringWriter output = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        List<String> args = new ArrayList<>(List.of("verify"));
        args.addAll(arguments);
        args.addAll(List.of("--out", dir.resolve("out").toString(), "--state-dir", stateDir.toString(),
                "--base-port", Integer.toString(ItPorts.freeBase())));
        int exit = cli.execute(args.toArray(String[]::new));
        try {
            // what the verify itself left, before anything here cleans up
            assertThat(new AppInstances(paths).read()).as("test apps left by verify").isEmpty();
            assertThat(new SuiteProcesses(paths).read()).as("driver or verifier left by verify").isEmpty();
            if (before.isPresent()) {
                assertThat(new EmbeddedEnvironment(paths).running()).as("the env verify reused still runs")
                        .hasValueSatisfying(after -> assertThat(after.bootstrapServers())
                                .isEqualTo(before.get().bootstrapServers()));
            } else {
                assertThat(new EmbeddedEnvironment(paths).recorded()).as("env left by verify").isEmpty();
            }
        } finally {
            new SuiteProcesses(paths).stopAll(Duration.ofSeconds(5));
            new AppInstances(paths).stopAll(Duration.ofSeconds(5));
            if (before.isEmpty()) {
                new EmbeddedEnvironment(paths).down(false);
            }
        }
        System.out.println(output);
        return new Run(exit, output.toString(), new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile()));
    }
}
