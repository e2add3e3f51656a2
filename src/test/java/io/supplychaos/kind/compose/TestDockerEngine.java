package io.supplychaos.kind.compose;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.supplychaos.env.CommandRunner;
import io.supplychaos.env.ExternalCommand;
import io.supplychaos.time.Poll;

/**
 * The Docker engine an IT runs on: the one the docker CLI reaches already, or else a dockerd this
 * class starts (root only) with {@code --storage-driver=vfs} and a data root, exec root, pidfile and
 * socket of its own, and stops on {@link #close}. The data root is the cache directory's
 * ({@code ~/.cache/supply-chaos/docker/data}), so the images built by one run serve the next.
 */
final class TestDockerEngine implements AutoCloseable {

    private static final Path DEFAULT_BRIDGE = Path.of("/sys/class/net/docker0");

    private final String host;
    private final Process dockerd;
    private final Path execRoot;
    /** Whether the host had Docker's default bridge before this dockerd started: it creates one and leaves it. */
    private final boolean bridgeBefore;

    private TestDockerEngine(String host, Process dockerd, Path execRoot, boolean bridgeBefore) {
        this.host = host;
        this.dockerd = dockerd;
        this.execRoot = execRoot;
        this.bridgeBefore = bridgeBefore;
    }

    /** The engine the CLI reaches, or one started for the test; throws naming why when neither can be had. */
    static TestDockerEngine findOrStart(Path runDir) {
        if (onPath("docker").isEmpty()) {
            throw new IllegalStateException("no docker CLI on the PATH (apt-get install docker.io)");
        }
        String inherited = System.getenv().getOrDefault("DOCKER_HOST", "");
        if (answers(inherited)) {
            return new TestDockerEngine(inherited, null, null, true);
        }
        if (!"root".equals(System.getProperty("user.name")) || onPath("dockerd").isEmpty()) {
            throw new IllegalStateException("no docker daemon answers and this test can start one only as root with dockerd installed");
        }
        Path socket = runDir.resolve("docker.sock");
        Path dataRoot = LocalImages.defaultCacheDir(System.getenv()).resolveSibling("docker").resolve("data");
        try {
            Files.createDirectories(dataRoot);
            boolean bridgeBefore = Files.exists(DEFAULT_BRIDGE);
            Process process = new ProcessBuilder("dockerd", "--storage-driver=vfs", "--data-root", dataRoot.toString(),
                    "--exec-root", runDir.resolve("exec").toString(), "--pidfile", runDir.resolve("dockerd.pid").toString(),
                    "-H", "unix://" + socket)
                    .redirectErrorStream(true).redirectOutput(runDir.resolve("dockerd.log").toFile()).start();
            TestDockerEngine engine = new TestDockerEngine("unix://" + socket, process, runDir.resolve("exec"), bridgeBefore);
            // a JVM that ends without the test's close() still stops it
            Runtime.getRuntime().addShutdownHook(new Thread(engine::close, "stop-test-dockerd"));
            try {
                Poll.require("dockerd to answer on " + socket, Duration.ofSeconds(60),
                        () -> process.isAlive() && answers(engine.host));
            } catch (RuntimeException e) {
                engine.close();
                throw new IllegalStateException(e.getMessage() + "; its log: " + Files.readString(runDir.resolve("dockerd.log")), e);
            }
            return engine;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start dockerd", e);
        }
    }

    private static Optional<Path> onPath(String name) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)).filter(s -> !s.isEmpty())
                .map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst();
    }

    private static boolean answers(String host) {
        try {
            ExternalCommand.run("docker version", List.of("docker", "version", "--format", "{{.Server.Version}}"),
                    Path.of("."), host.isEmpty() ? Map.of() : Map.of("DOCKER_HOST", host), 10);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** {@code DOCKER_HOST} for processes that use this engine (empty: the CLI's default). */
    Map<String, String> environment() {
        return host.isEmpty() ? Map.of() : Map.of("DOCKER_HOST", host);
    }

    /** Commands run against this engine from {@code dir}. */
    CommandRunner commands(Path dir) {
        return (command, timeout) -> ExternalCommand.run(String.join(" ", command), command, dir, environment(),
                Math.max(1, timeout.toSeconds()));
    }

    /** Whether this test started the engine (and so stops it). */
    boolean startedHere() {
        return dockerd != null;
    }

    @Override
    public void close() {
        if (dockerd == null || !dockerd.isAlive()) {
            return;
        }
        dockerd.destroy(); // SIGTERM: dockerd stops its containerd and what still runs
        try {
            if (!dockerd.waitFor(30, TimeUnit.SECONDS)) {
                dockerd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            dockerd.destroyForcibly();
        }
        // a dockerd that did not get to it leaves its default network namespace mounted in the exec root
        Path netns = execRoot.resolve("netns/default");
        if (Files.exists(netns)) {
            try {
                ExternalCommand.run("umount " + netns, List.of("umount", netns.toString()), Path.of("."), Map.of(), 10);
            } catch (RuntimeException e) {
                // not mounted: nothing to undo
            }
        }
        // the default bridge (docker0) this dockerd created outlives it: the host gets back the links it had
        if (!bridgeBefore && Files.exists(DEFAULT_BRIDGE)) {
            ExternalCommand.run("ip link delete docker0", List.of("ip", "link", "delete", "docker0"), Path.of("."), Map.of(), 10);
        }
    }
}
