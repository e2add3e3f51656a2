package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.CliRun;

/**
 * {@code run --delete-topics} on a cluster the tool did not start says before the run what it will
 * delete at its end, and without a terminal and without {@code --yes} exits 2 before anything starts.
 */
class RunDeleteTopicsTest {

    @TempDir
    Path stateDir;

    /** Scenario files live apart: the state dir must hold only what the tool wrote there. */
    @TempDir
    Path files;

    @Test
    void givenAnExternalEnvAndNoTerminalWhenRunDeletesTopicsWithoutYesThenItListsThemAndExits2BeforeAttaching() throws Exception {
        Path scenario = Files.writeString(files.resolve("shared.yaml"), """
                name: shared
                env: {name: staging, kind: external, brokers: 1, replicationFactor: 1, partitions: 1, bootstrapServers: "127.0.0.1:1"}
                workload: {orders: 10}
                """);

        CliRun run = CliRun.chaos(stateDir, "run", scenario.toString(), "--delete-topics", "--out", files.resolve("out").toString());

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(run.err()).contains("run --delete-topics will change env staging (external)",
                "delete the supply-chain topics on env staging: order-placed", "supply-chaos-*-changelog",
                "delete the consumer groups supply-chaos and supply-chaos-sse", "--yes");
        assertThat(stateDir.resolve("attached.json")).as("not attached").doesNotExist();
        assertThat(files.resolve("out")).as("no run").doesNotExist();
    }

    @Test
    void givenAScenarioWhoseAppSetsItsApplicationIdWhenRunDeletesTopicsThenThatIdsInternalTopicsAndGroupAreListed() throws Exception {
        // given a scenario whose app runs as application.id team-a-chain
        Path scenario = Files.writeString(files.resolve("shared.yaml"), """
                name: shared
                env: {name: staging, kind: external, brokers: 1, replicationFactor: 1, partitions: 1, bootstrapServers: "127.0.0.1:1"}
                app: {config: {kafka-streams.application.id: team-a-chain}}
                workload: {orders: 10}
                """);

        // when it is run with --delete-topics and no terminal
        CliRun run = CliRun.chaos(stateDir, "run", scenario.toString(), "--delete-topics", "--out", files.resolve("out").toString());

        // then the list names that id's internal topics and its group, before anything starts
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(run.err()).contains("team-a-chain-*-changelog and team-a-chain-*-repartition",
                "delete the consumer groups team-a-chain and supply-chaos-sse");
    }
}
