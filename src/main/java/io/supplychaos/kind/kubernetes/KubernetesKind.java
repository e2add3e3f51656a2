package io.supplychaos.kind.kubernetes;

import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import io.fabric8.kubernetes.client.KubernetesClient;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.cluster.AppFleet;
import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.Deletion;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
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

    private final Function<KubernetesTarget, KubernetesClient> clients;
    private final KubernetesTimeouts timeouts;

    /** The tool's own: a client for the target's kubeconfig context, {@link KubernetesTimeouts#DEFAULTS}. */
    public KubernetesKind() {
        this(KubernetesCluster::connect, KubernetesTimeouts.DEFAULTS);
    }

    /**
     * @param clients  a new client for the target's API server, closed by whoever asked (tests: a mock server's)
     * @param timeouts the backends' waits
     */
    KubernetesKind(Function<KubernetesTarget, KubernetesClient> clients, KubernetesTimeouts timeouts) {
        this.clients = clients;
        this.timeouts = timeouts;
    }

    private KubernetesBackend backend(Host host, EnvSpec spec, Map<String, String> clientConfig) {
        return KubernetesBackend.owning(clients.apply(spec.kubernetes()), spec.kubernetes(), host.apps(), timeouts, clientConfig,
                new ChangeJournal(host.paths().stateDir()));
    }

    @Override
    public Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        return ClusterKind.needsProtocolProxy(env, fault).or(() -> KubernetesBackend.refusal(fault, env.kubernetes().apps()));
    }

    @Override
    public Optional<String> difference(EnvSpec env, FaultSpec fault) {
        return KubernetesBackend.difference(fault);
    }

    @Override
    protected Connection connect(Host host, EnvSpec spec, Consumer<String> out) {
        out.accept("reading the bootstrap servers of " + spec.kubernetes().describe());
        try (KubernetesBackend backend = backend(host, spec, Map.of())) {
            return new Connection(new KafkaAccess(backend.cluster().bootstrapServers(), spec.clientConfig()), false);
        }
    }

    @Override
    public FaultBackend faults(Host host, Attachment attachment) {
        return backend(host, attachment.spec(), attachment.spec().clientConfig());
    }

    /** A Chaos Mesh resource the tool created, by kind and name; only while it carries the tool's label. */
    @Override
    protected Deletion deleteCreated(Host host, Attachment attachment, ChangeJournal.Resource resource) {
        try (KubernetesBackend backend = backend(host, attachment.spec(), attachment.spec().clientConfig())) {
            return backend.deleteCreated(resource);
        }
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
                pods = backend(host, spec, Map.of());
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
