package io.supplychaos.verify;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.BrokerClasspath;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ExtraJavaOptions;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.session.Apps;
import io.supplychaos.session.Teardown.Step;
import io.supplychaos.session.Teardown;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Kafka's test app of a suite as the apps of a verify's session. Before its instances start on a
 * cluster, what an earlier verify left goes (its logs; its topics, internal topics and group,
 * {@link SuiteTopics}) and the suite's topics are created; then N instances start, recorded as app
 * instances (kill-app, restart-app, status and down act on them), each with a working directory and
 * a properties file of its own, and are ready when they print the suite's ready line. Leftovers are
 * the test apps, drivers and verifiers a crashed CLI left: they would write into the fresh topics.
 */
final class TestApps implements Apps {

    /** The logs of a verify: Kafka's driver, its verifier (EOS), each test app instance. */
    record Logs(Path driver, Path verifier, List<Path> apps) {

        static Logs in(Path logDir, int instances) {
            List<Path> apps = new ArrayList<>();
            for (int i = 1; i <= instances; i++) {
                apps.add(logDir.resolve("verify-app-" + i + ".log"));
            }
            return new Logs(logDir.resolve("verify-driver.log"), logDir.resolve("verify-verifier.log"), List.copyOf(apps));
        }
    }

    private final ChaosPaths paths;
    private final VerifyPlan plan;
    private final Logs logs;
    private final AppInstances instances;
    private final SuiteProcesses processes;
    private String bootstrapServers;
    private Path work;
    private Path properties;
    private String classpath;
    /** The driver's, verifier's and apps' logs are this run's (older ones were removed). */
    private boolean logsOurs;

    TestApps(ChaosPaths paths, VerifyPlan plan, Logs logs) {
        this.paths = paths;
        this.plan = plan;
        this.logs = logs;
        this.instances = new AppInstances(paths);
        this.processes = new SuiteProcesses(paths);
    }

    @Override
    public void stopLeftovers(Consumer<String> out) {
        processes.stopAll(Timeouts.APP_STOP_GRACE).forEach(left -> out.accept("stopped the " + left.role()
                + " (pid " + left.pid() + ") an earlier verify left behind"));
        instances.stopLeftovers().forEach(left -> out.accept("stopped app instance " + left.index()
                + " (pid " + left.pid() + ") an earlier run left behind"));
    }

    @Override
    public void start(Cluster cluster, Teardown teardown, AtomicBoolean stop, Consumer<String> out) {
        teardown.add(Step.APPS, "stopping the test app instances", () -> instances.stopAll(teardown.grace()));
        bootstrapServers = cluster.access().bootstrapServers();
        deleteLogs();
        logsOurs = true;
        SuiteTopics.prepare(paths, bootstrapServers, plan.suite(), plan.env(), out);
        work = workDir();
        properties = store(baseProperties(), work.resolve("streams.properties"));
        classpath = BrokerClasspath.verifySuites(paths);
        startInstances(stop, out);
    }

    /** The recorded app instances (kill-app and restart-app act on the same). */
    AppInstances instances() {
        return instances;
    }

    /** The driver and verifier JVMs, recorded in .chaos/verify-processes.json. */
    SuiteProcesses processes() {
        return processes;
    }

    Logs logs() {
        return logs;
    }

    /** The cluster's bootstrap servers, once started on it; null before. */
    String bootstrapServers() {
        return bootstrapServers;
    }

    /** The suite's working directory in the env's data: properties files and each JVM's temp (state) directory. */
    Path work() {
        return work;
    }

    /** The properties file Kafka's mains read. */
    Path properties() {
        return properties;
    }

    /** The kafka-streams test jar and its dependencies. */
    String classpath() {
        return classpath;
    }

    /** Whether the logs are this verify's: an earlier verify's (this one failed before it began) say nothing about it. */
    boolean logsOurs() {
        return logsOurs;
    }

