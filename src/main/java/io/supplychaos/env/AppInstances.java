package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * The supply-chain service instances a run starts, each its own JVM (the Quarkus app's
 * quarkus-run.jar) in its own session, recorded in {@code .chaos/apps.json} so that
 * {@code ./chaos kill-app N} from another terminal, {@code status} and {@code down} find them.
 * All instances share one application.id (one consumer group) and each has its own state
 * directory, HTTP port (a free one, recorded; on 127.0.0.1 unless {@code quarkus.http.host} says
 * otherwise, see application.properties), announced to the others as its Streams
 * {@code application.server} (so that a GET for an order held by another instance is sent on), and log. Extra JVM options (a profiler, another heap size)
 * come from the environment variable {@code SUPPLY_CHAOS_APP_JAVA_OPTS}.
 *
 * <p>A recorded instance counts as alive, and is ever signalled, only while its pid runs exactly
 * the recorded command ({@link ProcessControl#runs}): a recycled pid, or the app of another state
 * directory, is never hit.
 */
public final class AppInstances {

    static final String MARKER = "-Dsupplychaos.app.instance=";

    /**
     * One instance as recorded; the command restarts it as it was.
     *
     * @param httpPort  where the supply-chain app answers /q/health/ready; 0 for an instance without
     *                  an HTTP server (Kafka's test apps, {@code ./chaos verify})
     * @param readyLine for an instance without HTTP: the line it prints once its Streams client is
     *                  RUNNING; null for the supply-chain app
     * @param logFrom   the length of {@code log} when this life of the instance began: its ready
     *                  line counts only after it
     */
    public record AppInstance(int index, Long pid, int httpPort, List<String> command, String log, String readyLine,
                              long logFrom) {

        public AppInstance(int index, Long pid, int httpPort, List<String> command, String log) {
            this(index, pid, httpPort, command, log, null, 0);
        }

        public AppInstance withPid(long newPid, long newLogFrom) {
            return new AppInstance(index, newPid, httpPort, command, log, readyLine, newLogFrom);
        }

        /** True once this life of the instance says it is ready (HTTP health, or its ready line in the log). */
        public boolean ready() {
            return readyLine == null ? AppInstances.ready(httpPort)
                    : ProcessControl.readFrom(Path.of(log), logFrom).contains(readyLine);
        }
    }

    private static final Duration READY_POLL = Duration.ofMillis(250);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final ChaosPaths paths;

    public AppInstances(ChaosPaths paths) {
        this.paths = paths;
    }

    public Path file() {
        return paths.stateDir().resolve("apps.json");
    }

    public synchronized List<AppInstance> read() {
        if (!Files.exists(file())) {
            return List.of();
        }
        try {
            return JSON.readValue(file().toFile(), new TypeReference<List<AppInstance>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(), e);
        }
    }

    public Optional<AppInstance> instance(int index) {
        return read().stream().filter(app -> app.index() == index).findFirst();
    }

    /** SmallRye's switch for the SSE feed's channel (SRMSG00231: "disabled by configuration"). */
    static final String SSE_FEED_ENABLED = "mp.messaging.incoming.notifications.enabled";

    /**
     * True when an instance started now would train the app's AOT cache (the first start of a new
     * build or of new JVM options): such a JVM records as it runs and costs more memory and CPU than
     * the instances after it (the bench trains it before it measures).
     */
    public boolean trainsCache(AppHeap heap) {
        JavaRuntime runtime = JavaRuntime.detect();
        return !runtime.hasCache("app", jvmOptions(runtime.java(), heap), List.of(jar().toString()));
    }

    private Path jar() {
        Path jar = paths.home().resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no app build at " + jar + ": run ./chaos (it builds) or mvn package");
        }
        return jar;
    }

    /** The JVM options of every instance, the user's after the tool's (they win); part of the AOT cache's fingerprint. */
    private static List<String> jvmOptions(JavaRuntime.Java java, AppHeap heap) {
        List<String> jvm = new ArrayList<>(List.of("-Xms128m", heap.option()));
        jvm.addAll(NativeMemory.options(java));
        jvm.addAll(CompactHeaders.options(java));
        jvm.addAll(ExtraJavaOptions.withDefaultCollector(ExtraJavaOptions.APP));
        return jvm;
    }

    /**
     * Starts instance {@code index} against {@code cluster} (its bootstrap servers and client config) with the given app properties
     * (system properties; e.g. kafka-streams.processing.guarantee) and records it. Its local
     * Streams state lives in the env's data directory, so it is created and removed with the
     * cluster it belongs to: state from an earlier cluster points at offsets the new one never had
     * (Streams calls such tasks corrupted and restores them from scratch).
     */
    public AppInstance start(int index, KafkaAccess cluster, Map<String, String> properties, AppHeap heap) {
        Path jar = jar();
        int port = freePort();
        // the instances' Streams state is the tool's to delete with the cluster's data (StateDir)
        StateDir.createOwned(paths.dataDir());
        Path state = StateDir.createOwned(paths.dataDir().resolve("apps")).resolve(Integer.toString(index));
        JavaRuntime runtime = JavaRuntime.detect();
        List<String> jvm = jvmOptions(runtime.java(), heap);
        List<String> command = new ArrayList<>(List.of(runtime.java().binary()));
        command.addAll(jvm);
        command.addAll(runtime.aotOptions("app", jvm, List.of(jar.toString())));
        command.addAll(List.of(MARKER + index,
                "-Dquarkus.http.port=" + port, "-Dkafka.bootstrap.servers=" + cluster.bootstrapServers(),
                // announced to the other instances: GET /orders/{id} is sent on to the one holding the order
                "-Dkafka-streams.application.server=" + PortPlan.HOST + ":" + port,
                "-Dkafka-streams.state.dir=" + state.resolve("streams"),
                "-Dquarkus.log.file.enabled=false",
                // the SSE feed (GET /notifications) is for a person at quarkus:dev; in a run nobody
                // listens, yet its consumer read every notification: off, a fresh app used 26-27 CPU s
                // for 5,000 orders at 100/s instead of 38-52 and its p50 fell from 4.1-7.8 s to
                // 1.8-2.0 s (C3, at_least_once, two pairs in one sitting, docs/PERFORMANCE.md)
                "-D" + SSE_FEED_ENABLED + "=false"));
        if (!cluster.clientConfig().isEmpty()) {
            command.add("-Dquarkus.config.locations=" + clientConfigFile(cluster).toUri());
        }
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-jar", jar.toString()));
        Path log = paths.logDir().resolve("app-" + index + ".log");
        AppInstance instance = new AppInstance(index, null, port, List.copyOf(command), log.toString());
        return launch(instance);
    }

    /**
     * Writes the client config for the app's Streams clients ({@code kafka-streams.*}) and its other
     * Kafka clients ({@code kafka.*}) to a file only the user can read: credentials stay out of the
     * command line, which every user of the machine can see.
     */
    private Path clientConfigFile(KafkaAccess cluster) {
        Path file = paths.stateDir().resolve("app-client.properties");
        StringBuilder text = new StringBuilder("# written by supply-chaos for its app instances; removed by down\n");
        cluster.clientConfig().forEach((key, value) -> {
            String escaped = value.replace("\\", "\\\\").replace("\n", "\\n");
            text.append("kafka-streams.").append(key).append('=').append(escaped).append('\n');
            text.append("kafka.").append(key).append('=').append(escaped).append('\n');
        });
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /**
     * Starts instance {@code index} as an arbitrary JVM command (one of Kafka's test apps) and records
     * it, so that kill-app, restart-app, status and down treat it as an app instance. It is ready
     * once it prints {@code readyLine}.
     */
    public AppInstance start(int index, List<String> command, Path log, String readyLine) {
        return launch(new AppInstance(index, null, 0, List.copyOf(command), log.toString(), readyLine, 0));
    }

    /** Starts a recorded instance again with the command it was started with. */
    public AppInstance launch(AppInstance instance) {
        long logFrom = ProcessControl.size(Path.of(instance.log()));
        long pid = ProcessControl.start(instance.command(), NativeMemory.environment(), Path.of(instance.log()));
        AppInstance started = instance.withPid(pid, logFrom);
        record(started);
        return started;
    }

    /**
     * Waits until the instance is ready (the supply-chain app answers ready on /q/health/ready once
     * Kafka Streams is RUNNING; a test app prints its ready line); fails at once when it exits, with
     * the end of its log.
     *
     * @throws Poll.PollTimeoutException when it is not ready within {@code timeout} (normally {@link Timeouts#APP_READY})
     */
    public void awaitReady(AppInstance instance, Duration timeout) {
        Poll.require("app instance " + instance.index() + " to be ready (see " + instance.log() + ")", timeout, READY_POLL, () -> {
            if (!alive(instance)) {
                throw new Poll.Abort("app instance " + instance.index() + " exited; its log says:\n"
                        + ProcessControl.tail(Path.of(instance.log()), 20));
            }
            return instance.ready();
        });
    }

    /** True while the recorded pid runs the recorded command. */
    public boolean alive(AppInstance instance) {
        return ProcessControl.runs(instance.pid(), instance.command());
    }

    /**
     * Stops the instances a CLI that crashed or was killed left running (recorded in apps.json,
     * still running their recorded command), before a run on a reused env starts its own: they
     * are in the run's consumer group and would process its orders. Forgets every record. The
     * state directory's lock ({@link StateDirLock}) guarantees no live run owns them.
     *
     * @return the instances that were still running and were stopped
     */
    public synchronized List<AppInstance> stopLeftovers() {
        List<AppInstance> running = read().stream().filter(this::alive).toList();
        stopAll(Timeouts.APP_STOP_GRACE);
        return running;
    }

    /** SIGKILL, like a crash; the record stays so that restart-app brings it back. */
    public void kill(AppInstance instance) {
        if (alive(instance)) {
            ProcessHandle.of(instance.pid()).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * SIGTERM, a clean shutdown (Quarkus closes Kafka Streams, which commits), returning once it
     * exited; SIGKILL after {@code grace}. The record stays so that start-app brings it back.
     */
    public void stop(AppInstance instance, Duration grace) {
        if (alive(instance)) {
            ProcessControl.terminateAll(List.of(instance.pid()), grace);
        }
    }

    /**
     * The grace a teardown gives ({@link #stopAll}; a stop-app fault keeps its own): an instance training its AOT cache writes it as it exits (JDK 25 hands
     * its recording to a child JVM that assembles the cache: 10-20 s here after Streams closed), and
     * a SIGKILL within that leaves no cache, so every later instance would train again; it gets
     * {@link Timeouts#AOT_CACHE_WRITE}. A stop shorter than the usual grace (Ctrl-C) is not lengthened.
     */
    static Duration withCacheWrite(List<Long> pids, Duration grace) {
        if (grace.compareTo(Timeouts.APP_STOP_GRACE) < 0 || grace.compareTo(Timeouts.AOT_CACHE_WRITE) >= 0) {
            return grace;
        }
        boolean training = pids.stream().anyMatch(pid -> ProcessControl.arguments(pid).map(JavaRuntime::trainsCache)
                .orElse(false));
        return training ? Timeouts.AOT_CACHE_WRITE : grace;
    }

    /** Stops every recorded instance (SIGTERM, SIGKILL after the grace, longer for one writing its AOT cache) and forgets them. */
    public synchronized void stopAll(Duration grace) {
        List<Long> pids = read().stream().filter(this::alive).map(AppInstance::pid).toList();
        // pids no longer running their command are left alone: they are someone else's now
        ProcessControl.terminateAll(pids, withCacheWrite(pids, grace));
        try {
            Files.deleteIfExists(file());
            Files.deleteIfExists(paths.stateDir().resolve("app-client.properties"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file(), e);
        }
    }

    private synchronized void record(AppInstance instance) {
        List<AppInstance> all = new ArrayList<>(read());
        all.removeIf(app -> app.index() == instance.index());
        all.add(instance);
        all.sort(java.util.Comparator.comparingInt(AppInstance::index));
        try {
            Files.createDirectories(file().getParent());
            Path temp = StateDir.createPrivateFile(file().resolveSibling("apps.json.tmp"));
            JSON.writeValue(temp.toFile(), all);
            Files.move(temp, file(), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(), e);
        }
    }

    /**
     * A port nothing listens on now, for an instance's HTTP server: chosen per start (and recorded)
     * so that two runs on one machine, or a user's dev mode, never clash.
     */
    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getByName(PortPlan.HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on " + PortPlan.HOST, e);
        }
    }

    /** True when the service on {@code port} answers ready on /q/health/ready. */
    public static boolean ready(int port) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/q/health/ready")
                    .toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(1000);
            try {
                return connection.getResponseCode() == 200;
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }
}
