package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProxyLink;

/**
 * The docker commands the fault verbs run against the project's docker-compose.yml, through the
 * real binding and actions, with only the command execution swapped for a recorder that plays
 * docker's container states (there is no Docker engine here).
 */
class ComposeBackendTest {
    private static final Path COMPOSE_FILE = Path.of("docker-compose.yml");

    @TempDir
    Path stateDir;

    private final List<String> commands = new ArrayList<>();
    private final Map<String, String> states = new HashMap<>();
    private final List<Integer> registered = new ArrayList<>();
    /** Pauses of a container that fail before one succeeds, and docker's words for it. */
    private final Map<String, Integer> pauseFailures = new HashMap<>();
    private String pauseError = "Error response from daemon: Cannot pause container 0fbd: OCI runtime pause failed: "
            + "unable to freeze: unknown";
    private ComposeBackend backend;
    private FaultActions faults;

    @BeforeEach
    void fakeDocker() {
        for (int id = 1; id <= 3; id++) {
            states.put("supply-chaos-kafka-" + id, "running");
        }
        states.put("supply-chaos-app", "running");
        backend = new ComposeBackend(ComposeFile.read(COMPOSE_FILE), (command, timeout) -> docker(command),
                registered::add, null, null, new ChangeJournal(stateDir));
        faults = Faults.on(backend, stateDir);
    }

    /** Plays docker: inspect answers the container's state, the verbs change it. */
    private String docker(List<String> command) {
        String container = command.get(command.size() - 1);
        if (!command.get(1).equals("inspect")) {
            commands.add(String.join(" ", command));
        }
        switch (command.get(1)) {
            case "inspect" -> {
                return states.get(container) + "\n";
            }
            case "kill", "stop" -> states.put(container, "exited");
            case "start", "unpause" -> states.put(container, "running");
            case "pause" -> {
                if (pauseFailures.getOrDefault(container, 0) > 0) {
                    pauseFailures.merge(container, -1, Integer::sum);
                    throw new IllegalStateException("docker pause " + container + " failed (exit 1):\n" + pauseError);
                }
                states.put(container, "paused");
            }
            default -> throw new AssertionError("unexpected docker command " + command);
        }
        return "";
    }

    @Test
    void shouldReachTheBrokersWithTheEnvsClientConfigWhenAnEnvAttachedTheComposeCluster() {
        KafkaAccess secured = new KafkaAccess("127.0.0.1:29041",
                java.util.Map.of("security.protocol", "SASL_SSL"));

        ComposeBackend attached = new ComposeBackend(ComposeFile.read(COMPOSE_FILE),
                (command, timeout) -> docker(command), registered::add, null, secured, null);

        assertThat(attached.access()).isEqualTo(secured);
    }

    @Test
    void readsContainersBootstrapAndToxiproxyFromTheComposeFile() {
        assertThat(backend.brokerIds()).containsExactly(1, 2, 3);
        assertThat(backend.container(2)).isEqualTo("supply-chaos-kafka-2");
        assertThat(backend.access().bootstrapServers()).isEqualTo("127.0.0.1:29041,127.0.0.1:29042,127.0.0.1:29043");
        assertThat(backend.toxiproxy()).hasValueSatisfying(api -> assertThat(api.api()).isEqualTo("http://127.0.0.1:29000"));
        assertThat(backend.proxyName(3, ProxyLink.REPLICATION)).contains("broker-3-replication");
        assertThat(backend.appIndexes()).containsExactly(1);
    }

    @Test
    void brokerVerbsMapToDockerKillStopStartPauseUnpause() {
        FaultAction kill = bind(FaultType.KILL_BROKER, "2");
        kill.inject();
        kill.heal();
        FaultAction stop = bind(FaultType.STOP_BROKER, "3");
        stop.inject();
        bind(FaultType.START_BROKER, "killed").inject();
        FaultAction pause = bind(FaultType.PAUSE_BROKER, "1");
        pause.inject();
        pause.heal();
        assertThat(commands).containsExactly(
                "docker kill --signal SIGKILL supply-chaos-kafka-2",
                "docker start supply-chaos-kafka-2",
                "docker stop --time 20 supply-chaos-kafka-3",
                "docker start supply-chaos-kafka-3",
                "docker pause supply-chaos-kafka-1",
                "docker unpause supply-chaos-kafka-1");
        assertThat(registered).containsExactly(2, 3);
    }

