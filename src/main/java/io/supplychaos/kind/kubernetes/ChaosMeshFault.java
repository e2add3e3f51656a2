package io.supplychaos.kind.kubernetes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.chaos_mesh.v1alpha1.NetworkChaos;

import io.supplychaos.chaos.FaultAction;

/**
 * A network fault on a kubernetes environment: one Chaos Mesh {@code NetworkChaos} per broker the
 * fault is on, put in place by inject (the same parameters again change nothing; other ones replace
 * ours at that place by delete, await gone, create) and awaited until Chaos Mesh reports them
 * injected; deleted by heal and awaited gone (deleting what is gone does nothing). Inject puts all in
 * place or none: when one fails, those already created are deleted again. The fault took effect when
 * the last of them did, and was undone when the last of them was recovered, by their status.
 */
final class ChaosMeshFault implements FaultAction {
    private final ChaosMesh chaosMesh;
    private final List<NetworkChaos> resources;
    private final String description;
    private volatile Instant tookEffect;
    private volatile Instant undone;

    ChaosMeshFault(ChaosMesh chaosMesh, List<NetworkChaos> resources, String description) {
        this.chaosMesh = chaosMesh;
        this.resources = List.copyOf(resources);
        this.description = description;
    }

    /** What inject creates, for tests and for the run's log. */
    List<NetworkChaos> resources() {
        return resources;
    }

    @Override
    public void inject() {
        List<NetworkChaos> applied = new ArrayList<>();
        Instant last = null;
        try {
            for (NetworkChaos resource : resources) {
                // undone too when it was created but never reported injected
                applied.add(resource);
                Instant at = chaosMesh.apply(resource);
                last = last == null || at.isAfter(last) ? at : last;
            }
        } catch (RuntimeException e) {
            for (NetworkChaos resource : applied) {
                try {
                    chaosMesh.delete(NetworkChaos.class, resource.getMetadata().getName());
                } catch (RuntimeException undo) {
                    e.addSuppressed(undo);
                }
            }
            throw new IllegalStateException(description + " failed and was undone: " + e.getMessage(), e);
        }
        tookEffect = last;
    }

    @Override
    public OptionalLong tookEffectAt() {
        Instant at = tookEffect;
        return at == null ? OptionalLong.empty() : OptionalLong.of(at.toEpochMilli());
    }

    /** When the last of its chaos was recovered, by their status; empty when none reported it. */
    @Override
    public OptionalLong undoneAt() {
        Instant at = undone;
        return at == null ? OptionalLong.empty() : OptionalLong.of(at.toEpochMilli());
    }

    @Override
    public void heal() {
        RuntimeException first = null;
        Instant last = null;
        for (NetworkChaos resource : resources) {
            try {
                Optional<Instant> recovered = chaosMesh.delete(NetworkChaos.class, resource.getMetadata().getName()).recoveredAt();
                if (recovered.isPresent() && (last == null || recovered.get().isAfter(last))) {
                    last = recovered.get();
                }
            } catch (RuntimeException e) {
                // delete the others anyway, then report
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new IllegalStateException("healing " + description + " failed: " + first.getMessage(), first);
        }
        undone = last;
    }

    @Override
    public String describe() {
        return description;
    }
}
