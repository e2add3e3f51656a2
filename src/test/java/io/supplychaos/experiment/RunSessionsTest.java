package io.supplychaos.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.scenario.ScenarioLoader;

/** Which runs of a scenario share one env and one warm app. */
class RunSessionsTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    @TempDir
    Path dir;
    private final ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name));

    @Test
    void shouldShareSessionsBetweenThePointsOfASweepWithoutFaults() {
        assertThat(Experiment.sharesSessions(loader.load(Path.of("scenarios/paper-quick.yaml")))).isTrue();
        assertThat(Experiment.sharesSessions(loader.load(Path.of("scenarios/paper-table2.yaml")))).isTrue();
    }

    @Test
    void shouldGiveEveryRunAFreshEnvWhenTheScenarioIsASingleRunOrASweepWithFaults() throws IOException {
        // given a sweep with a fault: a killed broker would leave its leaders elsewhere for the next point
        Path faulty = dir.resolve("faulty.yaml");
        Files.writeString(faulty, "name: x\nsweep: {env: [c3], orders: [100, 200]}\n"
                + "faults:\n  - {at: 1s, action: kill-broker, target: 2}\n");

        assertThat(Experiment.sharesSessions(loader.load(Path.of("scenarios/quickstart.yaml")))).isFalse();
        assertThat(Experiment.sharesSessions(loader.load(faulty))).isFalse();
    }
}
