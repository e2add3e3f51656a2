package io.supplychaos.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.spec.SpecException;

/**
 * {@code ./chaos verify}'s options and faults file are validated whole before anything starts:
 * a suite the env cannot run, a guarantee the suite refuses, counts and durations out of range,
 * and faults that name a topic, instance or time the suite does not have are refused with the
 * field and what was expected. Every faults file of the library loads.
 */
class VerifyPlanTest {

    private final ChaosPaths paths = ChaosPaths.defaults();

    @TempDir
    Path dir;

    @Test
    void shouldTakeTheSuitesDefaults() {
        VerifyPlan plan = VerifyPlan.of(paths, "smoke", "c1", null, null, null, null);

        assertThat(plan.suite()).isEqualTo(Suite.SMOKE);
        assertThat(plan.instances()).isEqualTo(1);
        assertThat(plan.guarantee()).isEqualTo("exactly_once_v2");
        assertThat(plan.duration()).isEqualTo(Duration.ofSeconds(90));
        assertThat(plan.faults()).isEmpty();
    }

    @Test
    void shouldRunEachSuiteOnTheSmallestEnvThatCanRunItByDefault() {
        assertThat(VerifyPlan.of(paths, "smoke", null, null, null, null, null).env().name()).isEqualTo("c1");
        assertThat(VerifyPlan.of(paths, "eos", null, null, null, null, null).env().name()).isEqualTo("c3");
    }

    @Test
    void shouldRefuseTheEosSuiteOnFewerThanThreeBrokersNamingWhy() {
        assertThatThrownBy(() -> VerifyPlan.of(paths, "eos", "c2", null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 3 brokers").hasMessageContaining("replication.factor 3");
    }

    @Test
    void shouldRefuseAtLeastOnceForTheEosSuite() {
        assertThatThrownBy(() -> VerifyPlan.of(paths, "eos", "c3", null, null, "at_least_once", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--guarantee").hasMessageContaining("exactly_once_v2");
    }

    @Test
    void shouldRefuseAnUnknownSuiteAndOutOfRangeOptions() {
        assertThatThrownBy(() -> VerifyPlan.of(paths, "relational", "c1", null, null, null, null))
                .hasMessageContaining("smoke, eos, eos-complex");
        assertThatThrownBy(() -> VerifyPlan.of(paths, "smoke", "c1", null, "9", null, null))
                .hasMessageContaining("--instances").hasMessageContaining("from 1 to 8");
        assertThatThrownBy(() -> VerifyPlan.of(paths, "smoke", "c1", null, null, null, "10s"))
                .hasMessageContaining("--duration").hasMessageContaining("45s");
    }

    @Test
    void shouldRefuseAFaultThatStartsAfterTheDriverStopsWithItsLine() throws IOException {
        Path faults = write("""
                faults:
                  - {at: 10s, action: kill-broker, target: 1, for: 5s}
                  - {at: 2m, action: kill-broker, target: 1, for: 5s}
                """);

        assertThatThrownBy(() -> VerifyPlan.of(paths, "smoke", "c1", faults, null, null, "90s"))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining(faults + ":3:")
                .hasMessageContaining("faults[1].at")
                .hasMessageContaining("before 90s");
    }

    @Test
    void shouldRefuseALeaderTargetOnATopicTheSuiteDoesNotHave() throws IOException {
        Path faults = write("faults:\n  - {at: 10s, action: kill-broker, target: leader-of order-placed:0}\n");

        assertThatThrownBy(() -> VerifyPlan.of(paths, "eos", "c3", faults, null, null, null))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("data, echo, min, sum");
    }

    @Test
    void shouldRefuseAnAppInstanceBeyondTheInstancesAsked() throws IOException {
        Path faults = write("faults:\n  - {at: 10s, action: kill-app, target: app:3, for: 5s}\n");

        assertThatThrownBy(() -> VerifyPlan.of(paths, "eos", "c3", faults, "2", null, null))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("app:N with N from 1 to 2");
    }

    @Test
    void shouldRefuseAReplicationLinkFaultOnOneBroker() throws IOException {
        Path faults = write("faults:\n  - {at: 10s, action: cut, link: replication, target: 1, for: 5s}\n");

        assertThatThrownBy(() -> VerifyPlan.of(paths, "smoke", "c1", faults, null, null, null))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("one broker");
    }

    @Test
    void shouldRefuseUnknownKeysInAFaultsFile() throws IOException {
        Path faults = write("faults: []\nenv: c3\n");

        assertThatThrownBy(() -> VerifyPlan.of(paths, "smoke", "c1", faults, null, null, null))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("env");
    }

    @Test
    void shouldLoadEveryFaultsFileOfTheLibraryOnC3() throws IOException {
        List<Path> library;
        try (Stream<Path> files = Files.list(paths.home().resolve("scenarios/verify"))) {
            library = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(library).hasSizeGreaterThanOrEqualTo(10);
        for (Path file : library) {
            String suite = file.getFileName().toString().startsWith("eos") ? "eos" : "smoke";
            VerifyPlan plan = VerifyPlan.of(paths, suite, "c3", file, "3", null, null);
            assertThat(plan.faults()).as(file.toString()).isNotEmpty();
        }
    }

    private Path write(String text) throws IOException {
        return Files.writeString(dir.resolve("faults.yaml"), text);
    }
}
