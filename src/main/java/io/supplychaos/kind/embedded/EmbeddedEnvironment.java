package io.supplychaos.kind.embedded;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.BrokerClasspath;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CompactHeaders;
import io.supplychaos.env.EnvBusyException;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalCommand;
import io.supplychaos.env.ExtraJavaOptions;
import io.supplychaos.env.JavaRuntime;
import io.supplychaos.env.NativeMemory;
import io.supplychaos.env.Network;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.env.StateDir;
import io.supplychaos.env.SuiteProcesses;
import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.protocol.ProtocolProxyServer;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;
import io.supplychaos.toxiproxy.ToxiproxyApi;
import io.supplychaos.toxiproxy.ToxiproxyBinary;

/**
 * Starts and stops an embedded Kafka environment of one state directory: a Toxiproxy server with a
 * client and a replication proxy per broker (when proxied), then N combined KRaft nodes, each its
 * own JVM ({@code kafka.Kafka}) in its own session, then the supply-chain topics. Writes the state
 * file before each process starts so {@code down} from anywhere finds everything; a failed or
 * interrupted (Ctrl-C) {@code up} stops what it started. Touches the state directory (only one
 * the tool created, see {@link StateDir}; it deletes only the data and logs it wrote), the ports of
 * its {@link PortPlan} and the processes it records. Its waits are {@link Poll}s with
 * {@link Timeouts}' deadlines.
 */
public final class EmbeddedEnvironment {

    /** Guards the read-modify-write of the state file when brokers are started from several threads. */
    private static final Object STATE_UPDATE = new Object();
    private static final String READY_LINE = "Kafka Server started";

    /** The outcome of {@link #up}: the state, whether an already running env was reused, how long it took. */
    public record UpResult(EnvState state, boolean reused, Duration took) {
    }

    private final ChaosPaths paths;
    /** Which java the brokers run on, looked up once per environment object (it lists JDK homes). */
    private JavaRuntime runtime;
    private final StateStore store;
    private volatile EnvState starting;
    private volatile boolean aborted;

    public EmbeddedEnvironment(ChaosPaths paths) {
        this.paths = paths;
        this.store = new StateStore(paths.stateDir());
    }

    public ChaosPaths paths() {
        return paths;
    }

    /** The recorded environment, if any of its processes is still alive. */
    public Optional<EnvState> running() {
        return store.read().filter(EmbeddedEnvironment::anyAlive);
    }

    /** The recorded environment, alive or not (a crashed CLI may have left a half-started one). */
    public Optional<EnvState> recorded() {
        return store.read();
    }

    /**
     * Starts {@code spec} on ports from {@code basePort}, or returns the running env when it is the
     * same spec. Throws {@link EnvBusyException} when another env runs here or a port is taken,
     * {@link StateDir.StateDirException} when the state directory holds files the tool did not write.
     */
    public UpResult up(EnvSpec spec, String source, int basePort, Consumer<String> progress) {
        long t0 = System.nanoTime();
        StateDir.claim(paths);
        Optional<EnvState> existing = store.read();
        if (existing.isPresent() && anyAlive(existing.get())) {
            EnvState env = existing.get();
            if (env.spec().equals(spec) && EnvState.RUNNING.equals(env.phase())) {
                return new UpResult(env, true, Duration.ofNanos(System.nanoTime() - t0));
            }
            String what = EnvState.RUNNING.equals(env.phase()) ? "running" : "half-started (an up is running or crashed)";
            throw new EnvBusyException("env '" + env.envName() + "' is " + what + " here (state in "
                    + paths.stateDir() + "); stop it with './chaos down' before starting '" + spec.name() + "'");
        }
        existing.ifPresent(stale -> stop(stale, false));
        PortPlan plan = new PortPlan(basePort, spec.brokers());
        checkPortsFree(plan, spec.network());

        Thread interruptHook = new Thread(this::abort, "supply-chaos-abort-up");
        Runtime.getRuntime().addShutdownHook(interruptHook);
        try {
            EnvState state = start(spec, source, plan, progress);
            return new UpResult(state, false, Duration.ofNanos(System.nanoTime() - t0));
        } catch (RuntimeException e) {
            store.read().ifPresent(half -> stop(half, false));
            throw e;
        } finally {
            removeHook(interruptHook);
        }
    }

