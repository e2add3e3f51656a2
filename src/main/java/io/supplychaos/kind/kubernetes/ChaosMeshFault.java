package io.supplychaos.kind.kubernetes;

import java.util.ArrayList;
import java.util.List;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import io.supplychaos.chaos.FaultAction;

/**
 * A network fault on a kubernetes environment: one Chaos Mesh {@code NetworkChaos} per broker the
 * fault is on, created by inject (create-or-replace, so injecting twice is injecting once) and
 * deleted by heal (deleting what is gone does nothing). Inject puts all in place or none: when one
 * create fails, those already created are deleted again.
 */
final class ChaosMeshFault implements FaultAction {
    private final ChaosMesh chaosMesh;
    private final List<GenericKubernetesResource> resources;
    private final String description;

    ChaosMeshFault(ChaosMesh chaosMesh, List<GenericKubernetesResource> resources, String description) {
        this.chaosMesh = chaosMesh;
        this.resources = List.copyOf(resources);
        this.description = description;
    }

    /** What inject creates, for tests and for the run's log. */
    List<GenericKubernetesResource> resources() {
        return resources;
    }

    @Override
    public void inject() {
        List<GenericKubernetesResource> applied = new ArrayList<>();
        try {
            for (GenericKubernetesResource resource : resources) {
                chaosMesh.apply(resource);
                applied.add(resource);
            }
        } catch (RuntimeException e) {
            for (GenericKubernetesResource resource : applied) {
                try {
                    chaosMesh.delete(ChaosMesh.context(resource), resource.getMetadata().getName());
                } catch (RuntimeException undo) {
                    e.addSuppressed(undo);
                }
            }
            throw new IllegalStateException(description + " failed and was undone: " + e.getMessage(), e);
        }
    }

    @Override
    public void heal() {
        RuntimeException first = null;
        for (GenericKubernetesResource resource : resources) {
            try {
                chaosMesh.delete(ChaosMesh.context(resource), resource.getMetadata().getName());
            } catch (RuntimeException e) {
                // delete the others anyway, then report
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new IllegalStateException("healing " + description + " failed: " + first.getMessage(), first);
        }
    }

    @Override
    public String describe() {
        return description;
    }
}