    private void deleteLogs() {
        try {
            Files.deleteIfExists(logs.driver());
            Files.deleteIfExists(logs.verifier());
            for (Path log : logs.apps()) {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove an old verify log", e);
        }
    }

    private Path workDir() {
        Path verify = StateDir.createOwned(StateDir.createOwned(paths.dataDir()).resolve("verify"));
        return StateDir.createOwned(verify.resolve("run"));
    }

    private void startInstances(AtomicBoolean stop, Consumer<String> out) {
        Suite suite = plan.suite();
        List<AppInstances.AppInstance> started = new ArrayList<>();
        for (int index = 1; index <= plan.instances() && !stop.get(); index++) {
            Path tmp = StateDir.createOwned(work.resolve("app-" + index));
            List<String> command = jvm("app-" + index, tmp, classpath);
            command.addAll(List.of(suite.mainClass(), writeAppProperties(tmp).toString(), suite.processCommand()));
            started.add(instances.start(index, command, logs.apps().get(index - 1), suite.readyLine()));
        }
        for (AppInstances.AppInstance instance : started) {
            boolean ready = Poll.until(Timeouts.APP_READY, Duration.ofMillis(250), () -> {
                if (!instances.alive(instance)) {
                    throw new IllegalStateException("test app instance " + instance.index() + " exited; its log says:\n"
                            + ProcessControl.tail(Path.of(instance.log()), 20));
                }
                return stop.get() || instance.ready();
            });
            if (stop.get()) {
                return;
            }
            if (!ready) {
                throw new IllegalStateException("test app instance " + instance.index() + " did not print '"
                        + suite.readyLine() + "' within " + Timeouts.describe(Timeouts.APP_READY) + " (see " + instance.log() + ")");
            }
        }
        out.accept(started.size() + " instance(s) of Kafka's " + simpleName(suite.mainClass()) + " app RUNNING ("
                + plan.guarantee() + ")");
    }

    /** A suite JVM: its own temp directory (Streams state, Kafka's TestUtils temp dirs), the suites' logging. */
    List<String> jvm(String role, Path tmp, String classpath) {
        List<String> command = new ArrayList<>(List.of(ProcessControl.javaBinary(), "-Xms64m", "-Xmx512m",
                "-XX:+ExitOnOutOfMemoryError", "-Dsupplychaos.verify=" + role,
                "-Djava.io.tmpdir=" + tmp,
                "-Dlog4j2.configurationFile=" + paths.envDir().resolve("verify").resolve("log4j2.properties")));
        command.addAll(ExtraJavaOptions.from(ExtraJavaOptions.APP));
        command.addAll(List.of("-cp", classpath));
        return command;
    }

    /**
     * A test app instance's properties file: the suite's, plus a state directory of its own in its
     * working directory, as Kafka's system tests give each StreamsTest node its persistent root.
     * Without one the smoke app keeps its stores in a temporary directory that a shutdown hook of
     * Kafka's test utilities deletes while Streams is still closing them on SIGTERM: RocksDB then
     * retries its flush every second until the stop's grace runs out and the instance is killed,
     * never printing that it closed.
     */
    private Path writeAppProperties(Path appWork) {
        Path state = appWork.resolve("state");
        if (Files.isDirectory(state)) {
            // an earlier verify's stores on a reused env: this run's topics are new
            StateDir.wipeData(appWork);
            StateDir.createOwned(appWork);
        }
        Properties props = baseProperties();
        props.setProperty("state.dir", StateDir.createOwned(state).toString());
        return store(props, appWork.resolve("streams.properties"));
    }

    /**
     * The properties Kafka's mains read (bootstrap servers, processing guarantee); the smoke app's
     * internal topics get the env's replication factor, as the suite's own topics do (the EOS app
     * sets its own: 3).
     */
    private Properties baseProperties() {
        Properties props = new Properties();
        props.setProperty("bootstrap.servers", bootstrapServers);
        props.setProperty("processing.guarantee", plan.guarantee());
        if (plan.suite() == Suite.SMOKE) {
            props.setProperty("replication.factor", Integer.toString(plan.env().replicationFactor()));
        }
        return props;
    }

    private Path store(Properties props, Path file) {
        try (var writer = Files.newBufferedWriter(file)) {
            props.store(writer, "written by ./chaos verify " + plan.suite().cliName());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
