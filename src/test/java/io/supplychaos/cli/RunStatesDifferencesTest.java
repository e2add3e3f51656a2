package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.CliRun;

/**
 * {@code run} states how a scenario's faults differ on its env's kind before anything starts: here
 * a run that then stops at its --delete-topics confirmation (no terminal, no --yes), before it
 * attaches to anything, has already said how its kill and its long pause differ on Kubernetes.
 */
class RunStatesDifferencesTest {

    @TempDir
    Path stateDir;

    /** Scenario files live apart: the state dir must hold only what the tool wrote there. */
    @TempDir
    Path files;

    @Test
    void givenAKillAndALongPauseOnAKubernetesEnv_whenRunStopsBeforeAttaching_thenBothDifferencesWereAlreadyPrinted() throws Exception {
        Path scenario = Files.writeString(files.resolve("k8s.yaml"), """
                name: k8s
                env: {name: k8s, kind: kubernetes, brokers: 3, replicationFactor: 3, partitions: 6,
                      kubernetes: {namespace: kafka, cluster: c3}}
                workload: {orders: 10}
                faults:
                  - {at: 1s, action: kill-broker, target: 1, for: 20s}
                  - {at: 30s, action: pause-broker, target: 2, for: 5s}
                  - {at: 40s, action: pause-broker, target: 3, for: 40s}
                """);

        CliRun run = CliRun.chaos(stateDir, "run", scenario.toString(), "--delete-topics", "--out", files.resolve("out").toString());

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(run.out()).contains("differs from the other envs: " + scenario + ": env 'k8s' (kubernetes) faults[0] (kill-broker at 1s"
                + " for 20s): the broker comes back at once")
                .contains("differs from the other envs: " + scenario + ": env 'k8s' (kubernetes) faults[2] (pause-broker at 40s for 40s):"
                        + " frozen longer than 25 s, the broker pod turns NotReady")
                .doesNotContain("faults[1]");
        assertThat(stateDir.resolve("attached.json")).as("not attached").doesNotExist();
        assertThat(files.resolve("out")).as("no run").doesNotExist();
    }
}
