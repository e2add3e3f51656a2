package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.Partitioning;

/** Scenario files: every shipped one loads; each kind of mistake names the file, the field and what was expected. */
class ScenarioLoaderTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));
    private final ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name));

    @TempDir
    Path dir;

    static Stream<Arguments> badScenarios() {
        return Stream.of(
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10\n", "(file)", "a readable YAML file"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\ncolour: red\n", "colour", "unknown key"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: -5}\n", "workload.orders", "an integer >= 0, got -5"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, producers: 0}\n", "workload.producers",
                        "an integer from 1 to 64"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: [100, -1]}\n", "workload.warmup[1]",
                        "a positive order count"),
                Arguments.of("name: x\nenv: c3\nworkload: {}\n", "workload.orders", "orders > 0 or durationSeconds > 0"),
                Arguments.of("name: x\nenv: c9\nworkload: {orders: 10}\n", "env", "the name of a file in"),
                Arguments.of("name: x\nenv: {brokers: 1, replicationFactor: 3, partitions: 1}\nworkload: {orders: 10}\n",
                        "env", "replicationFactor"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: explode, target: 1}\n",
                        "faults[0].action", "one of kill-broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, link: client}\n",
                        "faults[0].ms", "required by delay"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: soon, action: heal}\n",
                        "faults[0].at", "a duration such as 10s"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: the-big-one}\n",
                        "faults[0].target", "a broker id, all, random"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: 1, ms: 5}\n",
                        "faults[0].ms", "not an attribute of kill-broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {processingGuarantee: exactly_once}\n",
                        "app.processingGuarantee", "one of"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, partitioning: sideways}\n",
                        "workload.partitioning", "one of [key, round-robin, single]"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {lost: some}\n", "expect.lost", "an integer"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: fast}\n", "workload.ratePerSecond",
                        "orders per second (0 = as fast as possible) or 'paper'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 777, ratePerSecond: paper}\n", "workload.ratePerSecond",
                        "'paper' only for an env named c1, c2 or c3 and an order count of the paper's Table II (100, 250,"),
                Arguments.of("name: x\nsweep: {env: [c3, c3-direct], orders: [100]}\nworkload: {ratePerSecond: paper}\n",
                        "workload.ratePerSecond", "got env 'c3-direct' with 100 orders"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badScenarios")
    void shouldRejectABadScenarioNamingFileFieldAndExpectation(String yaml, String field, String expected) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), yaml);

        assertThatThrownBy(() -> loader.load(file)).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(file.toString())
                .hasMessageContaining("field '" + field + "'")
                .hasMessageContaining(expected);
    }

    @Test
    void shouldLoadTheQuickstartWithItsFaultSchedule() {
        Scenario quickstart = loader.load(Path.of("scenarios/quickstart.yaml"));

        assertThat(quickstart.env().brokers()).isEqualTo(3);
        assertThat(quickstart.workload().orders()).isEqualTo(6000);
        assertThat(quickstart.app().processingGuarantee()).isEqualTo("exactly_once_v2");
        assertThat(quickstart.faults()).extracting(fault -> fault.type()).containsExactly(FaultType.KILL_BROKER,
                FaultType.START_BROKER, FaultType.DELAY);
        assertThat(quickstart.faults().get(0).target()).isEqualTo(FaultTarget.leaderOf("order-placed", 0));
        assertThat(quickstart.faults().get(2).duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(quickstart.faults().get(2).attributes()).containsEntry("ms", "100").containsEntry("link", "client");
        assertThat(quickstart.expect().lost()).isZero();
    }

    @Test
    void shouldExpandThePaperSweepIntoOneRunPerConfigAndMessageCount() {
        Scenario sweep = loader.load(Path.of("scenarios/paper-table2.yaml"));

        assertThat(sweep.runs()).hasSize(66);
        assertThat(sweep.runs().get(0).name()).isEqualTo("paper-table2-c1-100");
        assertThat(sweep.runs().get(65).env().partitioning()).isEqualTo(Partitioning.KEY);
        assertThat(sweep.comparePaper()).isTrue();
    }

    @Test
    void shouldOfferThePapersThroughputAtEachPointWhenTheRateIsPaper() throws IOException {
        // given a sweep whose rate is the paper's
        Path file = dir.resolve("paper-rate.yaml");
        Files.writeString(file, "name: p\nsweep: {env: [c1, c3], orders: [100, 50000]}\n"
                + "workload: {warmup: [100], ratePerSecond: paper}\npaper: true\n");

        // when it is expanded into its runs
        var runs = loader.load(file).runs();

        // then each run offers Table II's throughput for its config and message count
        assertThat(runs).extracting(run -> run.env().name() + "@" + run.workload().orders() + "="
                + run.workload().ratePerSecond())
                .containsExactly("c1@100=93.5", "c1@50000=165.8", "c3@100=140.8", "c3@50000=310.2");
    }

    @Test
    void shouldOfferThePapersThroughputToASingleRunWhenTheRateIsPaper() throws IOException {
        Path file = dir.resolve("paper-c2.yaml");
        Files.writeString(file, "name: p\nenv: c2\nworkload: {orders: 1000, ratePerSecond: paper}\n");

        assertThat(loader.load(file).workload().ratePerSecond()).isEqualTo(235.1);
    }

    @Test
    void shouldDeclareLossExpectedWhereTheScenarioSaysSo() {
        Scenario rf1 = loader.load(Path.of("scenarios/rf1-leader-kill-acks-all.yaml"));

        assertThat(rf1.expect().lossExpected()).isTrue();
        assertThat(loader.load(Path.of("scenarios/rf3-leader-kill-acks-all.yaml")).expect().lossExpected()).isFalse();
    }

    @Test
    void shouldLoadEveryShippedScenario() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            files.filter(file -> file.toString().endsWith(".yaml"))
                    .forEach(file -> assertThat(loader.load(file).name()).as(file.toString())
                            .isEqualTo(file.getFileName().toString().replace(".yaml", "")));
        }
    }
}
