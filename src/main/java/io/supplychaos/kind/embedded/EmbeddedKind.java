package io.supplychaos.kind.embedded;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.MetricsSource;

/**
 * {@code kind: embedded} (the default): brokers and Toxiproxy as local processes the tool starts,
 * signals (SIGKILL, SIGTERM, SIGSTOP, SIGCONT) for broker faults, the Toxiproxy it started for
 * network faults, and local JMX for broker metrics.
 */
public final class EmbeddedKind implements ClusterKind {

    @Override
    public Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        return ClusterKind.needsProxies(env, fault);
    }

    @Override
    public Cluster open(Host host, EnvSpec spec, String source, int basePort, String recordedBy, Consumer<String> out) {
        EmbeddedEnvironment environment = new EmbeddedEnvironment(host.paths());
        EmbeddedEnvironment.UpResult up = environment.upOrReuse(spec, source, basePort, out);
        return new Embedded(host, environment, up.state(), !up.reused(), up.took());
    }

    /** The embedded env {@code state} recorded in the state directory, as the verbs of another terminal see it. */
    public static Cluster running(Host host, EnvState state) {
        return new Embedded(host, new EmbeddedEnvironment(host.paths()), state, false, Duration.ZERO);
    }

    /** The faults of the embedded env {@code state}: its processes, its Toxiproxy, the recorded app instances. */
    public static FaultBackend faults(Host host, EnvState state) {
        return new ProcessBackend(host.paths(), state);
    }

    private record Embedded(Host host, EmbeddedEnvironment environment, EnvState state, boolean started, Duration took)
            implements Cluster {

        @Override
        public EnvSpec spec() {
            return state.spec();
        }

        @Override
        public KafkaAccess access() {
            return state.access();
        }

        @Override
        public FaultBackend faults() {
            return EmbeddedKind.faults(host, state);
        }

        @Override
        public MetricsSource metrics() {
            Map<Integer, Integer> ports = new HashMap<>();
            state.brokers().forEach(broker -> ports.put(broker.id(), broker.jmxPort()));
            return MetricsSource.localJmx(ports);
        }

        @Override
        public List<Long> localJvms() {
            // the recorded state: a fault restarts a broker under a new pid
            return environment.running().orElse(state).brokers().stream().map(EnvState.BrokerState::pid)
                    .filter(Objects::nonNull).toList();
        }

        @Override
        public void release(boolean deleteTopics, Consumer<String> out) {
            out.accept("stopping env " + spec().name());
            // the recorded state, not the one from start: faults may have restarted brokers under new pids
            environment.down(false);
        }
    }
}
