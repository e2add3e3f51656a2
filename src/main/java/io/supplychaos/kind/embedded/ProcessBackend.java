package io.supplychaos.kind.embedded;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import io.supplychaos.chaos.ClusterLookup;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.chaos.LocalAppsBackend;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.protocol.ProtocolProxyApi;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * The embedded environment's side of the faults: broker JVMs signalled by pid (read fresh from
 * {@code .chaos/state.json} on every call, since another terminal may have restarted a broker),
 * restarted through {@link EmbeddedEnvironment#startBroker}, the env's Toxiproxy server, and the app
 * instances recorded in {@code .chaos/apps.json}. Deadlines are {@link Timeouts}'.
 */
final class ProcessBackend implements LocalAppsBackend {
    private final ChaosPaths paths;
    private final EnvState initial;
    private final StateStore store;
    private final LocalApps apps;

    ProcessBackend(ChaosPaths paths, EnvState state) {
        this.paths = paths;
        this.initial = state;
        this.store = new StateStore(paths.stateDir());
        this.apps = new LocalApps(new AppInstances(paths));
    }

    private EnvState state() {
        return store.read().orElse(initial);
    }

    private EnvState.BrokerState broker(int id) {
        return state().broker(id).orElseThrow(() -> new IllegalArgumentException("no broker " + id));
    }

    @Override
    public String describe() {
        return "env " + initial.envName() + " in " + paths.stateDir();
    }

    @Override
    public List<Integer> brokerIds() {
        return state().brokers().stream().map(EnvState.BrokerState::id).sorted().toList();
    }

    @Override
    public ProcessControl.State brokerState(int id) {
        return state(broker(id));
    }

    private static ProcessControl.State state(EnvState.BrokerState broker) {
        return ProcessControl.isOurs(broker.pid(), broker.configFile()) ? ProcessControl.state(broker.pid()) : ProcessControl.State.STOPPED;
    }

    @Override
    public void killBroker(int id) {
        EnvState.BrokerState broker = broker(id);
        // the recorded broker, not a fresh read of the state file per check: its pid is what was signalled
        if (ProcessControl.isOurs(broker.pid(), broker.configFile())) {
            ProcessHandle.of(broker.pid()).ifPresent(ProcessHandle::destroyForcibly);
        }
        awaitEffect(() -> state(broker) == ProcessControl.State.STOPPED);
    }

    /**
     * Signals are delivered at once but take effect a moment later; wait (at most
     * {@link Timeouts#HELPER_PROCESS}) until /proc shows the effect, so that status, a restart or the
     * next verb agree with what was just done.
     */
    private static void awaitEffect(BooleanSupplier done) {
        Poll.until(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL, done);
    }

    @Override
    public void stopBroker(int id) {
        EnvState.BrokerState broker = broker(id);
        if (ProcessControl.isOurs(broker.pid(), broker.configFile())) {
            ProcessControl.terminateAll(List.of(broker.pid()), Timeouts.BROKER_STOP_GRACE);
        }
    }

    @Override
    public void startBroker(int id) {
        new EmbeddedEnvironment(paths).startBroker(state(), id);
        ClusterLookup.awaitRegistered(access(), id, Timeouts.BROKER_REGISTER);
    }

    /**
     * Cuts every log dir of the broker's {@code server.properties} ({@code log.dirs}) back to what
     * Kafka had fsynced ({@link PowerLossDisk}), with the broker's own {@code log.flush.interval.messages}.
     */
    @Override
    public Optional<String> dropUnflushed(int id) {
        EnvState.BrokerState broker = broker(id);
        if (ProcessControl.isOurs(broker.pid(), broker.configFile())) {
            throw new IllegalStateException("broker " + id + " still runs (pid " + broker.pid() + "): its log dirs are not cut while it writes them");
        }
        Properties config = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(broker.configFile()))) {
            config.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + broker.configFile(), e);
        }
        long flushMessages = Long.parseLong(config.getProperty("log.flush.interval.messages", Long.toString(Long.MAX_VALUE)).trim());
        String dirs = config.getProperty("log.dirs", config.getProperty("log.dir", broker.dataDir()));
        List<String> said = new ArrayList<>();
        for (String dir : dirs.split(",")) {
            said.add(PowerLossDisk.dropUnflushed(Path.of(dir.trim()), flushMessages).summary());
        }
        return Optional.of(String.join("; ", said));
    }

    @Override
    public void pauseBroker(int id) {
        EnvState.BrokerState broker = requireOurs(broker(id), "pause");
        ProcessControl.pause(broker.pid());
        // the stop reaches the broker's ~100 threads a moment after kill returns; answer only once it is in place
        awaitEffect(() -> state(broker) != ProcessControl.State.RUNNING);
    }

    @Override
    public void resumeBroker(int id) {
        EnvState.BrokerState broker = requireOurs(broker(id), "resume");
        ProcessControl.resume(broker.pid());
        awaitEffect(() -> state(broker) != ProcessControl.State.PAUSED);
    }

    /**
     * The broker, when its recorded pid still runs it ({@link ProcessControl#isOurs}, the check a
     * kill makes): a pid the broker left and another process took is never signalled.
     */
    private EnvState.BrokerState requireOurs(EnvState.BrokerState broker, String what) {
        if (!ProcessControl.isOurs(broker.pid(), broker.configFile())) {
            throw new IllegalStateException("broker " + broker.id() + " is not running as recorded: pid " + broker.pid()
                    + " (state.json) is gone or no longer runs " + broker.configFile() + ", so it was not signalled ("
                    + what + " refused); `./chaos status` shows the env, `./chaos start-broker " + broker.id()
                    + "` starts the broker again");
        }
        return broker;
    }

    @Override
    public KafkaAccess access() {
        return initial.access();
    }

    @Override
    public Optional<ToxiproxyApi> toxiproxy() {
        return Optional.ofNullable(initial.toxiproxyApi()).map(ToxiproxyApi::new);
    }

    @Override
    public Optional<ProtocolProxyApi> protocolProxy() {
        return Optional.ofNullable(initial.protocolProxy()).map(p -> new ProtocolProxyApi(p.api()));
    }

    @Override
    public String protocolLink(int brokerId) {
        return EmbeddedEnvironment.protocolLink(brokerId);
    }

    @Override
    public Optional<String> proxyName(int brokerId, ProxyLink link) {
        return initial.proxy(brokerId, link).map(EnvState.ProxyState::name);
    }

    @Override
    public LocalApps localApps() {
        return apps;
    }
}
