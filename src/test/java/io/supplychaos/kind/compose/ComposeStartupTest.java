package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Poll;

/** The wait after {@code compose up}: every broker container started, or the one that did not with its last log lines. */
class ComposeStartupTest {

    private static final Path COMPOSE_FILE = ChaosPaths.defaults().home().resolve("docker-compose.yml");
    private final ComposeFile compose = ComposeFile.read(COMPOSE_FILE);
    /** container -> "status restarts exitCode" */
    private final Map<String, String> states = new HashMap<>();
    private final Map<String, String> logs = new HashMap<>();

    private final CommandRunner docker = (command, timeout) -> {
        String container = command.get(command.size() - 1);
        return switch (command.get(1)) {
            case "inspect" -> states.get(container) + "\n";
            case "logs" -> logs.getOrDefault(container, "");
            default -> throw new AssertionError("unexpected " + command);
        };
    };

    @Test
    void givenEveryBrokerLoggedThatItStartedWhenAwaitedThenItReturns() {
        compose.brokerContainers().values().forEach(c -> {
            states.put(c, "running 0 0");
            logs.put(c, "[2026-11-27] INFO [KafkaRaftServer nodeId=1] Kafka Server started (kafka.server.KafkaRaftServer)\n");
        });

        assertThatCode(() -> ComposeStartup.awaitBrokers(docker, compose, Duration.ofSeconds(5))).doesNotThrowAnyException();
    }

    @Test
    void givenABrokerContainerThatExitedAtStartWhenAwaitedThenTheErrorNamesItWithItsLastLogLines() {
        compose.brokerContainers().values().forEach(c -> states.put(c, "running 0 0"));
        states.put("supply-chaos-kafka-2", "exited 0 1");
        logs.put("supply-chaos-kafka-2", "org.apache.kafka.common.config.ConfigException: Invalid value x for node.id\n");

        assertThatThrownBy(() -> ComposeStartup.awaitBrokers(docker, compose, Duration.ofSeconds(30)))
                .isInstanceOf(Poll.Abort.class)
                .hasMessageContaining("broker container supply-chaos-kafka-2 exited at start (exit 1)")
                .hasMessageContaining("Invalid value x for node.id");
    }

    @Test
    void givenABrokerThatTheRestartPolicyBroughtBackAtStartWhenAwaitedThenItCountsAsFailedNotAsRunning() {
        compose.brokerContainers().values().forEach(c -> states.put(c, "running 0 0"));
        states.put("supply-chaos-kafka-3", "running 2 0");

        assertThatThrownBy(() -> ComposeStartup.awaitBrokers(docker, compose, Duration.ofSeconds(30)))
                .isInstanceOf(Poll.Abort.class).hasMessageContaining("supply-chaos-kafka-3 restarted at start");
        assertThat(List.copyOf(compose.brokerContainers().values())).contains("supply-chaos-kafka-3");
    }
}
