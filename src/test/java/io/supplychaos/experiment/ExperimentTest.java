package io.supplychaos.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.MetricsSource;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.provenance.RunProvenance;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.Runs;
import io.supplychaos.report.SweepReport;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioLoader;
import io.supplychaos.scenario.ScenarioRunner;
import io.supplychaos.session.Apps;
import io.supplychaos.session.ClusterSource;
import io.supplychaos.session.Session;
import io.supplychaos.session.SessionPlan;
import io.supplychaos.session.Sessions;

/**
 * The experiment's loop on a fake runner (no Kafka): which runs open a session and which share the
 * open one, where each run's results go, what is written, and what the outcome says.
 */
class ExperimentTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));

    @TempDir
    Path dir;

    private final ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name));
    private final StringWriter console = new StringWriter();
    private final FakeRunner runner = new FakeRunner();

    @Test
    void shouldRunTheSweepsPointsInOneSessionAndWriteEachRunInADirectoryNamedAfterIt() throws Exception {
        // given a sweep without faults: two points on c1
        Path file = scenario("name: x\nsweep: {env: [c1], orders: [100, 200]}\n");

        // when
        Experiment.Outcome outcome = run(file);

        // then one session opened, both runs in it, closed at the end
        assertThat(runner.journal).containsExactly("open x-c1-100", "run x-c1-100 (run 1 of its session)",
                "run x-c1-200 (run 2 of its session)", "release c1");
        assertThat(console.toString()).contains("== x-c1-200 on c1",
                "same env and warm app as the previous run (run 2 of this session)");
        // and each run's files in its own directory, the sweep's index over them
        assertThat(outcome.runs()).extracting(SweepReport.Member::directory).containsExactly("x-c1-100", "x-c1-200");
        for (String run : List.of("x-c1-100", "x-c1-200")) {
            assertThat(dir.resolve("out").resolve(run).resolve(ResultFiles.SUMMARY)).isRegularFile();
            assertThat(dir.resolve("out").resolve(run).resolve(HistoryFile.NAME)).isRegularFile();
            assertThat(dir.resolve("out").resolve(run).resolve(ResultFiles.SCENARIO)).hasSameTextualContentAs(file);
        }
        assertThat(ResultFiles.readSummary(dir.resolve("out/x-c1-200").resolve(ResultFiles.SUMMARY)).scenario())
                .isEqualTo("x-c1-200");
        assertThat(dir.resolve("out").resolve(ResultFiles.REPORT)).isRegularFile();
        assertThat(console.toString()).contains("all runs: " + dir.resolve("out").resolve(ResultFiles.REPORT));
        assertThat(outcome.passed()).isTrue();
    }

    @Test
    void shouldOpenASessionPerEnvWhenTheSweepCoversTwo() throws Exception {
        Path file = scenario("name: x\nsweep: {env: [c1, c3], orders: [100]}\n");

        run(file);

        assertThat(runner.journal).containsExactly("open x-c1-100", "run x-c1-100 (run 1 of its session)",
                "release c1", "open x-c3-100", "run x-c3-100 (run 1 of its session)", "release c3");
    }

    @Test
    void shouldGiveEachPointOfASweepWithFaultsAFreshEnv() throws Exception {
        // given a sweep with a fault: a killed broker would leave its leaders elsewhere for the next point
        Path file = scenario("name: x\nsweep: {env: [c3], orders: [100, 200]}\n"
                + "faults:\n  - {at: 1s, action: kill-broker, target: 2}\n");

        run(file);

        assertThat(runner.journal).containsExactly("open x-c3-100", "run x-c3-100 (run 1 of its session)",
                "release c3", "open x-c3-200", "run x-c3-200 (run 1 of its session)", "release c3");
        assertThat(console.toString()).doesNotContain("same env and warm app");
    }

    @Test
    void shouldWriteASingleRunIntoTheExperimentsDirectoryItself() throws Exception {
        Path file = scenario("name: single\nenv: c1\nworkload: {orders: 100}\n");

        Experiment.Outcome outcome = run(file);

        assertThat(outcome.runs()).extracting(SweepReport.Member::directory).containsExactly("");
        assertThat(dir.resolve("out").resolve(ResultFiles.SUMMARY)).isRegularFile();
        assertThat(console.toString()).doesNotContain("all runs:");
    }

    @Test
    void shouldNumberTheRepeatsOfARunAndGiveEachItsOwnSession() throws Exception {
        Path file = scenario("name: again\nenv: c1\nworkload: {orders: 100}\nrepeat: 2\n");

        Experiment.Outcome outcome = run(file);

        assertThat(outcome.runs()).extracting(SweepReport.Member::directory).containsExactly("again-1", "again-2");
        assertThat(runner.journal).containsExactly("open again", "run again (run 1 of its session)", "release c1",
                "open again", "run again (run 1 of its session)", "release c1");
        assertThat(console.toString()).contains("== again (2/2) on c1");
    }

    @Test
    void shouldNotPassWhenARunFailed() throws Exception {
        Path file = scenario("name: x\nsweep: {env: [c1], orders: [100, 200]}\n");
        runner.failing.add("x-c1-200");

        Experiment.Outcome outcome = run(file);

        assertThat(outcome.passed()).isFalse();
        assertThat(outcome.runs()).extracting(member -> member.result().verdict()).containsExactly(Verdict.PASS, Verdict.FAIL);
    }

    @Test
    void shouldStartNoRunAndNotPassOnceInterrupted() throws Exception {
        Path file = scenario("name: x\nsweep: {env: [c1], orders: [100, 200]}\n");

        Experiment.Outcome outcome = new Experiment(runner, new PrintWriter(console, true))
                .run(loader.load(file), file, dir.resolve("out"), new AtomicBoolean(true));

        assertThat(runner.journal).isEmpty();
        assertThat(outcome.runs()).isEmpty();
        assertThat(outcome.passed()).isFalse();
    }

    @Test
    void shouldCloseTheOpenSessionWhenARunThrows() throws Exception {
        Path file = scenario("name: x\nsweep: {env: [c1], orders: [100, 200]}\n");
        runner.throwing = "x-c1-100";
        Experiment experiment = new Experiment(runner, new PrintWriter(console, true));

        assertThatThrownBy(() -> experiment.run(loader.load(file), file, dir.resolve("out"), new AtomicBoolean()))
                .hasMessage("the outcome consumer failed");

        assertThat(runner.journal).containsExactly("open x-c1-100", "release c1");
        assertThat(experiment.openSession()).isEmpty();
    }

    @Test
    void givenTheCheckerFailsOnARunsHistory_whenTheExperimentRuns_thenTheHistoryIsWrittenBeforeTheErrorLeaves()
            throws Exception {
        // given a run whose checker throws on what the run recorded
        Path file = scenario("name: single\nenv: c1\nworkload: {orders: 100}\n");
        runner.checkerFailing = "single";
        Experiment experiment = new Experiment(runner, new PrintWriter(console, true));

        // when / then: the error leaves, the session is closed, and the history is on disk for `./chaos check`
        assertThatThrownBy(() -> experiment.run(loader.load(file), file, dir.resolve("out"), new AtomicBoolean()))
                .isInstanceOf(ScenarioRunner.CheckFailed.class).hasMessageContaining("no such stage");
        assertThat(runner.journal).containsExactly("open single", "release c1");
        assertThat(HistoryFile.read(dir.resolve("out").resolve(HistoryFile.NAME))).isEqualTo(FakeRunner.HISTORY);
        assertThat(dir.resolve("out").resolve(ResultFiles.SCENARIO)).exists();
        assertThat(console.toString()).contains("the checker failed on this run's history");
    }

    @Test
    void shouldOfferTheOpenSessionToTheCtrlCHookUntilItIsClosed() throws Exception {
        // given a run that looks at the experiment's open session while it runs
        Path file = scenario("name: single\nenv: c1\nworkload: {orders: 100}\n");
        Experiment experiment = new Experiment(runner, new PrintWriter(console, true));
        runner.during = () -> runner.journal.add("open session seen: " + experiment.openSession().isPresent());

        // when
        experiment.run(loader.load(file), file, dir.resolve("out"), new AtomicBoolean());

        // then
        assertThat(runner.journal).contains("open session seen: true");
        assertThat(experiment.openSession()).isEmpty();
    }

    @Test
    void shouldNameARunsDirectoryAfterTheRunAndItsAttempt() throws IOException {
        Scenario sweep = loader.load(scenario("name: x\nsweep: {env: [c1], orders: [100, 200]}\n"));
        Scenario point = sweep.runs().get(1);

        assertThat(Experiment.runDirectory(dir, 1, 1, sweep, 1)).isEqualTo(dir);
        assertThat(Experiment.runDirectory(dir, 2, 1, point, 1)).isEqualTo(dir.resolve("x-c1-200"));
        assertThat(Experiment.runDirectory(dir, 2, 3, point, 3)).isEqualTo(dir.resolve("x-c1-200-3"));
        assertThat(Experiment.runDirectory(dir, 1, 2, sweep, 2)).isEqualTo(dir.resolve("x-2"));
    }

    @Test
    void givenAnInlineEnvWithPasswordsAndABrokerShowingOne_whenTheRunsResultsAreWritten_thenNoFileUnderResultsHoldsThem()
            throws Exception {
        // given a scenario whose inline env holds a JAAS password, a truststore password and a JMX password
        Path file = scenario("""
                name: staging-run
                env:
                  name: staging
                  kind: external
                  brokers: 1
                  replicationFactor: 1
                  partitions: 1
                  bootstrapServers: "127.0.0.1:1"
                  clientConfig:
                    security.protocol: SASL_SSL
                    sasl.mechanism: SCRAM-SHA-512
                    sasl.jaas.config: org.apache.kafka.common.security.scram.ScramLoginModule required username="svc" password="jaas-Secret-1";
                    ssl.truststore.location: /etc/kafka/truststore.p12
                    ssl.truststore.password: "trust-Secret-2"
                  metrics: {jmx: {1: "127.0.0.1:9999"}, username: monitor, password: jmx-Secret-3}
                workload: {orders: 10}
                """);
        Scenario scenario = loader.load(file);
        // and a broker that reports a listener's JAAS setting without marking it sensitive
        runner.provenance = new Provenance("0.1.0-test", "abc", "4.1.1", "17", null,
                RunProvenance.envOf(scenario.env(), new KafkaAccess("127.0.0.1:1", scenario.env().clientConfig())),
                Map.of("1", Map.of("listener.name.client.scram-sha-512.sasl.jaas.config",
                        "ScramLoginModule required username=\"admin\" password=\"broker-Secret-4\";", "num.io.threads", "8")),
                file.toString(), new Provenance.Machine("Linux", "amd64", 2, 4096), Map.of());

        // when the run's results are written
        run(file);

        // then no file under the results, the compressed history included, holds any of the passwords
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir.resolve("out"))) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).extracting(f -> f.getFileName().toString())
                .contains(ResultFiles.SUMMARY, ResultFiles.REPORT, ResultFiles.SCENARIO, ResultFiles.TIMESERIES, HistoryFile.NAME);
        for (Path written : files) {
            byte[] bytes = Files.readAllBytes(written);
            if (written.toString().endsWith(".gz")) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
                    bytes = in.readAllBytes();
                }
            }
            assertThat(new String(bytes, StandardCharsets.UTF_8)).as(written.toString())
                    .doesNotContain("jaas-Secret-1", "trust-Secret-2", "jmx-Secret-3", "broker-Secret-4");
        }
        // and the copy is still the scenario, every other value as it was
        Path copy = dir.resolve("out").resolve(ResultFiles.SCENARIO);
        assertThat(Files.readAllLines(copy)).hasSameSizeAs(Files.readAllLines(file))
                .contains("    ssl.truststore.location: /etc/kafka/truststore.p12", "    ssl.truststore.password: \"[hidden]\"");
        assertThat(loader.load(copy).env().clientConfig()).containsEntry("sasl.jaas.config", "[hidden]")
                .containsEntry("security.protocol", "SASL_SSL");
        assertThat(ResultFiles.readSummary(dir.resolve("out").resolve(ResultFiles.SUMMARY)).provenance().brokerConfig().get("1"))
                .containsEntry("num.io.threads", "8");
    }

    private Experiment.Outcome run(Path file) throws IOException, InterruptedException {
        return new Experiment(runner, new PrintWriter(console, true)).run(loader.load(file), file, dir.resolve("out"),
                new AtomicBoolean());
    }

    private Path scenario(String yaml) throws IOException {
        return Files.writeString(dir.resolve("scenario.yaml"), yaml);
    }

    /** Runs nothing: opens sessions on a fake cluster, and gives each run a result named after it. */
    private static final class FakeRunner implements Experiment.Runner {

        final List<String> journal = new ArrayList<>();
        final Set<String> failing = new HashSet<>();
        String throwing;
        /** The run whose checker fails on its history. */
        String checkerFailing;
        static final List<HistoryEvent> HISTORY = List.of(new HistoryEvent.PhaseStarted(HistoryEvent.Phase.MEASURE, 1_000),
                new HistoryEvent.PhaseStarted(HistoryEvent.Phase.CHECK, 2_000));
        Runnable during = () -> { };
        /** The provenance each run's result carries; the fixture's when null. */
        Provenance provenance;
        private final Sessions sessions = new Sessions(PATHS, 33000, new ClusterSource() {
            @Override
            public Optional<EnvSpec> current() {
                return Optional.empty();
            }

            @Override
            public Cluster open(EnvSpec spec, String source, int basePort, Consumer<String> out) {
                return new FakeCluster(spec, journal);
            }
        }, false, line -> { });

        private static SessionPlan plan(Scenario scenario) {
            return new SessionPlan(scenario.env(), scenario.source(), SessionPlan.Reuse.NONE, Apps.none());
        }

        @Override
        public Session open(Scenario scenario, AtomicBoolean stop) {
            journal.add("open " + scenario.name());
            return sessions.open(plan(scenario), stop);
        }

        @Override
        public boolean hosts(Session session, Scenario scenario) {
            return session.hosts(plan(scenario));
        }

        @Override
        public ScenarioRunner.Outcome run(Session session, Scenario scenario, AtomicBoolean stop) {
            if (scenario.name().equals(throwing)) {
                throw new IllegalStateException("the outcome consumer failed");
            }
            if (scenario.name().equals(checkerFailing)) {
                throw new ScenarioRunner.CheckFailed(HISTORY, new IllegalStateException("no such stage"));
            }
            session.beginRun().close();
            journal.add("run " + scenario.name() + " (run " + session.runs() + " of its session)");
            during.run();
            RunResult r = Runs.result();
            Verdict verdict = failing.contains(scenario.name()) ? Verdict.FAIL : Verdict.PASS;
            RunResult result = new RunResult(scenario.name(), scenario.env().name(), r.workload(), r.orders(),
                    r.throughput(), r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(),
                    verdict, r.violations(), r.notes(), r.startedAt(), r.endedAt(), r.interrupted(), r.distribution(),
                    r.paper(), r.brokerMetricsSource(), provenance == null ? r.provenance() : provenance, r.firstReadMs());
            return new ScenarioRunner.Outcome(result, Runs.rows(), List.of());
        }
    }

    private record FakeCluster(EnvSpec spec, List<String> journal) implements Cluster {

        @Override
        public KafkaAccess access() {
            return KafkaAccess.plaintext("127.0.0.1:1");
        }

        @Override
        public boolean started() {
            return true;
        }

        @Override
        public Duration took() {
            return Duration.ZERO;
        }

        @Override
        public FaultBackend faults() {
            throw new UnsupportedOperationException("no faults on a fake cluster");
        }

        @Override
        public MetricsSource metrics() {
            return MetricsSource.none();
        }

        @Override
        public void release(boolean deleteTopics, Consumer<String> out) {
            journal.add("release " + spec.name());
        }
    }
}
