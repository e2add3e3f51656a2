package io.supplychaos.kind;

import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.env.EnvKind;
import io.supplychaos.kind.compose.ComposeKind;
import io.supplychaos.kind.embedded.EmbeddedKind;
import io.supplychaos.kind.external.ExternalKind;
import io.supplychaos.kind.kubernetes.KubernetesKind;

/**
 * The one place an env's {@code kind:} chooses its room: everything that differs by kind (opening
 * the cluster, the fault backend, which faults it takes, the heal budget, letting it go) is asked
 * of the {@link ClusterKind} returned here. A new kind is a room under kind/ and a line here.
 */
public final class Kinds {

    private static final EmbeddedKind EMBEDDED = new EmbeddedKind();
    private static final ComposeKind COMPOSE = new ComposeKind();
    private static final ExternalKind EXTERNAL = new ExternalKind();
    private static final KubernetesKind KUBERNETES = new KubernetesKind();

    private Kinds() {
    }

    public static ClusterKind of(EnvKind kind) {
        return switch (kind) {
            case EMBEDDED -> EMBEDDED;
            case COMPOSE -> COMPOSE;
            case EXTERNAL -> EXTERNAL;
            case KUBERNETES -> KUBERNETES;
        };
    }

    /** The room of a kind the tool attaches to. */
    public static AttachedKind attached(EnvKind kind) {
        if (of(kind) instanceof AttachedKind attached) {
            return attached;
        }
        throw new IllegalArgumentException("env kind " + kind.yamlName() + " is started by the tool, not attached");
    }
}
