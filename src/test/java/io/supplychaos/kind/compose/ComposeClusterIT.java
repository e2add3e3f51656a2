package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Timeouts;

/**
 * {@code kind: compose} on a real Docker engine, end to end: the images built here
 * ({@link LocalImages}, cached in the engine between runs), the repo's docker-compose.yml with
 * docker/local-images.yml laid over it (env/compose-c3-local.yaml), and {@code ./chaos run} as its
 * own process with {@code DOCKER_HOST} pointing at the engine. The run brings compose-c3 up, delays
 * the client links through the compose file's Toxiproxy, kills a partition leader's container the
 * way Pumba's {@code kill} does ({@code docker kill --signal SIGKILL}; {@code docker start} when the
 * schedule heals it) and pauses another the way Pumba's {@code pause} does ({@code docker pause} /
 * {@code unpause}); it must PASS with nothing lost, and leave no container, network or volume of
 * its compose project, and no dockerd this test started. When no daemon answers it starts one
 * (root and dockerd needed); without a docker CLI, or a daemon it can reach or start, the test
 * fails with the reason (it never skips: it runs only when every IT was asked for). Tagged
 * {@code full}: it runs in {@code mvn verify -Pfull} (CI), not in the default {@code mvn verify}.
 */
@Tag("full")
class ComposeClusterIT {

    private static final String PROJECT = "supply-chaos";

    @TempDir
    static Path runDir;
    private static TestDockerEngine engine;
    private static String unavailable;

    @TempDir
    Path dir;

    @BeforeAll
    static void findOrStartTheEngine() {
        try {
            engine = TestDockerEngine.findOrStart(runDir);
        } catch (IllegalStateException e) {
            unavailable = e.getMessage();
        }
    }

    @AfterAll
    static void stopTheEngineThisTestStarted() {
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    @Timeout(1200)
    void shouldPassAComposeRunWithAContainerKillAPauseAndAToxiproxyDelayAndLeaveNothingBehind() throws Exception {
        // -Pfull asks for every IT: a missing engine fails the run, never skips it (.ci/run installs Docker)
        assertThat(unavailable).as("no Docker engine for this test").isNull();
        ChaosPaths paths = ChaosPaths.defaults();
        CommandRunner docker = engine.commands(paths.home());
        // given: the images (built from nothing the first time, kept while their inputs do not change)
        new LocalImages(paths, LocalImages.defaultCacheDir(System.getenv()), docker, System.out::println).build();
        if (engine.startedHere()) {
            removeWhatAnAbortedRunLeft(docker);
        }
        assertThat(project(docker, "ps", "-aq")).as("no container of the project before the run (on an engine this "
                + "test did not start, it leaves them be: the project is then the user's)").isEmpty();
        Path scenario = Files.writeString(dir.resolve("compose-faults.yaml"), """
                name: it-compose
                env: compose-c3-local
                app: {instances: 1, processingGuarantee: exactly_once_v2}
                producer: {acks: all, enable.idempotence: true, linger.ms: 5}
                workload: {warmup: [300], orders: 2500, ratePerSecond: 100}
                faults:
                  - {at: 2s, action: delay, ms: 50, link: client, for: 6s}
                  - {at: 10s, action: kill-broker, target: leader-of order-placed:0, for: 8s}
                  - {at: 22s, action: pause-broker, target: 2, for: 4s}
                expect: {lost: 0, duplicates: 0}
                drainTimeout: 120s
                """);

        // when: ./chaos run, as a user runs it, against this engine
        Path state = dir.resolve("state");
        Path log = dir.resolve("run.log");
        int exit = chaos(paths, log, "run", scenario.toString(), "--out", dir.resolve("out").toString(),
                "--state-dir", state.toString());

        // then: the verdict, the faults as injected, and nothing of the project left in the engine
        String output = Files.readString(log);
        System.out.println(output);
        List<String> containersLeft = project(docker, "ps", "-aq");
        List<String> networksLeft = project(docker, "network", "ls", "-q");
        List<String> volumesLeft = project(docker, "volume", "ls", "-q");
        assertThat(exit).as(output).isZero();
        assertThat(output).as("which compose ran, up and down").containsPattern("(docker-compose|docker compose) up -d")
                .containsPattern("(docker-compose|docker compose) down");
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("out/summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/orders/lost/count").asLong()).isZero();
        assertThat(summary.at("/orders/duplicates/count").asLong()).isZero();
        List<String> actions = new ArrayList<>();
        for (JsonNode fault : summary.get("faults")) {
            actions.add(fault.path("action").asText());
            assertThat(fault.path("error").isMissingNode() || fault.path("error").isNull()).as("injected: " + fault).isTrue();
            assertThat(fault.path("injectedAt").asLong()).as("injected: " + fault).isPositive();
            assertThat(fault.path("healedAt").asLong()).as("healed: " + fault).isPositive();
        }
        assertThat(actions).containsExactly("delay", "kill-broker", "pause-broker");
        assertThat(containersLeft).as("containers of project " + PROJECT + " left").isEmpty();
        assertThat(networksLeft).as("networks of project " + PROJECT + " left").isEmpty();
        assertThat(volumesLeft).as("volumes of project " + PROJECT + " left").isEmpty();
    }

