package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Signals reach only the broker the state file recorded: a recorded pid that now runs another
 * program (the broker died, the pid was reused) is never paused or resumed, and the caller is told why.
 */
class ProcessBackendTest {

    @TempDir
    Path stateDir;

    private Process stranger;
    private ProcessBackend backend;

    @BeforeEach
    void givenBroker1sRecordedPidNowRunningAnotherProgram() throws IOException {
        stranger = new ProcessBuilder("sleep", "600").start();
        EnvSpec spec = new EnvSpec("c1", 1, 1, 1, 1, Partitioning.KEY, Network.DIRECT, Map.of());
        EnvState state = new EnvState(spec, "env/c1.yaml", 29000, EnvState.RUNNING, Instant.EPOCH, "127.0.0.1:29041", null, null,
                List.of(new EnvState.BrokerState(1, stranger.pid(), "127.0.0.1:29041", 29061,
                        stateDir.resolve("data/broker-1/server.properties").toString(), "broker-1.log", "data/broker-1")),
                List.of(), stateDir.resolve("data").toString(), stateDir.resolve("logs").toString(), Map.of(), null);
        new StateStore(stateDir).write(state);
        backend = new ProcessBackend(ChaosPaths.defaults().withStateDir(stateDir), state);
    }

    @AfterEach
    void stopTheStranger() throws InterruptedException {
        stranger.destroyForcibly().waitFor();
    }

    @Test
    void givenARecycledPidWhenBroker1IsPausedThenTheOtherProcessIsNotStoppedAndTheCallerIsToldWhy() {
        assertThatThrownBy(() -> backend.pauseBroker(1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broker 1").hasMessageContaining("pid " + stranger.pid())
                .hasMessageContaining("not signalled");

        assertThat(ProcessControl.state(stranger.pid())).isEqualTo(ProcessControl.State.RUNNING);
    }

    @Test
    void givenARecycledPidThatIsStoppedWhenBroker1IsResumedThenTheOtherProcessIsNotContinued() {
        ProcessControl.pause(stranger.pid());
        Poll.require("sleep to be stopped", Timeouts.HELPER_PROCESS,
                () -> ProcessControl.state(stranger.pid()) == ProcessControl.State.PAUSED);

        assertThatThrownBy(() -> backend.resumeBroker(1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broker 1").hasMessageContaining("pid " + stranger.pid())
                .hasMessageContaining("not signalled");

        assertThat(ProcessControl.state(stranger.pid())).isEqualTo(ProcessControl.State.PAUSED);
    }
}