    /**
     * {@link #up}, saying what happened on {@code out}: "reusing env c3 at ..." when the same env
     * already runs, else the start's progress and "env c3 up in 9.8 s at ...".
     */
    public UpResult upOrReuse(EnvSpec spec, String source, int basePort, Consumer<String> out) {
        UpResult up = up(spec, source, basePort, line -> out.accept("  " + line));
        if (up.reused()) {
            out.accept("reusing env " + up.state().envName() + " at " + up.state().bootstrapServers());
        } else {
            out.accept(String.format(java.util.Locale.ROOT, "env %s up in %.1f s at %s", up.state().envName(),
                    up.took().toMillis() / 1000.0, up.state().bootstrapServers()));
        }
        return up;
    }

    /**
     * Stops the app instances a run started against the env and the driver or verifier of a
     * {@code verify} (also those a killed CLI left without an env), then the recorded environment
     * (all brokers at once, then Toxiproxy), and forgets it.
     */
    public Optional<EnvState> down(boolean keepData) {
        new SuiteProcesses(paths).stopAll(Timeouts.APP_STOP_GRACE);
        new AppInstances(paths).stopAll(Timeouts.APP_STOP_GRACE);
        Optional<EnvState> state = store.read();
        state.ifPresent(s -> stop(s, keepData));
        return state;
    }

    /**
     * Stops every process {@code state} records and removes its data unless {@code keepData}: the
     * directories the tool created there ({@link StateDir#wipeData}), nothing else.
     * Uses only JDK calls and already loaded classes so it can run from a shutdown hook after the
     * dev-mode class loader that started the env was discarded.
     */
    public void stop(EnvState state, boolean keepData) {
        List<Long> brokerPids = state.brokers().stream()
                .filter(b -> ProcessControl.isOurs(b.pid(), b.configFile()))
                .map(EnvState.BrokerState::pid).toList();
        ProcessControl.terminateAll(brokerPids, Timeouts.BROKER_STOP_GRACE);
        List<Long> all = new ArrayList<>(brokerPids);
        if (ProcessControl.isOurs(state.toxiproxyPid(), toxiproxyMarker(state.basePort()))) {
            ProcessControl.terminateAll(List.of(state.toxiproxyPid()), Timeouts.HELPER_PROCESS);
            all.add(state.toxiproxyPid());
        }
        EnvState.ProtocolProxyState protocol = state.protocolProxy();
        if (protocol != null && ProcessControl.isOurs(protocol.pid(), protocol.marker())) {
            ProcessControl.terminateAll(List.of(protocol.pid()), Timeouts.HELPER_PROCESS);
            all.add(protocol.pid());
        }
        ProcessControl.awaitReaped(all, Timeouts.HELPER_PROCESS);
        if (!keepData) {
            StateDir.wipeData(Path.of(state.dataDir()));
        }
        store.delete();
    }

    public static boolean anyAlive(EnvState state) {
        return ProcessControl.isOurs(state.toxiproxyPid(), toxiproxyMarker(state.basePort()))
                || state.protocolProxy() != null && ProcessControl.isOurs(state.protocolProxy().pid(), state.protocolProxy().marker())
                || state.brokers().stream().anyMatch(b -> ProcessControl.isOurs(b.pid(), b.configFile()));
    }

    private void abort() {
        aborted = true;
        EnvState half = starting;
        if (half != null) {
            stop(half, false);
        }
    }