    /**
     * The engine this test started keeps its data root between runs (the image cache), and with it
     * the project's containers, networks and volumes when an earlier run of this test was stopped
     * before the tool's down: removed here, so the run starts from nothing as a user's first does.
     */
    private static void removeWhatAnAbortedRunLeft(CommandRunner docker) {
        List<String> containers = project(docker, "ps", "-aq");
        List<String> networks = project(docker, "network", "ls", "-q");
        List<String> volumes = project(docker, "volume", "ls", "-q");
        if (containers.isEmpty() && networks.isEmpty() && volumes.isEmpty()) {
            return;
        }
        System.out.printf("removing what an aborted earlier run left in this test's engine: %d container(s), "
                + "%d network(s), %d volume(s) of project %s%n", containers.size(), networks.size(), volumes.size(), PROJECT);
        removeAll(docker, List.of("docker", "rm", "-f", "-v"), containers);
        removeAll(docker, List.of("docker", "network", "rm"), networks);
        removeAll(docker, List.of("docker", "volume", "rm", "-f"), volumes);
    }

    private static void removeAll(CommandRunner docker, List<String> command, List<String> ids) {
        if (!ids.isEmpty()) {
            List<String> all = new ArrayList<>(command);
            all.addAll(ids);
            docker.run(all, Timeouts.DOCKER_COMMAND);
        }
    }

    /** Ids of the project's containers, networks or volumes ({@code docker <what> --filter label=...}). */
    private static List<String> project(CommandRunner docker, String... command) {
        List<String> all = new ArrayList<>(List.of("docker"));
        all.addAll(List.of(command));
        all.addAll(List.of("--filter", "label=com.docker.compose.project=" + PROJECT));
        return docker.run(all, Timeouts.DOCKER_COMMAND).lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** The CLI as its own JVM with the engine's DOCKER_HOST, output to {@code log}; its exit code. */
    private static int chaos(ChaosPaths paths, Path log, String... args) throws IOException, InterruptedException {
        Path home = paths.home();
        String classpath = home.resolve("target/classes") + ":" + Files.readString(home.resolve("target/cli-classpath.txt")).trim();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dsupply.home=" + home, "-cp", classpath, "io.supplychaos.cli.ChaosCli"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(engine.environment());
        Process cli = builder.start();
        try {
            if (!cli.waitFor(Duration.ofMinutes(15).toSeconds(), TimeUnit.SECONDS)) {
                cli.destroy();
                cli.waitFor(Timeouts.INTERRUPT_TEARDOWN.toSeconds(), TimeUnit.SECONDS);
                return -1;
            }
            return cli.exitValue();
        } finally {
            cli.destroyForcibly();
        }
    }
}