    @Test
    void shouldAskAgainWhenRuncCouldNotFreezeTheBrokersContainerInItsTime() {
        // given: runc gave up freezing the cgroup twice (a saturated host), then froze it
        pauseFailures.put("supply-chaos-kafka-2", 2);

        // when
        bind(FaultType.PAUSE_BROKER, "2").inject();

        // then
        assertThat(commands).containsExactly("docker pause supply-chaos-kafka-2", "docker pause supply-chaos-kafka-2",
                "docker pause supply-chaos-kafka-2");
        assertThat(states).containsEntry("supply-chaos-kafka-2", "paused");
    }

    @Test
    void shouldFailAPauseAtOnceForAnyOtherErrorAndAfterTheLastAttemptForAFreeze() {
        pauseFailures.put("supply-chaos-kafka-1", 1);
        pauseError = "Error response from daemon: Container supply-chaos-kafka-1 is not running";
        assertThatThrownBy(() -> bind(FaultType.PAUSE_BROKER, "1").inject()).hasMessageContaining("is not running");
        assertThat(commands).hasSize(1);

        commands.clear();
        pauseFailures.put("supply-chaos-kafka-3", ComposeBackend.PAUSE_ATTEMPTS);
        pauseError = "OCI runtime pause failed: unable to freeze: unknown";
        assertThatThrownBy(() -> bind(FaultType.PAUSE_BROKER, "3").inject()).hasMessageContaining("unable to freeze");
        assertThat(commands).hasSize(ComposeBackend.PAUSE_ATTEMPTS);
        assertThat(states).containsEntry("supply-chaos-kafka-3", "running");
    }

    @Test
    void givenBrokersTheToolKilledAndPausedThenTheJournalHoldsThemUntilStartedAndUnpaused() {
        ChangeJournal journal = new ChangeJournal(stateDir);
        FaultAction kill = bind(FaultType.KILL_BROKER, "1");
        FaultAction pause = bind(FaultType.PAUSE_BROKER, "3");

        kill.inject();
        pause.inject();
        assertThat(journal.brokers()).containsExactly(Map.entry(1, ChangeJournal.BrokerChange.STOPPED),
                Map.entry(3, ChangeJournal.BrokerChange.PAUSED));

        kill.heal();
        pause.heal();
        assertThat(journal.brokers()).as("nothing left for down to undo").isEmpty();
    }

    @Test
    void injectAndHealTwiceRunEachCommandOnce() {
        FaultAction kill = bind(FaultType.KILL_BROKER, "1");
        kill.inject();
        kill.inject();
        kill.heal();
        kill.heal();
        assertThat(commands).containsExactly("docker kill --signal SIGKILL supply-chaos-kafka-1", "docker start supply-chaos-kafka-1");
    }

    @Test
    void appVerbsMapToTheAppContainer() {
        bind(FaultType.KILL_APP, "app:1").inject();
        assertThat(commands).containsExactly("docker kill --signal SIGKILL supply-chaos-app");
        assertThatThrownBy(() -> bind(FaultType.KILL_APP, "app:2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no app instance 2");
    }

    @Test
    void stopAppIsADockerStopOfTheAppContainerWithTheAppsGrace() {
        // when the app container is stopped
        bind(FaultType.STOP_APP, "app:1").inject();

        // then docker stop gave it the app's grace before SIGKILL, and only a start can follow
        assertThat(commands).containsExactly("docker stop --time 10 supply-chaos-app");
        assertThatThrownBy(() -> bind(FaultType.STOP_APP, "app:1")).hasMessage("app instance 1 is not running");
        assertThat(bind(FaultType.START_APP, "app:1").describe()).isEqualTo("start-app 1");
    }

    @Test
    void aStoppedContainerCannotBeKilledAgain() {
        states.put("supply-chaos-kafka-2", "exited");
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, "2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("broker 2 is stopped: kill-broker needs it running or paused");
        assertThat(commands).isEmpty();
    }

    private FaultAction bind(FaultType type, String target) {
        return faults.bind(new FaultSpec(type, FaultTarget.parse(target).orElseThrow(), Map.of(), null, null));
    }
}
