package io.supplychaos.kind.kubernetes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.RecordedRequest;

import io.supplychaos.env.KubernetesTarget;

/**
 * A fabric8 mock API server in CRUD mode holding what Strimzi would create for a cluster (the Kafka
 * resource with its status, node pools, broker pods) and the app Deployment. No controller runs:
 * a test sets pod conditions and Deployment status itself, and recreates deleted pods when it plays
 * the StrimziPodSet.
 */
final class MockCluster implements AutoCloseable {
    static final String NAMESPACE = "kafka";
    static final String CLUSTER = "c3";
    static final String POOL = "dual-role";
    /** Every wait of the code under test ends within a second here. */
    static final KubernetesTimeouts SHORT = new KubernetesTimeouts(Duration.ofMillis(500), Duration.ofMillis(500),
            Duration.ofMillis(500), Duration.ofMillis(20));

    final KubernetesMockServer server;
    final KubernetesClient client;

    MockCluster() {
        List<CustomResourceDefinitionContext> crds = new ArrayList<>();
        for (ResourceDefinitionContext context : List.of(KubernetesCluster.KAFKA, KubernetesCluster.KAFKA_NODE_POOL,
                ChaosMesh.NETWORK_CHAOS, ChaosMesh.POD_CHAOS)) {
            crds.add(new CustomResourceDefinitionContext.Builder().withGroup(context.getGroup()).withVersion(context.getVersion())
                    .withKind(context.getKind()).withPlural(context.getPlural()).withScope("Namespaced").build());
        }
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(crds), false);
        server.init();
        client = server.createClient();
    }

    static KubernetesTarget target(KubernetesTarget.Apps apps) {
        return new KubernetesTarget(NAMESPACE, CLUSTER, null, null, apps, "supply-chaos");
    }

    static String brokerPodName(int id) {
        return CLUSTER + "-" + POOL + "-" + id;
    }

    Pod brokerPod(int id, boolean ready) {
        return createPod(new PodBuilder().withNewMetadata().withName(brokerPodName(id)).withNamespace(NAMESPACE)
                .addToLabels(KubernetesCluster.CLUSTER_LABEL, CLUSTER).addToLabels(KubernetesCluster.BROKER_ROLE_LABEL, "true")
                .addToLabels("strimzi.io/pool-name", POOL).endMetadata().build(), ready);
    }

    Pod createPod(Pod pod, boolean ready) {
        Pod created = client.pods().inNamespace(NAMESPACE).resource(pod).create();
        return setReady(created, ready);
    }

    Pod setReady(Pod pod, boolean ready) {
        Pod withStatus = new PodBuilder(pod).withNewStatus().withPhase("Running").addNewCondition().withType("Ready")
                .withStatus(ready ? "True" : "False").endCondition().endStatus().build();
        return client.pods().inNamespace(NAMESPACE).resource(withStatus).updateStatus();
    }

    Pod pod(String name) {
        return client.pods().inNamespace(NAMESPACE).withName(name).get();
    }

    /** The Kafka resource with a status listing {@code listeners} as name, bootstrapServers pairs. */
    void kafka(String... listeners) {
        List<Map<String, Object>> status = new ArrayList<>();
        for (int i = 0; i < listeners.length; i += 2) {
            status.add(Map.of("name", listeners[i], "bootstrapServers", listeners[i + 1]));
        }
        GenericKubernetesResource kafka = new GenericKubernetesResourceBuilder().withApiVersion("kafka.strimzi.io/v1beta2")
                .withKind("Kafka").withNewMetadata().withName(CLUSTER).withNamespace(NAMESPACE).endMetadata()
                .addToAdditionalProperties("spec", Map.of("kafka", Map.of("version", "4.1.0")))
                .addToAdditionalProperties("status", listeners.length == 0 ? Map.of() : Map.of("listeners", status)).build();
        client.genericKubernetesResources(KubernetesCluster.KAFKA).inNamespace(NAMESPACE).resource(kafka).create();
    }

    void nodePool(List<String> roles, List<Integer> nodeIds) {
        GenericKubernetesResource pool = new GenericKubernetesResourceBuilder().withApiVersion("kafka.strimzi.io/v1beta2")
                .withKind("KafkaNodePool").withNewMetadata().withName(POOL).withNamespace(NAMESPACE)
                .addToLabels(KubernetesCluster.CLUSTER_LABEL, CLUSTER).endMetadata()
                .addToAdditionalProperties("spec", Map.of("replicas", nodeIds.size(), "roles", roles))
                .addToAdditionalProperties("status", Map.of("nodeIds", nodeIds)).build();
        client.genericKubernetesResources(KubernetesCluster.KAFKA_NODE_POOL).inNamespace(NAMESPACE).resource(pool).create();
    }

    Deployment appDeployment(int replicas, int readyReplicas) {
        Deployment deployment = client.apps().deployments().inNamespace(NAMESPACE).resource(new DeploymentBuilder()
                .withNewMetadata().withName("supply-chaos").withNamespace(NAMESPACE).endMetadata()
                .withNewSpec().withReplicas(replicas).withNewSelector().addToMatchLabels("app", "supply-chaos").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "supply-chaos").endMetadata()
                .withNewSpec().addNewContainer().withName("app").withImage("supply-chaos:latest").endContainer().endSpec()
                .endTemplate().endSpec().build()).create();
        return appStatus(deployment, readyReplicas);
    }

    /** Plays the Deployment controller: its status says {@code ready} of spec.replicas pods are ready. */
    Deployment appStatus(Deployment deployment, int ready) {
        Deployment now = client.apps().deployments().inNamespace(NAMESPACE).withName(deployment.getMetadata().getName()).get();
        now.setStatus(new io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder()
                .withReplicas(now.getSpec().getReplicas()).withReadyReplicas(ready).build());
        return client.apps().deployments().inNamespace(NAMESPACE).resource(now).updateStatus();
    }

    Deployment deployment() {
        return client.apps().deployments().inNamespace(NAMESPACE).withName("supply-chaos").get();
    }

    Pod appPod(String name, boolean ready) {
        return createPod(new PodBuilder().withNewMetadata().withName(name).withNamespace(NAMESPACE)
                .addToLabels("app", "supply-chaos").endMetadata().build(), ready);
    }

    List<GenericKubernetesResource> list(ResourceDefinitionContext context) {
        return client.genericKubernetesResources(context).inNamespace(NAMESPACE).list().getItems();
    }

    GenericKubernetesResource get(ResourceDefinitionContext context, String name) {
        return client.genericKubernetesResources(context).inNamespace(NAMESPACE).withName(name).get();
    }

    /** Every request the server received since the last call (set-up included), in order. */
    List<RecordedRequest> requests() throws InterruptedException {
        List<RecordedRequest> requests = new ArrayList<>();
        RecordedRequest request;
        while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
            requests.add(request);
        }
        return requests;
    }

    /** The DELETE requests since the last {@link #requests()}: "path body". */
    List<RecordedRequest> deletes() throws InterruptedException {
        return requests().stream().filter(r -> r.getMethod().equals("DELETE")).toList();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
