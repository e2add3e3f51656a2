package io.supplychaos.kind.kubernetes;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.time.Poll;

/**
 * What the tool reads and changes of a Strimzi-managed Kafka cluster, through the API server:
 * <ul>
 * <li>the {@code kafka.strimzi.io/v1beta2} {@code Kafka} resource's {@code status.listeners}, for the
 * bootstrap servers (read as a generic resource: no Strimzi model on the classpath);</li>
 * <li>its {@code KafkaNodePool}s' {@code status.nodeIds}, so a broker whose pod is being recreated
 * is still a broker;</li>
 * <li>the broker pods ({@code strimzi.io/cluster=<cluster>}, {@code strimzi.io/broker-role=true}),
 * whose name ends in the node id;</li>
 * <li>the app's Deployment and its pods, when apps run as pods: scaled for a run and scaled back
 * afterwards.</li>
 * </ul>
 * Pods are read fresh on every call: Strimzi recreates deleted ones under the same name.
 */
public final class KubernetesCluster {

    public static final String CLUSTER_LABEL = "strimzi.io/cluster";
    public static final String BROKER_ROLE_LABEL = "strimzi.io/broker-role";

    /** Where the Deployment's replica count before the tool's first scale is kept, so any later process can restore it. */
    static final String REPLICAS_BEFORE = "supply-chaos/replicas-before";

    static final ResourceDefinitionContext KAFKA = namespaced("kafka.strimzi.io", "v1beta2", "Kafka", "kafkas");
    static final ResourceDefinitionContext KAFKA_NODE_POOL = namespaced("kafka.strimzi.io", "v1beta2", "KafkaNodePool", "kafkanodepools");

    /** Strimzi names node-pool pods {@code <cluster>-<pool>-<node id>}. */
    private static final Pattern NODE_ID = Pattern.compile(".*-(\\d+)$");

    private final KubernetesClient client;
    private final KubernetesTarget target;
    private final KubernetesTimeouts timeouts;

    public KubernetesCluster(KubernetesClient client, KubernetesTarget target, KubernetesTimeouts timeouts) {
        this.client = Objects.requireNonNull(client, "client");
        this.target = Objects.requireNonNull(target, "target");
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
    }

    /** A client for the target's kubeconfig context (the current one when none is named); the caller closes it. */
    public static KubernetesClient connect(KubernetesTarget target) {
        return new KubernetesClientBuilder().withConfig(Config.autoConfigure(target.contextName().orElse(null))).build();
    }

    static ResourceDefinitionContext namespaced(String group, String version, String kind, String plural) {
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
                .withPlural(plural).withNamespaced(true).build();
    }

    public KubernetesClient client() {
        return client;
    }

    public KubernetesTarget target() {
        return target;
    }

    public KubernetesTimeouts timeouts() {
        return timeouts;
    }

    // ---- bootstrap ----

