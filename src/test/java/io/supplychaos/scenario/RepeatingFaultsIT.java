package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;

/**
 * A repeating schedule on real brokers: a random broker of a c3 env killed every 10 s, three
 * times, each back after 4 s, never two down at once, under exactly-once with acks=all and RF 3.
 * The run must play the schedule the seed expands to at load (the same targets, in order), heal
 * every kill before the next one, and lose or duplicate nothing. About 3 minutes on 2 cores, so it
 * is tagged {@code full}: it runs in {@code mvn verify -Pfull} (and CI).
 */
@Tag("full")
class RepeatingFaultsIT {

    private static final String SCENARIO = """
            name: it-repeating-kills
            env: c3
            app: {processingGuarantee: exactly_once_v2}
            producer: {acks: all}
            workload: {warmup: [300], orders: 4000, ratePerSecond: 100}
            faults:
              - {at: 5s, action: kill-broker, target: random, every: 10s, seed: 11, maxDown: 1, for: 4s, count: 3}
            expect: {lost: 0, duplicates: 0, outOfOrder: 0}
            drainTimeout: 90s
            """;

    @TempDir
    Path dir;

    @Test
    @Timeout(420)
    void shouldPlayTheSeededScheduleOneBrokerDownAtATimeAndLoseNothing() throws IOException {
        // given the concrete schedule the seed expands to when the scenario is loaded
        Path file = Files.writeString(dir.resolve("repeating.yaml"), SCENARIO);
        ChaosPaths project = new ChaosPaths(Path.of("."), Path.of(".chaos"));
        List<FaultSpec> planned = new ScenarioLoader(name -> EnvFiles.resolve(project, name)).load(file).faults();
        assertThat(planned).hasSize(3);

        // when the scenario runs
        PlantedRun done = PlantedRun.run(dir, SCENARIO, dir.resolve("state"), true);

        // then it passes, having killed the planned brokers in the planned order, each healed before the next
        assertThat(done.summary().get("verdict").asText()).as(done.output()).isEqualTo("PASS");
        assertThat(done.summary().at("/orders/lost/count").asLong()).isZero();
        assertThat(done.summary().at("/orders/duplicates/count").asLong()).isZero();
        JsonNode faults = done.summary().get("faults");
        assertThat(faults).as(done.output()).hasSize(3);
        List<String> killed = new ArrayList<>();
        long previousHeal = 0;
        for (JsonNode fault : faults) {
            assertThat(fault.get("action").asText()).isEqualTo("kill-broker");
            assertThat(fault.path("error").isMissingNode() || fault.path("error").isNull())
                    .as("injected: %s", fault).isTrue();
            assertThat(fault.path("healedAt").asLong()).as("healed: %s", fault).isPositive();
            // times are in ms: the next kill begins once the heal has returned, which can be the same millisecond
            assertThat(fault.get("injectedAt").asLong()).as("never two brokers down: %s", faults)
                    .isGreaterThanOrEqualTo(previousHeal);
            previousHeal = fault.get("healedAt").asLong();
            killed.add(fault.get("target").asText());
        }
        assertThat(killed).as("the seed's schedule").containsExactlyElementsOf(
                planned.stream().map(spec -> String.valueOf(spec.target())).toList());
    }
}
