package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.kind.embedded.StateStore;

class StateDirTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseANonEmptyDirectoryTheToolDidNotCreate() throws Exception {
        Path foreign = Files.createDirectories(dir.resolve("home"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(foreign);

        assertThatThrownBy(() -> StateDir.check(paths))
                .isInstanceOf(StateDir.StateDirException.class)
                .hasMessageContaining("--state-dir " + foreign)
                .hasMessageContaining("not created by supply-chaos");
        assertThatThrownBy(() -> new EmbeddedEnvironment(paths).up(spec(), "c1", 29000, line -> { }))
                .isInstanceOf(StateDir.StateDirException.class);
        assertThat(foreign).isDirectoryContaining(p -> p.getFileName().toString().equals("notes.txt"));
        assertThat(foreign.resolve(StateDir.MARKER)).doesNotExist();
    }

    @Test
    void shouldAcceptANewOrEmptyDirectoryAndOneTheToolMade() throws Exception {
        ChaosPaths fresh = ChaosPaths.defaults().withStateDir(dir.resolve("new"));
        ChaosPaths empty = ChaosPaths.defaults().withStateDir(Files.createDirectories(dir.resolve("empty")));

        StateDir.check(fresh);
        assertThat(fresh.stateDir()).as("check creates nothing").doesNotExist();
        StateDir.claim(fresh);
        StateDir.claim(empty);
        Files.writeString(fresh.stateDir().resolve("state.json"), "{}");

        StateDir.check(fresh);
        assertThat(fresh.stateDir().resolve(StateDir.MARKER)).exists();
        assertThat(empty.stateDir().resolve(StateDir.MARKER)).exists();
    }

    @Test
    void shouldAdoptTheCheckoutsOwnStateDirectoryWrittenBeforeMarkers() throws Exception {
        ChaosPaths paths = new ChaosPaths(dir, dir.resolve(".chaos"));
        Files.createDirectories(paths.dataDir().resolve("broker-1").resolve("kafka-logs"));
        Files.writeString(paths.stateDir().resolve("state.json"), "{}");

        StateDir.check(paths);

        assertThat(StateDir.isMarked(paths.stateDir())).isTrue();
        assertThat(StateDir.isMarked(paths.dataDir().resolve("broker-1"))).isTrue();
    }

    @Test
    void shouldWipeOnlyMarkedDirectoriesAndTheToolsOwnLogs() throws Exception {
        Path data = StateDir.createOwned(dir.resolve("data"));
        Path broker = StateDir.createOwned(data.resolve("broker-1"));
        Files.createDirectories(broker.resolve("kafka-logs"));
        Files.writeString(broker.resolve("kafka-logs").resolve("meta.properties"), "cluster.id=x");
        Path unmarked = Files.createDirectories(data.resolve("backup"));
        Files.writeString(data.resolve("README"), "mine");
        Path logs = StateDir.createOwned(dir.resolve("logs"));
        Files.writeString(logs.resolve("broker-1.log"), "started");
        Files.writeString(logs.resolve("my-notes.log"), "mine");

        List<Path> leftData = StateDir.wipeData(data);
        List<Path> leftLogs = StateDir.wipeLogs(logs);

        assertThat(broker).doesNotExist();
        assertThat(leftData).containsExactlyInAnyOrder(unmarked, data.resolve("README"));
        assertThat(data.resolve("README")).hasContent("mine");
        assertThat(logs.resolve("broker-1.log")).doesNotExist();
        assertThat(leftLogs).containsExactly(logs.resolve("my-notes.log"));
    }

    @Test
    void shouldRemoveTheDataDirectoryWhenOnlyTheToolsDataWasInIt() throws Exception {
        Path data = StateDir.createOwned(dir.resolve("data"));
        StateDir.createOwned(data.resolve("apps"));

        assertThat(StateDir.wipeData(data)).isEmpty();

        assertThat(data).doesNotExist();
    }

    @Test
    void shouldNotTakeAnExistingDirectoryWithForeignContent() throws Exception {
        Path broker = Files.createDirectories(dir.resolve("broker-1"));
        Files.writeString(broker.resolve("x"), "mine");

        assertThatThrownBy(() -> StateDir.createOwned(broker)).isInstanceOf(StateDir.StateDirException.class)
                .hasMessageContaining(broker.toString());
    }

    @Test
    void downShouldNeverDeleteAForeignFilePlacedInTheDataDirectory() throws Exception {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("state"));
        StateDir.claim(paths);
        Path broker = StateDir.createOwned(StateDir.createOwned(paths.dataDir()).resolve("broker-1"));
        Files.writeString(broker.resolve("server.properties"), "node.id=1");
        Path foreign = Files.writeString(paths.dataDir().resolve("do-not-delete.txt"), "mine");
        new StateStore(paths.stateDir()).write(stateWithoutProcesses(paths));

        new EmbeddedEnvironment(paths).down(false);

        assertThat(broker).doesNotExist();
        assertThat(foreign).hasContent("mine");
        assertThat(paths.stateDir().resolve("state.json")).doesNotExist();
    }

    private static EnvSpec spec() {
        return new EnvSpec("c1", 1, 1, 1, 1, Partitioning.ROUND_ROBIN, Network.DIRECT, Map.of());
    }

    private static EnvState stateWithoutProcesses(ChaosPaths paths) {
        Path broker = paths.dataDir().resolve("broker-1");
        return new EnvState(spec(), "c1", 29000, EnvState.RUNNING, Instant.now(), "127.0.0.1:29031", null, null,
                List.of(new EnvState.BrokerState(1, null, "127.0.0.1:29031", 29061, broker.resolve("server.properties").toString(),
                        paths.logDir().resolve("broker-1.log").toString(), broker.resolve("kafka-logs").toString())),
                List.of(), paths.dataDir().toString(), paths.logDir().toString(), Map.of(), null);
    }

    @Test
    void shouldDeleteAMarkedDirectoryWholeAndLeaveOneTheToolDidNotMark() throws Exception {
        // given: the apps' state, marked, with Streams' unmarked files inside; and a foreign directory
        Path apps = StateDir.createOwned(dir.resolve("apps"));
        Files.createDirectories(apps.resolve("1").resolve("supply-chaos").resolve("0_1"));
        Files.writeString(apps.resolve("1").resolve("supply-chaos").resolve("0_1").resolve(".checkpoint"), "0");
        Path foreign = Files.createDirectories(dir.resolve("theirs"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");

        // when
        boolean appsDeleted = StateDir.deleteOwned(apps);
        boolean foreignDeleted = StateDir.deleteOwned(foreign);

        // then
        assertThat(appsDeleted).isTrue();
        assertThat(apps).doesNotExist();
        assertThat(foreignDeleted).isFalse();
        assertThat(foreign.resolve("notes.txt")).exists();
        assertThat(StateDir.deleteOwned(dir.resolve("never-made"))).isTrue();
    }
}
