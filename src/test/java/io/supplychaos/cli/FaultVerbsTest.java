package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CliRun;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.scenario.ScenarioLoader;
import io.supplychaos.spec.SpecException;

/** Option checks of the fault verbs and run: exit 2 with a message before any environment is looked at. */
class FaultVerbsTest {

    @TempDir
    Path stateDir;

    /** Scenario files live apart: the state dir must hold only what the tool wrote there. */
    @TempDir
    Path files;

    private String err;

    private int chaos(String... args) {
        CliRun run = CliRun.chaos(stateDir, args);
        err = run.err();
        return run.exit();
    }

    @Test
    void brokerTargetsExcludeEachOther() {
        assertThat(chaos("kill-broker", "1", "--random")).isEqualTo(2);
        assertThat(err).contains("name one broker");
        assertThat(chaos("kill-broker", "--seed", "3")).isEqualTo(2);
        assertThat(err).contains("--seed goes with --random");
        assertThat(chaos("kill-broker", "--leader", "order-placed")).isEqualTo(2);
        assertThat(err).contains("--leader takes TOPIC:PARTITION");
    }

    @Test
    void networkVerbsNeedTheirValues() {
        assertThat(chaos("delay")).isEqualTo(2);
        assertThat(err).contains("--ms");
        assertThat(chaos("bandwidth", "--kbps", "ten")).isEqualTo(2);
        assertThat(err).contains("Invalid value for option '--kbps'");
        assertThat(chaos("delay", "--ms", "5", "--broker", "1", "--all")).isEqualTo(2);
        assertThat(err).contains("--broker and --all exclude each other");
        assertThat(chaos("pause-broker", "1", "--for", "soon")).isEqualTo(2);
        assertThat(err).contains("a positive duration such as 10s");
    }

    @Test
    void networkVerbsRefuseValuesOutOfRangeWithTheScenarioFilesWords() throws IOException {
        // given the words a scenario file's fault gets for ms: -5
        Path scenario = Files.writeString(files.resolve("bad.yaml"),
                "name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: -5}\n");
        String scenarioWords = catchThrowableOfType(() -> new ScenarioLoader(name -> EnvFiles.resolve(
                ChaosPaths.defaults(), name)).load(scenario), SpecException.class).expected();

        // when the CLI verb gets the same value, then it is exit 2 with the same words, before any env is looked at
        assertThat(chaos("delay", "--ms", "-5")).isEqualTo(2);
        assertThat(err).contains("delay --ms: " + scenarioWords).doesNotContain("no environment is running");
        assertThat(scenarioWords).isEqualTo("a whole number of milliseconds from 0 to 60000, got '-5'");

        assertThat(chaos("delay", "--ms", "100", "--jitter", "200")).isEqualTo(2);
        assertThat(err).contains("delay --jitter: a whole number of milliseconds from 0 to 100 (at most ms), got '200'");
        assertThat(chaos("delay", "--ms", "100", "--toxicity", "2")).isEqualTo(2);
        assertThat(err).contains("delay --toxicity: a number from 0 to 1, got '2'");
        assertThat(chaos("cut", "--link", "sideways")).isEqualTo(2);
        assertThat(err).contains("cut --link: one of client, replication, both, got 'sideways'");
        assertThat(chaos("bandwidth", "--kbps", "0")).isEqualTo(2);
        assertThat(err).contains("bandwidth --kbps: a whole number of KB/s from 1 to 10000000, got '0'");
        assertThat(chaos("slice", "--average-size", "100", "--size-variation", "100")).isEqualTo(2);
        assertThat(err).contains("slice --size-variation: a whole number of bytes from 0 to 99 (smaller than averageSize)");
        assertThat(chaos("timeout", "--ms", "-1")).isEqualTo(2);
        assertThat(err).contains("timeout --ms: a whole number of milliseconds from 0 to 3600000, got '-1'");
    }

    @Test
    void runRefusesADurationOutOfRangeOrOverflowingBeforeAnythingStarts() {
        assertThat(chaos("run", "no-such-scenario.yaml", "--duration", "0")).isEqualTo(2);
        assertThat(err).contains("--duration: a whole number of seconds from 1 to 86400, got '0'");
        assertThat(chaos("run", "no-such-scenario.yaml", "--duration", "99999999999999999999")).isEqualTo(2);
        assertThat(err).contains("--duration: a whole number of seconds from 1 to 86400, got '99999999999999999999'");
    }

    @Test
    void repairVerbsTakeNoHoldTime() {
        assertThat(chaos("start-broker", "1", "--for", "5s")).isEqualTo(2);
        assertThat(err).contains("'--for'").doesNotContain("no environment is running");
        assertThat(chaos("heal", "--for", "5s")).isEqualTo(2);
        assertThat(err).contains("'--for'").doesNotContain("no environment is running");
        assertThat(chaos("start-app", "1", "--for", "5s")).isEqualTo(2);
        assertThat(err).contains("'--for'").doesNotContain("no environment is running");
    }

    @Test
    void withoutARunningEnvironmentEveryVerbExitsTwo() {
        for (String[] verb : new String[][] {{"kill-broker", "1"}, {"delay", "--ms", "5"}, {"heal"}, {"kill-app", "1"},
                {"stop-app", "1", "--for", "5s"}, {"start-app", "1"}}) {
            assertThat(chaos(verb)).as(String.join(" ", verb)).isEqualTo(2);
            assertThat(err).contains("no environment is running in " + stateDir);
        }
    }

    @Test
    void everyVerbIsListedInTheHelp() {
        StringWriter out = new StringWriter();
        ChaosCli.commandLine().setOut(new PrintWriter(out)).execute("--help");
        for (String verb : List.of("up", "down", "status", "list", "report", "kill-broker", "stop-broker", "start-broker",
                "restart-broker", "pause-broker", "resume-broker", "delay", "bandwidth", "cut", "reset-peer", "timeout", "slice",
                "heal", "kill-app", "restart-app", "stop-app", "start-app")) {
            assertThat(out.toString()).containsPattern("(?m)^  " + verb + " ");
        }
    }
}
