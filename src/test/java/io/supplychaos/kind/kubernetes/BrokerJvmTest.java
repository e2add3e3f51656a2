package io.supplychaos.kind.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.supplychaos.time.Poll;

/**
 * How pause-broker finds and signals the Kafka JVM in a Strimzi broker container: the process
 * listing's shell text and the signal commands run here by a real {@code sh} on this machine's
 * {@code /proc} (the container has the same kernel interface), and the choice of the broker among
 * the processes as a pure function.
 */
class BrokerJvmTest {

    private static String sh(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("exit of %s: %s", command, out).isZero();
        return out;
    }

    @Test
    void givenThisMachinesProc_whenTheListingRuns_thenItFindsThisTestsOwnJvmAsJavaAndRunning() throws Exception {
        // when
        List<BrokerJvm.Process> processes = BrokerJvm.parse(sh(List.of("sh", "-c", BrokerJvm.LIST)));

        // then the JVM running this test is listed with its pid, a java executable and a state that is not stopped
        long self = ProcessHandle.current().pid();
        assertThat(processes).filteredOn(p -> p.pid() == self).singleElement().satisfies(p -> {
            assertThat(p.java()).as(p.exe()).isTrue();
            assertThat(p.frozen()).isFalse();
        });
    }

    @Test
    void givenAProcessHere_whenSentTheStopThenTheContCommand_thenTheListingSeesItStoppedThenRunning() throws Exception {
        // given
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            int pid = Math.toIntExact(sleeper.pid());

            // when SIGSTOP, as pause-broker sends it
            sh(BrokerJvm.signal("STOP", pid));

            // then
            Poll.require("sleep " + pid + " stopped", Duration.ofSeconds(5), Duration.ofMillis(20), () -> state(pid).frozen());

            // when SIGCONT, as resume-broker sends it
            sh(BrokerJvm.signal("CONT", pid));

            // then
            Poll.require("sleep " + pid + " running", Duration.ofSeconds(5), Duration.ofMillis(20), () -> !state(pid).frozen());
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }

    private static BrokerJvm.Process state(int pid) {
        try {
            return BrokerJvm.parse(sh(List.of("sh", "-c", BrokerJvm.LIST))).stream().filter(p -> p.pid() == pid).findFirst()
                    .orElseThrow();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void givenStrimzisContainerProcesses_whenTheBrokerIsPicked_thenItIsTheOneJavaNeverTiniOrAProbesShell() {
        // given tini as PID 1, the broker's JVM stopped, and Strimzi's readiness probe running (bash, curl)
        String listing = "1 S /usr/bin/tini\n7 T /usr/lib/jvm/java-21-openjdk-21.0.8.0.9-1.el9.x86_64/bin/java\n"
                + "812 S /usr/bin/bash\n815 S /usr/bin/curl\nnot a process line\n";

        // when
        List<BrokerJvm.Process> processes = BrokerJvm.parse(listing);
        Optional<BrokerJvm.Process> kafka = BrokerJvm.kafka(processes, "c3-brokers-2");

        // then
        assertThat(processes).extracting(BrokerJvm.Process::pid).containsExactly(1, 7, 812, 815);
        assertThat(kafka).hasValueSatisfying(p -> {
            assertThat(p.pid()).isEqualTo(7);
            assertThat(p.frozen()).isTrue();
        });
        assertThat(BrokerJvm.kafka(BrokerJvm.parse("1 S /usr/bin/tini\n"), "c3-brokers-2")).isEmpty();
        assertThat(BrokerJvm.kafka(BrokerJvm.parse("1 S /usr/bin/tini\n7 S /opt/java/bin/java (deleted)\n9 S /memfd:x (deleted)\n"),
                "c3-brokers-2")).map(BrokerJvm.Process::pid).contains(7);
        assertThatThrownBy(() -> BrokerJvm.kafka(BrokerJvm.parse("7 S /opt/java/bin/java\n9 S /usr/bin/java\n"), "c3-brokers-2"))
                .hasMessageContaining("runs 2 java processes").hasMessageContaining("not signalling any");
    }

    @Test
    void givenASignal_whenItsCommandIsBuilt_thenItIsTheShellsKillOfThatPidAndNothingElseGetsThrough() {
        assertThat(BrokerJvm.signal("STOP", 7)).containsExactly("sh", "-c", "kill -STOP 7");
        assertThat(BrokerJvm.signal("CONT", 7)).containsExactly("sh", "-c", "kill -CONT 7");
        assertThatThrownBy(() -> BrokerJvm.signal("STOP; rm -rf /", 7)).isInstanceOf(IllegalArgumentException.class);
    }
}
