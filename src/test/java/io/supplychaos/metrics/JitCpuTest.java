package io.supplychaos.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JIT's CPU, read from a /proc the test writes: only the compiler threads count, a process gone
 * keeps what it used, one that appears counts from its start, and nothing readable is NaN.
 */
class JitCpuTest {

    @TempDir
    Path proc;

    /** A thread {@code tid} of process {@code pid} named {@code name}, with user and system ticks (1/100 s). */
    private void thread(long pid, long tid, String name, long utime, long stime) throws IOException {
        Path task = Files.createDirectories(proc.resolve(Long.toString(pid)).resolve("task").resolve(Long.toString(tid)));
        Files.writeString(task.resolve("comm"), name + "\n");
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
        Files.writeString(task.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 0 0 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 1 0 0 0 0\n");
    }

    @Test
    void countsOnlyTheCompilerThreadsFromConstructionOn() throws IOException {
        // given: a JVM whose C2 and C1 compilers used 3 s and 1 s, and whose main thread used 50 s
        thread(10, 11, "C2 CompilerThre", 200, 100);
        thread(10, 12, "C1 CompilerThre", 80, 20);
        thread(10, 13, "main", 4_000, 1_000);
        JitCpu jit = new JitCpu(() -> List.of(10L), proc);

        // when: its C2 compiler uses 1.5 s more, the main thread 20 s more
        thread(10, 11, "C2 CompilerThre", 300, 150);
        thread(10, 13, "main", 6_000, 1_000);

        // then: 1.5 s, from construction on, none of the main thread's, of one JVM
        assertThat(jit.seconds()).isCloseTo(1.5, within(1e-9));
        assertThat(jit.jvms()).isEqualTo(1);
    }

    @Test
    void aProcessGoneKeepsWhatItUsedAndOneThatAppearsCountsFromItsStart() throws IOException {
        // given: a broker watched from the start
        List<Long> pids = new ArrayList<>(List.of(20L));
        thread(20, 21, "C2 CompilerThre", 100, 0);
        JitCpu jit = new JitCpu(() -> List.copyOf(pids), proc);
        thread(20, 21, "C2 CompilerThre", 300, 0);
        assertThat(jit.seconds()).isCloseTo(2.0, within(1e-9));

        // when: it is killed and restarted under a new pid, whose compilers used 0.7 s by the next sample
        pids.set(0, 30L);
        thread(30, 31, "C1 CompilerThre", 70, 0);

        // then: the 2 s stay, and the new process adds all of its 0.7 s
        assertThat(jit.seconds()).isCloseTo(2.7, within(1e-9));
    }

    @Test
    void givenTwoReadings_whenOneJvmCompilesAndTheOthersDoNot_thenTheBusiestIsThatJvmAndTheTotalAllOfThem() throws IOException {
        // given: an app and a broker watched from construction
        thread(40, 41, "C2 CompilerThre", 500, 0);
        thread(50, 51, "C2 CompilerThre", 900, 0);
        JitCpu jit = new JitCpu(() -> List.of(40L, 50L), proc);
        Map<Long, Double> before = jit.secondsByJvm();

        // when: over 10 s the app's compilers use 1.5 s and the broker's 0.2 s
        thread(40, 41, "C2 CompilerThre", 650, 0);
        thread(50, 51, "C2 CompilerThre", 920, 0);
        Map<Long, Double> after = jit.secondsByJvm();

        // then
        assertThat(after).containsOnlyKeys(40L, 50L);
        assertThat(JitCpu.busiestCores(before, after, 10)).isCloseTo(0.15, within(1e-9));
        assertThat(JitCpu.totalCores(before, after, 10)).isCloseTo(0.17, within(1e-9));
        assertThat(jit.seconds()).isCloseTo(1.7, within(1e-9));
    }

    @Test
    void nothingReadableIsNaN() {
        // given: no such process
        JitCpu jit = new JitCpu(() -> List.of(99L), proc);

        // then: unknown, not zero, and no JVM read
        assertThat(jit.seconds()).isNaN();
        assertThat(jit.jvms()).isZero();
    }

    @Test
    void readsThisJvmsOwnCompilersOnLinux() {
        // given: this JVM, which has compiled since it started
        JitCpu jit = new JitCpu(() -> List.of(ProcessHandle.current().pid()));

        // then: on Linux a number, at least 0 (NaN where there is no /proc)
        double seconds = jit.seconds();
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertThat(seconds).isGreaterThanOrEqualTo(0);
        } else {
            assertThat(seconds).isNaN();
        }
    }
}
