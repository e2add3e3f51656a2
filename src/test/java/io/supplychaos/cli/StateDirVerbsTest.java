package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.CliRun;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.StateDirLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
    void givenAStateDirWritableByOthersWhoseAttachmentRunsACommandWhenAVerbRunsThenItIsRefusedAndNothingRuns() throws Exception {
        // given a state dir anyone may write (rwxrwxrwx), recording a cluster whose resume command creates a file
        Path state = dir.resolve("shared");
        Path ran = dir.resolve("command-ran");
        attachedWithResumeCommand(state, ran);
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxrwxrwx"));

        // when a verb that would run the command is given that state dir
        CliRun resume = CliRun.chaos(state, "resume-broker", "1");

        // then it is refused before anything runs, naming the path, its permissions and the fix
        assertThat(resume.exit()).as(resume.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(resume.err()).contains(state.toString(), "rwxrwxrwx", "owner " + owner(state),
                "chmod 700 " + state);
        assertThat(ran).as("the attachment's command did not run").doesNotExist();
    }

    @Test
    void givenAnAttachmentFileWritableByItsGroupWhenAVerbRunsThenItIsRefusedAndNothingRuns() throws Exception {
        Path state = dir.resolve("group");
        Path ran = dir.resolve("command-ran");
        attachedWithResumeCommand(state, ran);
        Path attached = state.resolve("attached.json");
        Files.setPosixFilePermissions(attached, PosixFilePermissions.fromString("rw-rw----"));

        CliRun resume = CliRun.chaos(state, "resume-broker", "1");

        assertThat(resume.exit()).as(resume.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(resume.err()).contains(attached.toString(), "rw-rw----", "chmod 600 " + attached);
        assertThat(ran).as("the attachment's command did not run").doesNotExist();
    }

    @Test
    void givenAStateDirOwnedBySomeoneElseWhenAVerbRunsThenItIsRefusedAndNothingRuns() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a directory away");
        Path state = dir.resolve("theirs");
        Path ran = dir.resolve("command-ran");
        attachedWithResumeCommand(state, ran);
        UserPrincipal nobody = state.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(state, nobody);

        CliRun resume = CliRun.chaos(state, "resume-broker", "1");

        assertThat(resume.exit()).as(resume.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(resume.err()).contains(state.toString(), "owned by nobody");
        assertThat(ran).as("the attachment's command did not run").doesNotExist();
    }

    @Test
    void givenTheToolsOwnStateDirWhenTheSameVerbRunsThenTheCommandRuns() throws Exception {
        // the control: the same state dir, the owner's only, runs the command (so the refusals above are the check's)
        Path state = dir.resolve("mine");
        Path ran = dir.resolve("command-ran");
        attachedWithResumeCommand(state, ran);

        CliRun resume = CliRun.chaos(state, "resume-broker", "1");

        assertThat(resume.exit()).as(resume.err()).isZero();
        assertThat(ran).exists();
    }

    private static String owner(Path path) throws java.io.IOException {
        return Files.getOwner(path).getName();
    }

    /** A state dir recording an external cluster whose broker 1 the tool paused, with a resume command that touches {@code ran}. */
    private static void attachedWithResumeCommand(Path state, Path ran) throws java.io.IOException {
        StateDir.createOwned(state);
        ExternalTarget target = new ExternalTarget("127.0.0.1:1", null, Map.of(), Map.of(1, "localhost"), Map.of(
                ExternalTarget.BrokerCommand.PAUSE, List.of("true"),
                ExternalTarget.BrokerCommand.RESUME, List.of("touch", ran.toString())));
        EnvSpec spec = new EnvSpec("shared", 1, 1, 1, 1, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL,
                Map.of(), null, target, null, null, null);
        new Attachment(spec, "env/shared.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:1"), Map.of(), false, "up")
                .write(state);
        new ChangeJournal(state).broker(1, ChangeJournal.BrokerChange.PAUSED);
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
