package io.supplychaos.session;

import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.kind.Environments;

/**
 * Where a session's cluster comes from: the env up or attached in the state directory, and opening
 * one. {@link Environments} in the tool; tests give a fake that starts nothing.
 */
public interface ClusterSource {

    /** The spec of the env up or attached in the state directory, if any. */
    Optional<EnvSpec> current();

    /** Starts or attaches to {@code spec}'s cluster (see {@link Environments#open}). */
    Cluster open(EnvSpec spec, String source, int basePort, Consumer<String> out);

    /** The tool's own: every kind of env through {@link Environments}; a session records what it attaches to as "run". */
    static ClusterSource of(Environments environments) {
        return new ClusterSource() {
            @Override
            public Optional<EnvSpec> current() {
                return environments.current();
            }

            @Override
            public Cluster open(EnvSpec spec, String source, int basePort, Consumer<String> out) {
                return environments.open(spec, source, basePort, "run", out);
            }
        };
    }
}
