package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.supplychaos.env.CliRun;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.StateDirLock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state directory at the CLI: a foreign one is refused, a held one is refused by up, and verbs that do not lock still work. */
class StateDirVerbsTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseAForeignStateDirWithExit2AndTouchNothing() throws Exception {
        Path foreign = Files.createDirectories(dir.resolve("photos"));
        Files.writeString(foreign.resolve("holiday.jpg"), "jpeg");

        CliRun down = CliRun.chaos(foreign, "down");

        assertThat(down.exit()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(down.err()).contains("--state-dir " + foreign).contains("not created by supply-chaos");
        assertThat(foreign).isDirectoryContaining(p -> p.getFileName().toString().equals("holiday.jpg"));
        try (var entries = Files.list(foreign)) {
            assertThat(entries).hasSize(1);
        }
    }

    @Test
    void shouldRefuseUpWhileAnotherCommandHoldsTheStateDirAndKeepDownAndStatusWorking() {
        Path state = dir.resolve("state");
        try (StateDirLock run = StateDirLock.acquire(ChaosPaths.defaults().withStateDir(state), "run scenarios/quickstart.yaml")) {
            CliRun up = CliRun.chaos(state, "up", "--env", "c1");
            CliRun status = CliRun.chaos(state, "status");
            CliRun down = CliRun.chaos(state, "down");

            assertThat(up.exit()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
            assertThat(up.err()).contains("pid " + ProcessHandle.current().pid()).contains("./chaos run scenarios/quickstart.yaml");
            assertThat(status.exit()).isZero();
            assertThat(status.out()).contains("no environment recorded");
            assertThat(down.exit()).isZero();
        }
    }
}
