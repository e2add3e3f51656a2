package io.supplychaos.kind.embedded;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProxyLink;

/**
 * What a running (or half-started) environment consists of: pids, ports, proxies and directories.
 * Persisted as {@code .chaos/state.json} by {@link StateStore} so another terminal (status, the
 * fault verbs, {@code down}) finds it. Immutable; the {@code with*} methods return updated copies.
 *
 * @param phase {@code starting} until every broker is ready and topics exist, then {@code running}
 * @param toxiproxyApi {@code null} when the env is not proxied
 * @param clientConfig the client properties besides bootstrap.servers that every client needs
 *                     (the SASL_SSL variant's truststore and credentials); empty for plaintext
 */
public record EnvState(
        EnvSpec spec,
        String source,
        int basePort,
        String phase,
        Instant startedAt,
        String bootstrapServers,
        String toxiproxyApi,
        Long toxiproxyPid,
        List<BrokerState> brokers,
        List<ProxyState> proxies,
        String dataDir,
        String logDir,
        Map<String, String> clientConfig,
        ProtocolProxyState protocolProxy) {

    public static final String STARTING = "starting";
    public static final String RUNNING = "running";

    /**
     * One broker process; pid is null until it was started.
     *
     * @param address the client address clients are told (the proxy's when proxied)
     * @param jmxPort JMX on 127.0.0.1, for broker metrics
     */
    public record BrokerState(int id, Long pid, String address, int jmxPort, String configFile, String logFile, String dataDir) {
    }

    /** One Toxiproxy proxy in front of a broker's client or replication listener. */
    public record ProxyState(String name, int brokerId, ProxyLink link, String listen, String upstream) {
    }

    /**
     * The protocol proxy process (network: protocol): its control API and pid, null until started.
     *
     * @param marker the words its command line carries, so that its pid is told from a recycled one
     */
    public record ProtocolProxyState(String api, Long pid, String marker) {
    }

    public EnvState {
        brokers = List.copyOf(brokers);
        proxies = List.copyOf(proxies);
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
    }

    /** How clients reach this env: its bootstrap servers and client config. */
    public KafkaAccess access() {
        return new KafkaAccess(bootstrapServers, new java.util.TreeMap<>(clientConfig));
    }

    @Override
    public String toString() {
        // the default would print a secured env's SASL and truststore passwords into logs and exceptions
        return "EnvState[" + spec.name() + ", " + phase + ", " + bootstrapServers + ", client config "
                + access().maskedConfig() + ", brokers " + brokers + ", proxies " + proxies + "]";
    }

    public String envName() {
        return spec.name();
    }

    public Optional<ProxyState> proxy(int brokerId, ProxyLink link) {
        return proxies.stream().filter(p -> p.brokerId() == brokerId && p.link() == link).findFirst();
    }

    public Optional<BrokerState> broker(int brokerId) {
        return brokers.stream().filter(b -> b.id() == brokerId).findFirst();
    }

    public EnvState withPhase(String newPhase) {
        return new EnvState(spec, source, basePort, newPhase, startedAt, bootstrapServers, toxiproxyApi,
                toxiproxyPid, brokers, proxies, dataDir, logDir, clientConfig, protocolProxy);
    }

    public EnvState withToxiproxyPid(long pid) {
        return new EnvState(spec, source, basePort, phase, startedAt, bootstrapServers, toxiproxyApi,
                pid, brokers, proxies, dataDir, logDir, clientConfig, protocolProxy);
    }

    public EnvState withProtocolProxy(ProtocolProxyState started) {
        return new EnvState(spec, source, basePort, phase, startedAt, bootstrapServers, toxiproxyApi,
                toxiproxyPid, brokers, proxies, dataDir, logDir, clientConfig, started);
    }

    public EnvState withBrokerPid(int brokerId, long pid) {
        List<BrokerState> updated = new ArrayList<>();
        for (BrokerState b : brokers) {
            updated.add(b.id() == brokerId
                    ? new BrokerState(b.id(), pid, b.address(), b.jmxPort(), b.configFile(), b.logFile(), b.dataDir())
                    : b);
        }
        return new EnvState(spec, source, basePort, phase, startedAt, bootstrapServers, toxiproxyApi,
                toxiproxyPid, updated, proxies, dataDir, logDir, clientConfig, protocolProxy);
    }
}
