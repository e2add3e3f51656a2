package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.scenario.ScenarioLoader;

/** Which runs of a scenario share one env and one warm app. */
class RunSessionsTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    @org.junit.jupiter.api.io.TempDir
    Path dir;
    private final ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name));

    @Test
    void shouldShareSessionsBetweenThePointsOfASweepWithoutFaults() {
        assertThat(RunCommand.sharesSessions(loader.load(Path.of("scenarios/paper-quick.yaml")))).isTrue();
        assertThat(RunCommand.sharesSessions(loader.load(Path.of("scenarios/paper-table2.yaml")))).isTrue();
    }

    @Test
    void shouldGiveEveryRunAFreshEnvWhenTheScenarioIsASingleRunOrASweepWithFaults() throws java.io.IOException {
        // given a sweep with a fault: a killed broker would leave its leaders elsewhere for the next point
        Path faulty = dir.resolve("faulty.yaml");
        java.nio.file.Files.writeString(faulty, "name: x\nsweep: {env: [c3], orders: [100, 200]}\n"
                + "faults:\n  - {at: 1s, action: kill-broker, target: 2}\n");

        assertThat(RunCommand.sharesSessions(loader.load(Path.of("scenarios/quickstart.yaml")))).isFalse();
        assertThat(RunCommand.sharesSessions(loader.load(faulty))).isFalse();
    }
}
