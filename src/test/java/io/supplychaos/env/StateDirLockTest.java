package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirLockTest {

    @TempDir
    Path dir;

    private ChaosPaths paths() {
        return ChaosPaths.defaults().withStateDir(dir.resolve("state"));
    }

    @Test
    void shouldRefuseASecondHolderNamingThePidAndCommandOfTheFirst() {
        try (StateDirLock first = StateDirLock.acquire(paths(), "run scenarios/quickstart.yaml")) {
            assertThatThrownBy(() -> StateDirLock.acquire(paths(), "up --env c3"))
                    .isInstanceOf(EnvBusyException.class)
                    .hasMessageContaining("pid " + ProcessHandle.current().pid())
                    .hasMessageContaining("./chaos run scenarios/quickstart.yaml")
                    .hasMessageContaining(paths().stateDir().toString());
        }
    }

    @Test
    void shouldWriteTheHolderIntoTheLockFileForOtherProcessesToRead() throws Exception {
        try (StateDirLock lock = StateDirLock.acquire(paths(), "bench --env c3")) {
            // what a second CLI process reads; reading it from this JVM is only safe in a test that then closes the lock
            String content = Files.readString(paths().stateDir().resolve(StateDirLock.FILE));
            assertThat(StateDirLock.parse(content))
                    .isEqualTo(new StateDirLock.Holder(ProcessHandle.current().pid(), "./chaos bench --env c3"));
        }
    }

    @Test
    void shouldBeFreeAgainOnceClosed() {
        StateDirLock.acquire(paths(), "up --env c1").close();

        try (StateDirLock again = StateDirLock.acquire(paths(), "run scenarios/quickstart.yaml")) {
            assertThat(again).isNotNull();
        }
        assertThat(paths().stateDir().resolve(StateDirLock.FILE)).isEmptyFile();
    }

    @Test
    void shouldLeaveOtherStateDirectoriesFree() {
        try (StateDirLock one = StateDirLock.acquire(paths(), "run a.yaml");
             StateDirLock other = StateDirLock.acquire(paths().withStateDir(dir.resolve("other")), "run b.yaml")) {
            assertThat(other).isNotSameAs(one);
        }
    }

    @Test
    void shouldNotTakeADirectoryTheToolDidNotCreate() throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state").resolve("thesis.tex"), "\\documentclass{article}");

        assertThatThrownBy(() -> StateDirLock.acquire(paths(), "run a.yaml"))
                .isInstanceOf(StateDir.StateDirException.class)
                .hasMessageContaining("not created by supply-chaos");
        assertThat(dir.resolve("state").resolve(StateDirLock.FILE)).doesNotExist();
    }

    @Test
    void shouldReadAHolderThatHasNotWrittenItsLineYet() {
        assertThat(StateDirLock.parse("")).isEqualTo(new StateDirLock.Holder(null, "a command"));
    }
}
