package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.supplychaos.env.CliRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Option checks of the fault verbs: exit 2 with a message before any environment is looked at. */
class FaultVerbsTest {

    @TempDir
    Path stateDir;

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
    void repairVerbsTakeNoHoldTime() {
        assertThat(chaos("start-broker", "1", "--for", "5s")).isEqualTo(2);
        assertThat(err).contains("'--for'").doesNotContain("no environment is running");
        assertThat(chaos("heal", "--for", "5s")).isEqualTo(2);
        assertThat(err).contains("'--for'").doesNotContain("no environment is running");
    }

    @Test
    void withoutARunningEnvironmentEveryVerbExitsTwo() {
        for (String[] verb : new String[][] {{"kill-broker", "1"}, {"delay", "--ms", "5"}, {"heal"}, {"kill-app", "1"}}) {
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
                "heal", "kill-app", "restart-app")) {
            assertThat(out.toString()).containsPattern("(?m)^  " + verb + " ");
        }
    }
}
