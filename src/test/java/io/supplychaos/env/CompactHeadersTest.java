package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Compact object headers only where they are a product option (JDK 25 and later: an unknown or
 * experimental -XX option stops a JVM at start), and the java this machine would run brokers and
 * app instances on starts with them and reports them on.
 */
class CompactHeadersTest {

    @Test
    void shouldAskForCompactHeadersOnJdk25AndLaterOnly() {
        // given a JDK 17, a JDK 24 (where the option is experimental) and a JDK 25
        JavaRuntime.Java java17 = new JavaRuntime.Java(Path.of("/jdk17"), 17, "test");
        JavaRuntime.Java java24 = new JavaRuntime.Java(Path.of("/jdk24"), 24, "test");
        JavaRuntime.Java java25 = new JavaRuntime.Java(Path.of("/jdk25"), 25, "test");

        // when / then
        assertThat(CompactHeaders.options(java17)).isEmpty();
        assertThat(CompactHeaders.options(java24)).isEmpty();
        assertThat(CompactHeaders.options(java25)).containsExactly("-XX:+UseCompactObjectHeaders");
    }

    @Test
    void shouldStartTheJavaOfThisMachineWithCompactHeadersOnWhereItHasThem() throws Exception {
        // given the java the tool would start brokers and app instances on
        JavaRuntime.Java java = JavaRuntime.detect().java();
        List<String> command = new ArrayList<>(List.of(java.binary()));
        command.addAll(CompactHeaders.options(java));
        command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));

        // when it starts with the options
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        // then it ran, and on 25 or later the flag is on
        assertThat(process.exitValue()).as(output).isZero();
        if (java.feature() >= CompactHeaders.MIN_FEATURE) {
            assertThat(output).containsPattern("bool UseCompactObjectHeaders\\s+= true");
        }
    }
}