    private EnvState start(EnvSpec spec, String source, PortPlan plan, Consumer<String> progress) {
        String classpath = BrokerClasspath.resolve(paths);
        Path toxiproxy = spec.proxied() ? ToxiproxyBinary.locateOrInstall(paths) : null;
        // a fresh cluster: the previous one's data and logs go, files the tool did not write stay
        StateDir.wipeData(paths.dataDir());
        StateDir.wipeLogs(paths.logDir());
        StateDir.createOwned(paths.dataDir());
        StateDir.createOwned(paths.logDir());
        SecureListener secure = null;
        if (spec.security() != null) {
            progress.accept("generating a CA, broker keystore and client truststore in " + tlsDir(paths)
                    + ", and a " + spec.security().mechanism() + " user");
            secure = SecureListener.create(spec.security(), TlsMaterial.generate(tlsDir(paths)));
        }
        EnvState state = initialState(spec, source, plan, secure == null ? Map.of() : secure.clientConfig());
        record(state);

        if (spec.network().throughProtocolProxy()) {
            progress.accept("starting the protocol proxy, its API on " + state.protocolProxy().api());
            long pid = startProcess(protocolProxyCommand(state, plan), Map.of(), paths.logDir().resolve("protocol-proxy.log"));
            state = record(state.withProtocolProxy(new EnvState.ProtocolProxyState(state.protocolProxy().api(), pid,
                    state.protocolProxy().marker())));
            ProtocolProxyApi api = new ProtocolProxyApi(state.protocolProxy().api());
            Poll.require("the protocol proxy API " + api.api() + " to answer", Timeouts.PROTOCOL_PROXY_START, () -> {
                failIfGone(pid, paths.logDir().resolve("protocol-proxy.log"), "the protocol proxy");
                return api.answers();
            });
        }
        if (toxiproxy != null) {
            progress.accept("starting Toxiproxy on " + state.toxiproxyApi());
            long pid = startProcess(List.of(toxiproxy.toString(), "-host", PortPlan.HOST, "-port",
                    Integer.toString(plan.toxiproxyApi())), ToxiproxyBinary.serverEnvironment(System.getenv()),
                    paths.logDir().resolve("toxiproxy.log"));
            state = record(state.withToxiproxyPid(pid));
            createProxies(state, pid);
        }

        String clusterId = Uuid.randomUuid().toString();
        progress.accept("formatting storage of " + spec.brokers() + " broker(s), cluster id " + clusterId);
        List<CompletableFuture<Void>> formats = new ArrayList<>();
        for (EnvState.BrokerState broker : state.brokers()) {
            writeConfig(spec, plan, broker, secure);
            List<String> format = new ArrayList<>(List.of(ProcessControl.javaBinary(), "-cp", classpath,
                    "kafka.tools.StorageTool", "format", "-t", clusterId, "-c", broker.configFile()));
            // SCRAM users live in the cluster metadata: every node's first metadata records carry the user.
            // Its password is on this command line for the second the format runs (a local process list only).
            if (secure != null) {
                format.addAll(secure.storageFormatArguments());
            }
            formats.add(CompletableFuture.runAsync(() -> ExternalCommand.run("formatting the storage of broker " + broker.id()
                    + " (" + broker.configFile() + ")", format, paths.home(), Map.of(), Timeouts.STORAGE_FORMAT.toSeconds())));
        }
        formats.forEach(EmbeddedEnvironment::join);

        progress.accept("starting " + spec.brokers() + " broker(s) on " + runtime());
        for (EnvState.BrokerState broker : state.brokers()) {
            state = record(state.withBrokerPid(broker.id(), startProcess(brokerCommand(classpath, broker), NativeMemory.environment(),
                    Path.of(broker.logFile()))));
        }
        awaitBrokersReady(state);
        progress.accept("creating topics (" + spec.partitions() + " partitions, RF " + spec.replicationFactor()
                + ", min ISR " + spec.minInsyncReplicas() + ")");
        createTopics(state, Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        EnvState running = record(state.withPhase(EnvState.RUNNING));
        starting = null;
        return running;
    }

    /** Where a secured env keeps its TLS files: in its data directory, so they go with the env. */
    static Path tlsDir(ChaosPaths paths) {
        return paths.dataDir().resolve("tls");
    }

    private EnvState initialState(EnvSpec spec, String source, PortPlan plan, Map<String, String> clientConfig) {
        List<EnvState.BrokerState> brokers = new ArrayList<>();
        List<EnvState.ProxyState> proxies = new ArrayList<>();
        for (int id = 1; id <= spec.brokers(); id++) {
            Path dir = paths.dataDir().resolve("broker-" + id);
            brokers.add(new EnvState.BrokerState(id, null,
                    PortPlan.HOST + ":" + plan.advertised(id, ProxyLink.CLIENT, spec.network()), plan.jmx(id),
                    dir.resolve("server.properties").toString(),
                    paths.logDir().resolve("broker-" + id + ".log").toString(),
                    dir.resolve("kafka-logs").toString()));
            if (spec.proxied()) {
                for (ProxyLink link : ProxyLink.values()) {
                    // network: protocol puts the protocol proxy between a client proxy and its broker
                    int upstream = link == ProxyLink.CLIENT && spec.network().throughProtocolProxy()
                            ? plan.protocolProxy(id) : plan.listener(id, link);
                    proxies.add(new EnvState.ProxyState(link.proxyName(id), id, link,
                            PortPlan.HOST + ":" + plan.proxy(id, link), PortPlan.HOST + ":" + upstream));
                }
            }
        }
        String api = spec.proxied() ? "http://" + PortPlan.HOST + ":" + plan.toxiproxyApi() : null;
        return new EnvState(spec, source, plan.basePort(), EnvState.STARTING, Instant.now(),
                plan.bootstrapServers(spec.network()), api, null, brokers, proxies,
                paths.dataDir().toString(), paths.logDir().toString(), clientConfig,
                spec.network().throughProtocolProxy() ? new EnvState.ProtocolProxyState("http://" + PortPlan.HOST + ":"
                        + plan.protocolProxyApi(), null, protocolProxyMarker(plan.basePort())) : null);
    }

    private EnvState record(EnvState state) {
        starting = state;
        store.write(state);
        return state;
    }

    private long startProcess(List<String> command, Map<String, String> environment, Path log) {
        if (aborted) {
            throw new IllegalStateException("start interrupted");
        }
        long pid = ProcessControl.start(command, environment, log);
        if (aborted) {
            ProcessControl.terminateAll(List.of(pid), Timeouts.HELPER_PROCESS);
            throw new IllegalStateException("start interrupted");
        }
        return pid;
    }

    private void createProxies(EnvState state, long pid) {
        ToxiproxyApi client = new ToxiproxyApi(state.toxiproxyApi());
        Poll.require("the Toxiproxy API " + state.toxiproxyApi() + " to answer", Timeouts.TOXIPROXY_START, () -> {
            failIfGone(pid, paths.logDir().resolve("toxiproxy.log"), "Toxiproxy");
            return client.answers();
        });
        for (EnvState.ProxyState proxy : state.proxies()) {
            try {
                client.createProxy(proxy.name(), proxy.listen(), proxy.upstream());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create proxy " + proxy.name() + " on " + proxy.listen(), e);
            }
        }
    }

    private static void writeConfig(EnvSpec spec, PortPlan plan, EnvState.BrokerState broker, SecureListener secure) {
        try {
            Path config = Path.of(broker.configFile());
            StateDir.createOwned(config.getParent());
            if (secure != null) {
                // it holds the keystore password (and PLAIN's user): readable by the owner only, before anything is in it
                Files.deleteIfExists(config);
                Files.createFile(config, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            }
            Files.writeString(config, BrokerProperties.render(
                    BrokerProperties.forBroker(spec, plan, broker.id(), Path.of(broker.dataDir()), secure)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + broker.configFile(), e);
        }
    }

    private void awaitBrokersReady(EnvState state) {
        state.brokers().forEach(broker -> awaitBrokerReady(broker, 0));
    }

    /** Waits until the broker logs that it started, looking only at its log after {@code logOffset}. */
    private static void awaitBrokerReady(EnvState.BrokerState broker, long logOffset) {
        Path log = Path.of(broker.logFile());
        Poll.require("broker " + broker.id() + " to log '" + READY_LINE + "' (see " + log + ")", Timeouts.BROKER_START, () -> {
            failIfGone(broker.pid(), log, "broker " + broker.id());
            return ProcessControl.readFrom(log, logOffset).contains(READY_LINE);
        });
    }

    /**
     * Starts one broker of the running {@code state} again exactly as {@link #up} started it (same
     * command, config file, log, session, JMX port), records its new pid in the state file and waits
     * until it logs that it started. The broker must not be running.
     */
    public EnvState startBroker(EnvState state, int brokerId) {
        EnvState.BrokerState broker = state.broker(brokerId)
                .orElseThrow(() -> new IllegalArgumentException("env '" + state.envName() + "' has no broker " + brokerId));
        if (ProcessControl.isOurs(broker.pid(), broker.configFile())) {
            throw new IllegalStateException("broker " + brokerId + " is already running (pid " + broker.pid() + ")");
        }
        long offset = ProcessControl.size(Path.of(broker.logFile()));
        long pid = ProcessControl.start(brokerCommand(BrokerClasspath.resolve(paths), broker), NativeMemory.environment(),
                Path.of(broker.logFile()));
        EnvState updated;
        // re-read: another terminal may have changed another broker's pid meanwhile; and one read-modify-write
        // at a time here, or two brokers started at once (two kills healed together) lose one pid, and down
        // would leave that broker running
        synchronized (STATE_UPDATE) {
            updated = store.read().orElse(state).withBrokerPid(brokerId, pid);
            store.write(updated);
        }
        awaitBrokerReady(updated.broker(brokerId).orElseThrow(), offset);
        return updated;
    }

    private synchronized JavaRuntime runtime() {
        if (runtime == null) {
            runtime = JavaRuntime.detect();
        }
        return runtime;
    }

    private List<String> brokerCommand(String classpath, EnvState.BrokerState broker) {
        JavaRuntime runtime = runtime();
        // -Dcom.sun.management.jmxremote adds the JMX agent's module, which an AOT cache must know about
        // -Xms is the floor the heap shrinks to after a full collection (ExtraJavaOptions.DEFAULT_HEAP_SIZING)
        List<String> jvm = new ArrayList<>(List.of("-Xms64m", "-Xmx192m", "-XX:+ExitOnOutOfMemoryError",
                "-Dcom.sun.management.jmxremote"));
        jvm.addAll(NativeMemory.options(runtime.java()));
        jvm.addAll(CompactHeaders.options(runtime.java()));
        jvm.addAll(ExtraJavaOptions.withDefaultCollector(ExtraJavaOptions.BROKER));
        List<String> command = new ArrayList<>(List.of(runtime.java().binary()));
        command.addAll(jvm);
        command.addAll(runtime.aotOptions("broker", jvm, List.of(classpath.split(File.pathSeparator))));
        command.addAll(List.of("-Djava.awt.headless=true", "-Dcom.sun.management.jmxremote.host=" + PortPlan.HOST,
                "-Djava.rmi.server.hostname=" + PortPlan.HOST,
                "-Dcom.sun.management.jmxremote.port=" + broker.jmxPort(),
                "-Dcom.sun.management.jmxremote.rmi.port=" + broker.jmxPort(),
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dlog4j2.configurationFile=" + paths.envDir().resolve("brokers").resolve("log4j2.properties")));
        command.addAll(List.of("-cp", classpath, "kafka.Kafka", broker.configFile()));
        return command;
    }

    /**
     * Creates {@code names} with the env's partitions, replication factor and min ISR once every
     * broker registered; topics that exist already are left as they are.
     */
    public static void createTopics(EnvState state, Collection<String> names) {
        EnvSpec spec = state.spec();
        Properties props = state.access().properties();
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.TOPICS_CREATE.toMillis()));
        try (Admin admin = Admin.create(props)) {
            Poll.require("all " + spec.brokers() + " brokers to register with the controller", Timeouts.BROKER_REGISTER, () -> {
                Collection<Node> nodes = get(admin.describeCluster().nodes());
                return nodes != null && nodes.size() == spec.brokers();
            });
            List<NewTopic> topics = names.stream()
                    .map(name -> new NewTopic(name, spec.partitions(), (short) spec.replicationFactor())
                            .configs(Map.of("min.insync.replicas", Integer.toString(spec.minInsyncReplicas()))))
                    .toList();
            admin.createTopics(topics).values().values().forEach(f -> {
                try {
                    f.get(Timeouts.TOPICS_CREATE.toMillis(), TimeUnit.MILLISECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topics: " + e.getCause().getMessage(), e.getCause());
                    }
                } catch (InterruptedException | TimeoutException e) {
                    throw new IllegalStateException("topic creation did not finish", e);
                }
            });
        }
    }

    private static void checkPortsFree(PortPlan plan, Network network) {
        try {
            plan.ports(network).forEach(port -> PortPlan.requireFree(port.port(), port.purpose()));
        } catch (EnvBusyException e) {
            throw new EnvBusyException(e.getMessage() + " or choose another --base-port (now " + plan.basePort() + ")");
        }
    }

    private static void failIfGone(Long pid, Path log, String what) {
        // only gone or zombie counts while starting, not a command-line mismatch: under load a child
        // may not show its command line yet, and a pid started seconds ago is not a recycled one
        if (pid == null || ProcessControl.state(pid) == ProcessControl.State.STOPPED) {
            throw new Poll.Abort(what + " exited during start; last lines of " + log + ":\n"
                    + ProcessControl.tail(log, 20));
        }
    }

    /**
     * The protocol proxy's process: the tool's own classes and dependencies (this JVM's class path) running
     * {@link ProtocolProxyServer}, a link per broker from its protocol proxy port to its client listener.
     */
    private static List<String> protocolProxyCommand(EnvState state, PortPlan plan) {
        List<String> command = new ArrayList<>(List.of(ProcessControl.javaBinary(), "-Xms32m", "-Xmx128m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), ProtocolProxyServer.class.getName(),
                "--api", Integer.toString(plan.protocolProxyApi())));
        for (EnvState.BrokerState broker : state.brokers()) {
            command.addAll(List.of("--link", protocolLink(broker.id()) + "=" + PortPlan.HOST + ":" + plan.protocolProxy(broker.id())
                    + ">" + PortPlan.HOST + ":" + plan.clientListener(broker.id())));
        }
        command.addAll(List.of(state.protocolProxy().marker().split(" ")));
        return command;
    }

    /** The protocol proxy's name for broker id's client link. */
    public static String protocolLink(int brokerId) {
        return "broker-" + brokerId;
    }

    static String protocolProxyMarker(int basePort) {
        return "supply-chaos-protocol-proxy " + basePort;
    }

    static String toxiproxyMarker(int basePort) {
        return "-port " + basePort;
    }

    /** The future's value, or null when the cluster did not answer yet (callers poll). */
    private static <T> T get(KafkaFuture<T> future) {
        try {
            return future.get(Timeouts.CLUSTER_LOOKUP.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    private static void join(CompletableFuture<Void> future) {
        try {
            future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting (Ctrl-C during up): the hook is running and cleans up
        }
    }
}
