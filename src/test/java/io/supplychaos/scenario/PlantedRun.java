package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;

/**
 * Test helper of the planted-defect ITs: one {@code ./chaos run} through the CLI, what it left
 * checked before anything is cleaned up (no app instance; no env when it brought up its own), and
 * {@code ./chaos check} reaching the same verdict from the history alone.
 */
record PlantedRun(int exit, String output, JsonNode summary, List<HistoryEvent> history) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The CLI's exit code and everything it printed. */
    record Cli(int exit, String output) {
    }

    /**
     * Runs {@code scenario} on state directory {@code state}; {@code ownEnv}: the run brings up its
     * env and must take it down again (otherwise it reuses the env that is up there).
     */
    static PlantedRun run(Path dir, String scenario, Path state, boolean ownEnv) {
        try {
            Path file = Files.writeString(Files.createTempFile(dir, "scenario", ".yaml"), scenario);
            Path out = Files.createTempDirectory(dir, "out");
            Cli result = cli("run", file.toString(), "--out", out.toString(), "--state-dir", state.toString(),
                    "--base-port", Integer.toString(ItPorts.freeBase()));
            try {
                assertThat(new AppInstances(paths(state)).read()).as("app instances left by the run").isEmpty();
                if (ownEnv) {
                    assertThat(new EmbeddedEnvironment(paths(state)).recorded()).as("env left by the run").isEmpty();
                }
            } finally {
                if (ownEnv) {
                    new AppInstances(paths(state)).stopAll(Duration.ofSeconds(5));
                    new EmbeddedEnvironment(paths(state)).down(false);
                }
            }
            System.out.println(result.output());
            // the verdict is a function of the history: `./chaos check` must reach the same one
            Cli check = cli("check", out.toString());
            assertThat(check.exit()).as("check of the run's history:%n%s%nthe run:%n%s", check.output(), result.output())
                    .isEqualTo(result.exit());
            assertThat(check.output()).contains("reproduced:").doesNotContain("NOT reproduced");
            return new PlantedRun(result.exit(), result.output(), JSON.readTree(out.resolve("summary.json").toFile()),
                    HistoryFile.read(out.resolve(HistoryFile.NAME)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Cli cli(String... args) {
        StringWriter output = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setOut(new PrintWriter(output, true));
        cli.setErr(new PrintWriter(output, true));
        int exit = cli.execute(args);
        return new Cli(exit, output.toString());
    }

    static ChaosPaths paths(Path state) {
        return ChaosPaths.defaults().withStateDir(state);
    }
}
