package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The native-memory settings of the JVMs the tool starts: the trim option only on a JDK that has
 * it as a product option (an unknown -XX option stops a JVM at start), the arena bound unless the
 * user's environment sets one, and the java this machine would run brokers on starts with them.
 */
class NativeMemoryTest {

    @Test
    void shouldTrimTheNativeHeapOnJdk22AndLaterOnly() {
        // given a JDK 17 and a JDK 25
        JavaRuntime.Java java17 = new JavaRuntime.Java(Path.of("/jdk17"), 17, "test");
        JavaRuntime.Java java25 = new JavaRuntime.Java(Path.of("/jdk25"), 25, "test");

        // when / then
        assertThat(NativeMemory.options(java17)).isEmpty();
        assertThat(NativeMemory.options(java25)).containsExactly("-XX:TrimNativeHeapInterval=5000");
    }

    @Test
    void shouldBoundTheArenasUnlessTheUsersEnvironmentSetsThem() {
        assertThat(NativeMemory.environment(Map.of("PATH", "/bin"))).containsExactly(Map.entry("MALLOC_ARENA_MAX", "2"));
        assertThat(NativeMemory.environment(Map.of("MALLOC_ARENA_MAX", "8"))).isEmpty();
    }

    @Test
    void shouldStartTheJavaOfThisMachineWithTheOptions() throws Exception {
        // given the java the tool would start brokers and app instances on
        JavaRuntime.Java java = JavaRuntime.detect().java();
        List<String> command = new ArrayList<>(List.of(java.binary()));
        command.addAll(NativeMemory.options(java));
        command.add("-version");

        // when it starts with the options and the environment
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(NativeMemory.environment());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());

        // then it runs
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
    }
}
