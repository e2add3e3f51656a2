package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ItPorts;

/**
 * The CLI as its own JVM, stopped while {@code up} is starting brokers: SIGTERM (what Ctrl-C leads
 * to) must leave nothing running; SIGKILL (a crash) must leave the env findable so {@code down}
 * stops it.
 */
@Timeout(180)
class InterruptedUpIT {
    private static final int BASE_PORT = ItPorts.freeBase();
    private final Path stateDir = Path.of("target", "it-state", "interrupted-up").toAbsolutePath();
    private final EmbeddedEnvironment environment = new EmbeddedEnvironment(ChaosPaths.defaults().withStateDir(stateDir));
    private Process cli;

    @AfterEach
    void cleanUp() {
        if (cli != null) {
            cli.destroyForcibly();
        }
        environment.down(false);
    }

    @Test
    void sigtermDuringUpStopsWhatWasStarted() throws Exception {
        List<Long> pids = startUpAndWaitForABroker();

        cli.destroy();

        assertThat(cli.waitFor()).isNotZero();
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
        assertThat(environment.recorded()).isEmpty();
    }

    @Test
    void aCrashDuringUpLeavesTheEnvFindableAndDownStopsIt() throws Exception {
        List<Long> pids = startUpAndWaitForABroker();

        cli.destroyForcibly();
        cli.waitFor();

        assertThat(environment.running()).isPresent();
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isPresent());
        environment.down(false);
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
    }

    /** Starts {@code chaos up --env c1} in its own JVM and returns the Toxiproxy and broker pids once the broker was started. */
    private List<Long> startUpAndWaitForABroker() throws IOException {
        environment.down(false);
        Path home = ChaosPaths.defaults().home();
        String classpath = home.resolve("target/classes") + ":" + Files.readString(home.resolve("target/cli-classpath.txt")).trim();
        // the CLI's log sits beside the state dir: the directory may not exist yet when this IT runs first
        Files.createDirectories(stateDir.getParent());
        cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsupply.home=" + home, "-cp", classpath, "io.supplychaos.cli.ChaosCli",
                "up", "--env", "c1", "--base-port", Integer.toString(BASE_PORT), "--state-dir", stateDir.toString())
                .redirectErrorStream(true).redirectOutput(stateDir.resolveSibling("interrupted-up-cli.log").toFile())
                .start();
        List<Long> pids = new ArrayList<>();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            pids.clear();
            environment.recorded().ifPresent(state -> {
                if (state.toxiproxyPid() != null) {
                    pids.add(state.toxiproxyPid());
                }
                state.brokers().stream().filter(b -> b.pid() != null).forEach(b -> pids.add(b.pid()));
            });
            return pids.size() == 2;
        });
        assertThat(environment.recorded()).map(EnvState::phase).contains(EnvState.STARTING);
        return List.copyOf(pids);
    }
}