    /**
     * The bootstrap servers of the target's listener (the first listener when none is named), as
     * Strimzi reports them in the Kafka resource's status.
     *
     * @throws IllegalStateException when the resource, its status or the listener is missing, naming the listeners found
     */
    public String bootstrapServers() {
        GenericKubernetesResource kafka = client.genericKubernetesResources(KAFKA).inNamespace(target.namespace())
                .withName(target.cluster()).get();
        if (kafka == null) {
            throw new IllegalStateException("no Kafka resource " + target.cluster() + " in namespace " + target.namespace()
                    + " (is the Strimzi cluster deployed there?)");
        }
        List<Map<String, Object>> listeners = listOfMaps(kafka.get("status", "listeners"));
        if (listeners.isEmpty()) {
            throw new IllegalStateException("Kafka " + target.cluster() + " in namespace " + target.namespace()
                    + " has no status.listeners yet (Strimzi has not reconciled it, or it is not ready)");
        }
        // no listener named: the first; a named one that is missing is an error, never the first instead
        Map<String, Object> chosen = target.listenerName().isEmpty() ? listeners.get(0)
                : listeners.stream().filter(l -> target.listener().equals(l.get("name"))).findFirst().orElse(null);
        List<String> names = listeners.stream().map(l -> String.valueOf(l.get("name"))).toList();
        if (chosen == null) {
            throw new IllegalStateException("Kafka " + target.cluster() + " in namespace " + target.namespace()
                    + " has no listener '" + target.listener() + "' in its status; listeners found: " + names);
        }
        Object servers = chosen.get("bootstrapServers");
        if (!(servers instanceof String text) || text.isBlank()) {
            throw new IllegalStateException("listener '" + chosen.get("name") + "' of Kafka " + target.cluster()
                    + " has no bootstrapServers in its status");
        }
        return text;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> listOfMaps(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().filter(Map.class::isInstance).map(item -> (Map<String, Object>) item).toList();
    }

    // ---- brokers ----

    /** The broker pods that exist now, by node id. */
    public Map<Integer, Pod> brokerPods() {
        Map<Integer, Pod> pods = new TreeMap<>();
        for (Pod pod : client.pods().inNamespace(target.namespace())
                .withLabel(CLUSTER_LABEL, target.cluster()).withLabel(BROKER_ROLE_LABEL, "true").list().getItems()) {
            nodeId(pod).ifPresent(id -> pods.put(id, pod));
        }
        return pods;
    }

    public Optional<Pod> brokerPod(int id) {
        return Optional.ofNullable(brokerPods().get(id));
    }

    /**
     * Broker node ids, ascending: the broker pods' ids, and the ids Strimzi assigned to the cluster's
     * broker node pools, so that a broker whose pod was just deleted is still listed (start-broker
     * names it).
     */
    public List<Integer> brokerIds() {
        TreeSet<Integer> ids = new TreeSet<>(brokerPods().keySet());
        for (GenericKubernetesResource pool : client.genericKubernetesResources(KAFKA_NODE_POOL).inNamespace(target.namespace())
                .withLabel(CLUSTER_LABEL, target.cluster()).list().getItems()) {
            Object roles = pool.get("spec", "roles");
            if (roles instanceof Collection<?> list && list.contains("broker") && pool.get("status", "nodeIds") instanceof Collection<?> nodeIds) {
                nodeIds.stream().filter(Number.class::isInstance).map(n -> ((Number) n).intValue()).forEach(ids::add);
            }
        }
        return List.copyOf(ids);
    }

    /** The node id a pod's name ends in. */
    public static OptionalInt nodeId(Pod pod) {
        Matcher matcher = NODE_ID.matcher(pod.getMetadata().getName());
        return matcher.matches() ? OptionalInt.of(Integer.parseInt(matcher.group(1))) : OptionalInt.empty();
    }

    /** Ready and not being deleted. */
    public static boolean ready(Pod pod) {
        if (pod == null || pod.getMetadata().getDeletionTimestamp() != null || pod.getStatus() == null) {
            return false;
        }
        List<PodCondition> conditions = pod.getStatus().getConditions();
        return conditions != null && conditions.stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** Waits until broker {@code id}'s pod is Ready (Strimzi's readiness probe: the broker is serving). */
    public void awaitBrokerReady(int id) {
        Poll.require("broker " + id + "'s pod in " + target.describe() + " to be Ready", timeouts.brokerReady(), timeouts.interval(),
                () -> ready(brokerPod(id).orElse(null)));
    }

    /** Deletes a pod (grace 0: a crash; null: its own grace) and waits until that pod, by uid, is gone. */
    void deletePod(Pod pod, Integer graceSeconds) {
        String name = pod.getMetadata().getName();
        var resource = client.pods().inNamespace(target.namespace()).withName(name);
        if (graceSeconds == null) {
            resource.delete();
        } else {
            resource.withGracePeriod(graceSeconds).delete();
        }
        String uid = pod.getMetadata().getUid();
        // a recreated pod keeps the name, not the uid: only the one deleted must be gone
        Poll.require("pod " + name + " to be gone", timeouts.podGone(), timeouts.interval(), () -> {
            Pod now = client.pods().inNamespace(target.namespace()).withName(name).get();
            return now == null || !Objects.equals(uid, now.getMetadata().getUid());
        });
    }

    // ---- apps as pods ----

    public Deployment appDeployment() {
        Deployment deployment = client.apps().deployments().inNamespace(target.namespace()).withName(target.appDeployment()).get();
        if (deployment == null) {
            throw new IllegalStateException("no Deployment " + target.appDeployment() + " in namespace " + target.namespace()
                    + " (apps: pods runs the app instances there)");
        }
        return deployment;
    }

    /** The labels the Deployment selects its pods by. */
    public Map<String, String> appPodLabels() {
        Map<String, String> labels = appDeployment().getSpec().getSelector().getMatchLabels();
        if (labels == null || labels.isEmpty()) {
            throw new IllegalStateException("Deployment " + target.appDeployment() + " selects no pod labels (matchLabels)");
        }
        return labels;
    }

    /** The app's pods, ordered by name: app instance N is the N-th (1-based). */
    public List<Pod> appPods() {
        List<Pod> pods = new ArrayList<>(client.pods().inNamespace(target.namespace()).withLabels(appPodLabels()).list().getItems());
        pods.sort(Comparator.comparing(pod -> pod.getMetadata().getName()));
        return pods;
    }

    /**
     * Scales the app Deployment to {@code replicas} without waiting. The count before the tool's
     * first scale is kept in an annotation on the Deployment, so {@link #restoreApps} brings it back
     * even from another process, and a second scale does not overwrite it.
     */
    public void scaleApps(int replicas) {
        client.apps().deployments().inNamespace(target.namespace()).withName(target.appDeployment()).edit(deployment -> {
            Map<String, String> annotations = new TreeMap<>(Optional.ofNullable(deployment.getMetadata().getAnnotations()).orElse(Map.of()));
            Integer before = deployment.getSpec().getReplicas();
            annotations.putIfAbsent(REPLICAS_BEFORE, Integer.toString(before == null ? 1 : before));
            deployment.getMetadata().setAnnotations(annotations);
            deployment.getSpec().setReplicas(replicas);
            return deployment;
        });
    }

    /** Scales the app Deployment to {@code replicas} and waits until that many are ready. */
    public void scaleAppsAndWait(int replicas) {
        scaleApps(replicas);
        awaitAppsReady();
    }

    /** Waits until the Deployment's ready replicas are its desired replicas. */
    public void awaitAppsReady() {
        Poll.require("Deployment " + target.appDeployment() + " in namespace " + target.namespace() + " to have its replicas ready",
                timeouts.appsReady(), timeouts.interval(), this::appsReady);
    }

    /** Every desired replica ready, and no more pods than desired (a scale-down done). */
    public boolean appsReady() {
        Deployment deployment = appDeployment();
        int desired = Optional.ofNullable(deployment.getSpec().getReplicas()).orElse(1);
        var status = deployment.getStatus();
        int ready = status == null || status.getReadyReplicas() == null ? 0 : status.getReadyReplicas();
        int current = status == null || status.getReplicas() == null ? ready : status.getReplicas();
        return ready == desired && current == desired;
    }

    /**
     * Scales the app Deployment back to the count before the tool's first scale and removes the
     * annotation; nothing when the tool did not scale it. Does not wait: teardown has its own budget.
     *
     * @return the restored count, empty when there was nothing to restore
     */
    public OptionalInt restoreApps() {
        Deployment deployment = client.apps().deployments().inNamespace(target.namespace()).withName(target.appDeployment()).get();
        if (deployment == null || deployment.getMetadata().getAnnotations() == null
                || !deployment.getMetadata().getAnnotations().containsKey(REPLICAS_BEFORE)) {
            return OptionalInt.empty();
        }
        int before = Integer.parseInt(deployment.getMetadata().getAnnotations().get(REPLICAS_BEFORE));
        client.apps().deployments().inNamespace(target.namespace()).withName(target.appDeployment()).edit(d -> {
            Map<String, String> annotations = new TreeMap<>(d.getMetadata().getAnnotations());
            annotations.remove(REPLICAS_BEFORE);
            d.getMetadata().setAnnotations(annotations);
            d.getSpec().setReplicas(before);
            return d;
        });
        return OptionalInt.of(before);
    }
}
