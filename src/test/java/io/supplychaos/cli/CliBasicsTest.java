package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.Runs;
import picocli.CommandLine;

/** The CLI's own surface: version from the build, completion, the platform check, paths from the caller. */
class CliBasicsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int chaos(CommandLine cli, String... args) {
        cli.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void shouldPrintTheVersionThePomGivesAndNotAHardCodedOne() throws Exception {
        Matcher pom = Pattern.compile("<artifactId>supply-chaos</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertThat(pom.find()).isTrue();

        assertThat(chaos(ChaosCli.commandLine(), "--version")).isZero();

        assertThat(out.toString()).startsWith("supply-chaos " + pom.group(1)).contains("Kafka ", "Java ");
    }

    @Test
    void shouldPrintACompletionScriptThatKnowsEveryVerb() {
        assertThat(chaos(ChaosCli.commandLine(), "completion")).isZero();

        assertThat(out.toString()).contains("complete -F").contains("kill-broker", "pause-broker", "report", "--state-dir");
    }

    @Test
    void givenAMachineWithoutSetsidOrProc_whenAVerbThatStartsProcessesRuns_thenExit2NamesWhatIsMissing() {
        CommandLine cli = ChaosCli.commandLine(() -> Optional.of("macOS lacks setsid (util-linux)"));

        assertThat(chaos(cli, "up", "--env", "c1")).isEqualTo(2);
        assertThat(err.toString()).contains("macOS lacks setsid");
    }

    @Test
    void givenAMachineWithoutSetsidOrProc_whenAReportIsRendered_thenItWorks(@TempDir Path dir) throws Exception {
        ResultFiles.write(dir, Runs.run());
        CommandLine cli = ChaosCli.commandLine(() -> Optional.of("macOS lacks setsid (util-linux)"));

        assertThat(chaos(cli, "report", dir.toString())).isZero();
        assertThat(chaos(ChaosCli.commandLine(() -> Optional.of("lacks")), "run", "--help")).isZero();
    }

    @Test
    void givenARelativeScenarioThatIsOnlyInTheProject_whenRunFromElsewhere_thenExit2SaysWhereItLooked(
            @TempDir Path elsewhere) {
        String previous = System.getProperty("user.dir");
        System.setProperty("supply.home", previous);
        System.setProperty("user.dir", elsewhere.toString());
        try {
            int exit = chaos(ChaosCli.commandLine(() -> Optional.empty()), "run", "scenarios/quickstart.yaml",
                    "--state-dir", elsewhere.resolve("state").toString());

            assertThat(exit).isEqualTo(2);
            assertThat(err.toString()).contains(elsewhere.resolve("scenarios/quickstart.yaml").toString())
                    .contains("relative paths are read from the current directory");
        } finally {
            System.setProperty("user.dir", previous);
            System.clearProperty("supply.home");
        }
    }

    @Test
    void givenAScenarioWhoseAnchorContainsItself_whenRun_thenExit2NamesTheFileAndLineWithoutAStackOverflow(
            @TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("loop.yaml"), "name: loop\nenv: c1\nworkload: &w\n  orders: 10\n  <<: *w\n");

        int exit = chaos(ChaosCli.commandLine(() -> Optional.empty()), "run", scenario.toString(),
                "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(scenario + ":3:11: field 'workload': a value that does not contain itself");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void givenABenchPartThatDoesNotExist_whenBenchRuns_thenExit2NamesThePartsBeforeAnythingStarts(@TempDir Path dir) {
        int exit = chaos(ChaosCli.commandLine(() -> Optional.empty()), "bench", "--only", "pipelines",
                "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--only takes tls or pipeline, not pipelines");
        assertThat(dir.resolve("state")).doesNotExist();
    }
}
