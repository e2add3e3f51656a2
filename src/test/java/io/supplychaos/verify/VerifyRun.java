package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;

/**
 * Test helper of the verifier ITs: one {@code ./chaos verify} through the CLI on a state
 * directory, with what it left checked before anything is cleaned up: no test app, driver or
 * verifier; an env it reused still running, one it brought up gone.
 */
record VerifyRun(int exit, String output, JsonNode summary) {

    static VerifyRun verify(Path stateDir, Path out, List<String> arguments) throws IOException {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(stateDir);
        Optional<EnvState> before = new EmbeddedEnvironment(paths).running();
        StringWriter output = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        List<String> args = new ArrayList<>(List.of("verify"));
        args.addAll(arguments);
        args.addAll(List.of("--out", out.toString(), "--state-dir", stateDir.toString(),
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
        return new VerifyRun(exit, output.toString(), new ObjectMapper().readTree(out.resolve("summary.json").toFile()));
    }

    /** Brings up env {@code env} on {@code stateDir} for several verifies to reuse. */
    static void up(Path stateDir, String env) {
        StringWriter output = new StringWriter();
        int exit = ChaosCli.commandLine().setOut(new PrintWriter(output, true)).setErr(new PrintWriter(output, true))
                .execute("up", "--env", env, "--state-dir", stateDir.toString(), "--base-port",
                        Integer.toString(ItPorts.freeBase()));
        assertThat(exit).as(output.toString()).isZero();
    }
}
