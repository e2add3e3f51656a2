package io.supplychaos.kind.compose;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * After {@code compose up}: waits until every broker container logs {@code Kafka Server started},
 * and fails at once, with the container's last log lines, when one exits or restarts instead (a
 * bad setting, a missing image file): the error names the cause instead of an attach that times
 * out. Both apache/kafka and the local image log that line.
 */
final class ComposeStartup {

    static final String STARTED = "Kafka Server started";
    private static final int LOG_LINES = 20;

    private ComposeStartup() {
    }

    static void awaitBrokers(CommandRunner docker, ComposeFile compose, Duration timeout) {
        Set<String> started = new HashSet<>();
        Poll.require("the broker containers of " + compose.project() + " to log \"" + STARTED + "\"", timeout,
                Duration.ofSeconds(1), () -> {
                    for (String container : compose.brokerContainers().values()) {
                        if (started.contains(container)) {
                            continue;
                        }
                        String[] state = run(docker, List.of("docker", "inspect", "--format",
                                "{{.State.Status}} {{.RestartCount}} {{.State.ExitCode}}", container)).trim().split(" ");
                        boolean exited = state[0].equals("exited") || state[0].equals("dead");
                        boolean restarted = state.length > 1 && !state[1].equals("0");
                        if (exited || restarted) {
                            throw new Poll.Abort("broker container " + container + (exited ? " exited at start (exit "
                                    + (state.length > 2 ? state[2] : "?") + ")" : " restarted at start") + "; its last log lines:\n"
                                    + lastLines(docker, container));
                        }
                        if (state[0].equals("running") && run(docker, List.of("docker", "logs", "--tail", "500", container))
                                .contains(STARTED)) {
                            started.add(container);
                        }
                    }
                    return started.size() == compose.brokerContainers().size();
                });
    }

    private static String lastLines(CommandRunner docker, String container) {
        try {
            return run(docker, List.of("docker", "logs", "--tail", Integer.toString(LOG_LINES), container)).stripTrailing();
        } catch (RuntimeException e) {
            return "(no logs: " + e.getMessage() + ")";
        }
    }

    private static String run(CommandRunner docker, List<String> command) {
        return docker.run(command, Timeouts.DOCKER_COMMAND);
    }
}
