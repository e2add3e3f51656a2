package io.supplychaos.kind.kubernetes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import io.supplychaos.env.ChangeJournal;

/**
 * The Chaos Mesh resources the tool creates ({@code chaos-mesh.org/v1alpha1} {@code NetworkChaos}
 * and {@code PodChaos}), and the only code that creates or deletes them. Every one carries the label
 * {@code app.kubernetes.io/managed-by: supply-chaos}; a resource without it is never replaced or
 * deleted, whatever its name: the tool takes away only what it put in place.
 */
final class ChaosMesh {

    static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    static final String US = "supply-chaos";
    static final String API_VERSION = "chaos-mesh.org/v1alpha1";

    static final ResourceDefinitionContext NETWORK_CHAOS = KubernetesCluster.namespaced("chaos-mesh.org", "v1alpha1", "NetworkChaos", "networkchaos");
    static final ResourceDefinitionContext POD_CHAOS = KubernetesCluster.namespaced("chaos-mesh.org", "v1alpha1", "PodChaos", "podchaos");

    private final KubernetesClient client;
    private final String namespace;
    private final ChangeJournal journal;

    /** @param journal where what is created is recorded until deleted, for {@code down}; null: not recorded */
    ChaosMesh(KubernetesClient client, String namespace, ChangeJournal journal) {
        this.client = client;
        this.namespace = namespace;
        this.journal = journal;
    }

    static ResourceDefinitionContext context(GenericKubernetesResource resource) {
        return context(resource.getKind());
    }

    static ResourceDefinitionContext context(String kind) {
        return switch (kind) {
            case "NetworkChaos" -> NETWORK_CHAOS;
            case "PodChaos" -> POD_CHAOS;
            default -> throw new IllegalArgumentException("not a Chaos Mesh resource of the tool's: " + kind);
        };
    }

    private ChangeJournal.Resource journalled(ResourceDefinitionContext context, String name) {
        return new ChangeJournal.Resource(context.getKind(), namespace, name);
    }

    /** A Chaos Mesh resource of ours, named {@code name}, with {@code spec}. */
    GenericKubernetesResource resource(String kind, String name, Map<String, Object> spec) {
        return new GenericKubernetesResourceBuilder().withApiVersion(API_VERSION).withKind(kind)
                .withNewMetadata().withName(name).withNamespace(namespace).addToLabels(MANAGED_BY, US).endMetadata()
                .addToAdditionalProperties("spec", spec).build();
    }

    /** A selector of pods by name in our namespace (Chaos Mesh's {@code pods: {namespace: [names]}}). */
    Map<String, Object> podsByName(List<String> names) {
        return Map.of("pods", Map.of(namespace, List.copyOf(names)));
    }

    /** A selector of pods by labels in our namespace. */
    Map<String, Object> podsByLabels(Map<String, String> labels) {
        Map<String, Object> selector = new LinkedHashMap<>();
        selector.put("namespaces", List.of(namespace));
        selector.put("labelSelectors", Map.copyOf(labels));
        return selector;
    }

    static boolean ours(GenericKubernetesResource resource) {
        return resource != null && resource.getMetadata().getLabels() != null
                && US.equals(resource.getMetadata().getLabels().get(MANAGED_BY));
    }

    /** The resource of ours by that name, null when there is none (or only someone else's). */
    GenericKubernetesResource get(ResourceDefinitionContext context, String name) {
        GenericKubernetesResource found = client.genericKubernetesResources(context).inNamespace(namespace).withName(name).get();
        return ours(found) ? found : null;
    }

    /**
     * Creates the resource, or replaces ours of the same name (a second inject of the same fault
     * puts the same thing in place). Refuses to replace a resource that is not ours.
     */
    void apply(GenericKubernetesResource resource) {
        ResourceDefinitionContext context = context(resource);
        String name = resource.getMetadata().getName();
        GenericKubernetesResource existing = client.genericKubernetesResources(context).inNamespace(namespace).withName(name).get();
        if (existing != null && !ours(existing)) {
            throw new IllegalStateException(resource.getKind() + " " + name + " in namespace " + namespace
                    + " exists and is not labelled " + MANAGED_BY + "=" + US + ": the tool does not replace it");
        }
        // recorded first: a resource that exists is never one down does not know of
        if (journal != null) {
            journal.created(journalled(context, name));
        }
        client.genericKubernetesResources(context).inNamespace(namespace).resource(resource).createOr(NonDeletingOperation::update);
    }

    /**
     * Deletes ours by that name; nothing when it is gone already or is not ours.
     *
     * @return whether there was one of ours to delete
     */
    boolean delete(ResourceDefinitionContext context, String name) {
        boolean ours = get(context, name) != null;
        if (ours) {
            client.genericKubernetesResources(context).inNamespace(namespace).withName(name).delete();
        }
        if (journal != null) {
            journal.removed(journalled(context, name));
        }
        return ours;
    }

    /** Deletes every NetworkChaos and PodChaos of ours in the namespace; returns their names. */
    List<String> deleteAllOurs() {
        List<String> deleted = new java.util.ArrayList<>();
        for (ResourceDefinitionContext context : List.of(NETWORK_CHAOS, POD_CHAOS)) {
            for (GenericKubernetesResource resource : client.genericKubernetesResources(context).inNamespace(namespace)
                    .withLabel(MANAGED_BY, US).list().getItems()) {
                // the label selector already filters; the check keeps the rule in one place
                if (ours(resource)) {
                    delete(context, resource.getMetadata().getName());
                    deleted.add(resource.getKind() + " " + resource.getMetadata().getName());
                }
            }
        }
        return deleted;
    }

    String namespace() {
        return Objects.requireNonNull(namespace);
    }
}
