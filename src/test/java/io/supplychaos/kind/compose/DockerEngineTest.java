package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.CommandRunner;

/** What {@link DockerEngine} says before anything starts: the docker CLI, its daemon, and which compose runs. */
class DockerEngineTest {

    private final List<List<String>> calls = new ArrayList<>();

    /** A machine where the commands matching {@code missing} cannot run and those matching {@code failing} fail. */
    private CommandRunner machine(Predicate<List<String>> missing, Predicate<List<String>> failing) {
        return (command, timeout) -> {
            calls.add(command);
            if (missing.test(command)) {
                throw new UncheckedIOException("cannot run " + command.get(0), new IOException("No such file or directory"));
            }
            if (failing.test(command)) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit 1):\n"
                        + "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?");
            }
            return command.contains("{{.Server.Version}}") ? "20.10.24+dfsg1\n" : "";
        };
    }

    @Test
    void givenNoDockerCliWhenCheckedThenItSaysSoAndAsksNothingElse() {
        CommandRunner noDocker = machine(c -> c.get(0).equals("docker"), c -> false);

        assertThatThrownBy(() -> DockerEngine.check(noDocker)).isInstanceOf(DockerUnavailableException.class)
                .hasMessageContaining("no docker CLI on the PATH");
        assertThat(calls).hasSize(1);
    }

    @Test
    void givenADaemonThatDoesNotAnswerWhenCheckedThenTheMessageNamesWhereItLookedAndWhy() {
        CommandRunner daemonDown = machine(c -> false, c -> c.contains("version") && c.size() > 2);

        assertThatThrownBy(() -> DockerEngine.check(daemonDown)).isInstanceOf(DockerUnavailableException.class)
                .hasMessageContaining("docker daemon is not reachable at")
                .hasMessageContaining("Is the docker daemon running?");
    }

    @Test
    void givenADaemonWhenCheckedThenItsServerVersionIsReturned() {
        assertThat(DockerEngine.check(machine(c -> false, c -> false))).isEqualTo("20.10.24+dfsg1");
    }

    @Test
    void givenTheComposePluginWhenDetectedThenItIsPreferred() {
        assertThat(DockerEngine.compose(machine(c -> false, c -> false))).isEqualTo(ComposeCli.PLUGIN);
    }

    @Test
    void givenOnlyTheStandaloneDockerComposeWhenDetectedThenItRunsWithItsOwnPsFilter() {
        CommandRunner noPlugin = machine(c -> false, c -> c.size() > 1 && c.get(0).equals("docker") && c.get(1).equals("compose"));

        ComposeCli cli = DockerEngine.compose(noPlugin);

        assertThat(cli).isEqualTo(ComposeCli.STANDALONE);
        assertThat(cli.command(List.of("ps"))).containsExactly("docker-compose", "ps");
        assertThat(cli.runningServices()).containsExactly("ps", "--services", "--filter", "status=running");
        assertThat(cli.displayName()).isEqualTo("docker-compose");
    }

    @Test
    void givenNoComposeAtAllWhenDetectedThenBothAreNamedInTheError() {
        CommandRunner noCompose = machine(c -> c.get(0).equals("docker-compose"), c -> c.contains("compose"));

        assertThatThrownBy(() -> DockerEngine.compose(noCompose)).isInstanceOf(DockerUnavailableException.class)
                .hasMessageContaining("`docker compose`").hasMessageContaining("`docker-compose`");
    }
}
