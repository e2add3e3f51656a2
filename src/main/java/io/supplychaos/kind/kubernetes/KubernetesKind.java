package io.supplychaos.kind.kubernetes;

import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.cluster.AppFleet;
import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.KubernetesTarget;

/**
 * {@code kind: kubernetes}: a Strimzi-managed cluster. The bootstrap servers come from the Kafka
 * resource's status; broker faults are pod deletions and Chaos Mesh {@code PodChaos}, network faults
 * Chaos Mesh {@code NetworkChaos}; app instances are local processes or, with {@code apps: pods},
 * the app Deployment's pods.
 */
public final class KubernetesKind extends AttachedKind {

    @Override
    public Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        return KubernetesBackend.refusal(fault, env.kubernetes().apps());
    }

    @Override
    protected Connection connect(Host host, EnvSpec spec, Consumer<String> out) {
        out.accept("reading the bootstrap servers of " + spec.kubernetes().describe());
        try (KubernetesBackend backend = KubernetesBackend.connect(spec.kubernetes(), host.apps())) {
            return new Connection(new KafkaAccess(backend.cluster().bootstrapServers(), spec.clientConfig()), false);
        }
    }

    @Override
    public FaultBackend faults(Host host, Attachment attachment) {
        return KubernetesBackend.connect(attachment.spec().kubernetes(), host.apps(), attachment.spec().clientConfig());
    }

    @Override
    protected Optional<AppFleet> appFleet(Host host, EnvSpec spec) {
        if (spec.kubernetes().apps() != KubernetesTarget.Apps.PODS) {
            return Optional.empty();
        }
        return Optional.of(new AppFleet() {
            private KubernetesBackend pods;

            @Override
            public String start(int instances) {
                pods = KubernetesBackend.connect(spec.kubernetes(), host.apps());
                pods.cluster().scaleAppsAndWait(instances);
                return instances + " app pod(s) of Deployment " + spec.kubernetes().appDeployment()
                        + " ready (their configuration is the Deployment's)";
            }

            @Override
            public void close() {
                if (pods != null) {
                    try {
                        pods.cluster().restoreApps();
                    } finally {
                        pods.close();
                        pods = null;
                    }
                }
            }
        });
    }
}
