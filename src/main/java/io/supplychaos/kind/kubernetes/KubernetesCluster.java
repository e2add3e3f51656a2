package io.supplychaos.kind.kubernetes;

import java.util.ArrayList;
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

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import io.strimzi.api.kafka.model.common.Constants;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.listener.ListenerStatus;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;

import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.time.Poll;

/**
 * What the tool reads and changes of a Strimzi-managed Kafka cluster, through the API server:
 * <ul>
 * <li>the {@code kafka.strimzi.io/v1} {@code Kafka} resource's {@code status.listeners}, for the
 * bootstrap servers, read through Strimzi's own model ({@code io.strimzi:api} at {@link #STRIMZI_RELEASE});
 * a 404 says which: the API not served (Strimzi missing or too old) or no Kafka of that name;</li>
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
    public static final String CONTROLLER_ROLE_LABEL = "strimzi.io/controller-role";

    /**
     * The Strimzi release the tool runs against, as k8s/README.md installs it: it serves
     * {@code kafka.strimzi.io/v1} (as 1.0 and later do, which serve nothing else) and supports Kafka
     * 4.1.1, the brokers' version everywhere else. {@code io.strimzi:api} is this version too.
     */
    public static final String STRIMZI_RELEASE = "0.51.0";

    /** Where the Deployment's replica count before the tool's first scale is kept, so any later process can restore it. */
    static final String REPLICAS_BEFORE = "supply-chaos/replicas-before";

    /** Strimzi's v1 API: served by 0.49 and later, the only one from 1.0 on. */
    static final String STRIMZI_API_VERSION = Constants.V1;
    static final ResourceDefinitionContext KAFKA = namespaced(Kafka.RESOURCE_GROUP, STRIMZI_API_VERSION, Kafka.RESOURCE_KIND,
            Kafka.RESOURCE_PLURAL);
    static final ResourceDefinitionContext KAFKA_NODE_POOL = namespaced(KafkaNodePool.RESOURCE_GROUP, STRIMZI_API_VERSION,
            KafkaNodePool.RESOURCE_KIND, KafkaNodePool.RESOURCE_PLURAL);

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
     * The Kafka resource of the target as Strimzi's model reads it ({@code kafka.strimzi.io/v1}).
     *
     * @throws IllegalStateException naming what is missing: the API itself (Strimzi not installed, or a
     *                               release that does not serve {@code v1}), or the Kafka in the namespace
     */
    public Kafka kafka() {
        GenericKubernetesResource found = client.genericKubernetesResources(KAFKA).inNamespace(target.namespace())
                .withName(target.cluster()).get();
        if (found == null) {
            // a 404 means either: the API server serves no such resource, or there is no Kafka of that name
            Optional<String> unserved = unserved(KAFKA);
            throw new IllegalStateException(unserved.orElse("no Kafka named " + target.cluster() + " in namespace "
                    + target.namespace() + " (kafka.strimzi.io/v1 is served there; is the cluster deployed in another namespace?)"));
        }
        return client.getKubernetesSerialization().convertValue(found, Kafka.class);
    }

    /**
     * Why the API server does not serve {@code context}'s resource, naming the Strimzi release to install;
     * empty when it does.
     */
    private Optional<String> unserved(ResourceDefinitionContext context) {
        String api = context.getGroup() + "/" + context.getVersion();
        APIResourceList resources = client.getApiResources(api);
        boolean served = resources != null && resources.getResources() != null
                && resources.getResources().stream().anyMatch(r -> context.getPlural().equals(r.getName()));
        if (served) {
            return Optional.empty();
        }
        APIGroup group = client.getApiGroup(context.getGroup());
        String others = group == null || group.getVersions() == null ? "Strimzi is not installed there"
                : "it serves " + group.getVersions().stream().map(v -> v.getGroupVersion()).toList() + " only";
        return Optional.of("the API " + api + " " + context.getKind() + " is not served by " + target.describe() + " (" + others
                + "): install Strimzi " + STRIMZI_RELEASE + " (k8s/README.md)");
    }

    /**
     * The bootstrap servers of the target's listener (the first listener when none is named), as
     * Strimzi reports them in the Kafka resource's status.
     *
     * @throws IllegalStateException when the API, the resource, its status or the listener is missing, naming the listeners found
     */
    public String bootstrapServers() {
        Kafka kafka = kafka();
        List<ListenerStatus> listeners = kafka.getStatus() == null || kafka.getStatus().getListeners() == null ? List.of()
                : kafka.getStatus().getListeners();
        if (listeners.isEmpty()) {
            throw new IllegalStateException("Kafka " + target.cluster() + " in namespace " + target.namespace()
                    + " has no status.listeners yet (Strimzi has not reconciled it, or it is not ready)");
        }
        // no listener named: the first; a named one that is missing is an error, never the first instead
        ListenerStatus chosen = target.listenerName().isEmpty() ? listeners.get(0)
                : listeners.stream().filter(l -> target.listener().equals(l.getName())).findFirst().orElse(null);
        List<String> names = listeners.stream().map(ListenerStatus::getName).toList();
        if (chosen == null) {
            throw new IllegalStateException("Kafka " + target.cluster() + " in namespace " + target.namespace()
                    + " has no listener '" + target.listener() + "' in its status; listeners found: " + names);
        }
        String servers = chosen.getBootstrapServers();
        if (servers == null || servers.isBlank()) {
            throw new IllegalStateException("listener '" + chosen.getName() + "' of Kafka " + target.cluster()
                    + " has no bootstrapServers in its status");
        }
        return servers;
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
        for (KafkaNodePool pool : nodePools()) {
            boolean brokers = pool.getSpec() != null && pool.getSpec().getRoles() != null
                    && pool.getSpec().getRoles().contains(ProcessRoles.BROKER);
            if (brokers && pool.getStatus() != null && pool.getStatus().getNodeIds() != null) {
                ids.addAll(pool.getStatus().getNodeIds());
            }
        }
        return List.copyOf(ids);
    }

    /** The cluster's node pools ({@code kafka.strimzi.io/v1}), as Strimzi's model reads them. */
    public List<KafkaNodePool> nodePools() {
        return client.genericKubernetesResources(KAFKA_NODE_POOL).inNamespace(target.namespace())
                .withLabel(CLUSTER_LABEL, target.cluster()).list().getItems().stream()
                .map(pool -> client.getKubernetesSerialization().convertValue(pool, KafkaNodePool.class)).toList();
    }

    /** Whether the pod is a KRaft controller too (a dual-role node pool's pod), by the label Strimzi gives it. */
    public static boolean controller(Pod pod) {
        return pod.getMetadata().getLabels() != null && "true".equals(pod.getMetadata().getLabels().get(CONTROLLER_ROLE_LABEL));
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
