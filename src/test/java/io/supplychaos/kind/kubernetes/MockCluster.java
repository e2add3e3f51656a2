package io.supplychaos.kind.kubernetes;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.APIResourceBuilder;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.KafkaBuilder;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListenerBuilder;
import io.strimzi.api.kafka.model.kafka.listener.KafkaListenerType;
import io.strimzi.api.kafka.model.kafka.listener.ListenerAddress;
import io.strimzi.api.kafka.model.kafka.listener.ListenerAddressBuilder;
import io.strimzi.api.kafka.model.kafka.listener.ListenerStatus;
import io.strimzi.api.kafka.model.kafka.listener.ListenerStatusBuilder;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePoolBuilder;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;

import io.supplychaos.env.KubernetesTarget;

/**
 * A fabric8 mock API server in CRUD mode that answers as an API server with the pinned operators
 * installed: it serves exactly the versions their CRDs (src/test/resources/crds) serve, 404 for any
 * other and for discovery of a group not installed; it refuses a custom resource its CRD's schema
 * refuses (422), and a change to a Chaos Mesh chaos's spec as Chaos Mesh's webhook does (403 "Cannot
 * update chaos spec"). It plays Chaos Mesh's controller: a created chaos gets the finalizer
 * {@value ChaosMesh#RECORDS_FINALIZER} and (unless {@link #holdInjection}) a status with
 * {@code AllInjected True} and an Apply event at {@link #APPLIED}; a deleted chaos stays, with its
 * deletion timestamp, until the controller "recovered" it: the first read after the delete shows it
 * terminating, the next finds it gone (unless {@link #holdFinalizers}). No other controller runs: a
 * test sets pod conditions and Deployment status itself, and recreates deleted pods when it plays the
 * StrimziPodSet. Every request is recorded ({@link #requests()}).
 */
final class MockCluster implements AutoCloseable {
    static final String NAMESPACE = "kafka";
    static final String CLUSTER = "c3";
    static final String POOL = "brokers";
    /** When the mock's Chaos Mesh says every chaos was applied. */
    static final Instant APPLIED = Instant.parse("2026-01-02T03:04:05Z");
    /** When the mock's Chaos Mesh says a deleted chaos's targets were recovered. */
    static final Instant RECOVERED = Instant.parse("2026-01-02T03:04:35Z");
    /** Every wait of the code under test ends within a second here. */
    static final KubernetesTimeouts SHORT = new KubernetesTimeouts(Duration.ofMillis(500), Duration.ofMillis(500),
            Duration.ofMillis(500), Duration.ofMillis(500), Duration.ofMillis(500), Duration.ofMillis(20), Duration.ofSeconds(5));

    final KubernetesMockServer server;
    final KubernetesClient client;
    final CrdSchemas crds;
    final ApiServer api;
    volatile boolean holdInjection;
    volatile boolean holdFinalizers;
    /** The account may not watch Chaos Mesh resources (RBAC without the watch verb): 403 to every watch of them. */
    volatile boolean refuseWatches;
    /**
     * The processes of each broker pod's kafka container, as the mock's kubelet runs them (pod name to
     * pid to process): tini as PID 1 and the broker's java, as Strimzi's image has them. Exec in a pod
     * reads and signals these ({@link #execs}).
     */
    final Map<String, Map<Integer, MockProcess>> processes = new ConcurrentHashMap<>();
    /** Every exec the server received: "POD: command args...", in order. */
    final List<String> execs = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The Kafka JVM's pid in every broker pod of the mock. */
    static final int KAFKA_PID = 7;
    static final String JAVA = "/usr/lib/jvm/java-21-openjdk/bin/java";

    /** A process of a mock container: its state as /proc/PID/stat says it ('S' sleeping, 'T' stopped) and its executable. */
    record MockProcess(char state, String exe) {
    }

    /** Strimzi's and Chaos Mesh's CRDs installed. */
    MockCluster() {
        this(CrdSchemas.all());
    }

    MockCluster(CrdSchemas crds) {
        this.crds = crds;
        List<CustomResourceDefinitionContext> contexts = new ArrayList<>();
        for (CrdSchemas.Version version : crds.versions()) {
            if (version.served()) {
                contexts.add(new CustomResourceDefinitionContext.Builder().withGroup(version.group()).withVersion(version.name())
                        .withKind(version.kind()).withPlural(version.plural()).withScope("Namespaced").build());
            }
        }
        api = new ApiServer(contexts);
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), api, false);
        server.init();
        client = server.createClient();
    }

    /** What the API server answers beyond CRUD: served versions, schemas, Chaos Mesh's webhook and controller. */
    final class ApiServer extends KubernetesCrudDispatcher {
        private final Map<String, Integer> readsSinceDelete = new ConcurrentHashMap<>();

        ApiServer(List<CustomResourceDefinitionContext> contexts) {
            super(contexts);
        }

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            String path = request.getPath().contains("?") ? request.getPath().substring(0, request.getPath().indexOf('?')) : request.getPath();
            String[] parts = path.split("/");
            // /api/v1/namespaces/{ns}/pods/{name}/exec
            if (parts.length == 8 && parts[1].equals("api") && parts[5].equals("pods") && parts[7].equals("exec")) {
                return exec(parts[6], request.getPath());
            }
            // /apis/{group}[/{version}[/namespaces/{ns}/{plural}[/{name}[/{sub}]]]]
            if (parts.length < 3 || !parts[1].equals("apis") || !isCustomGroup(parts[2])) {
                return super.dispatch(request);
            }
            String group = parts[2];
            if (!crds.knowsGroup(group)) {
                return status(404, "the server could not find the requested resource");
            }
            if (parts.length == 3) {
                return discoveryGroup(group);
            }
            String version = parts[3];
            if (parts.length == 4) {
                return discoveryVersion(group, version);
            }
            String plural = parts.length > 6 ? parts[6] : parts[parts.length - 1];
            Optional<CrdSchemas.Version> crd = crds.byPlural(group, version, plural).filter(CrdSchemas.Version::served);
            if (crd.isEmpty()) {
                return status(404, "the server could not find the requested resource");
            }
            if (refuseWatches && group.equals("chaos-mesh.org") && request.getMethod().equals("GET")
                    && request.getPath().contains("watch=true")) {
                return status(403, plural + ".chaos-mesh.org is forbidden: cannot watch resource \"" + plural + "\"");
            }
            boolean statusRequest = parts.length > 8 && parts[8].equals("status");
            String method = request.getMethod();
            if (method.equals("POST") || method.equals("PUT") || method.equals("PATCH")) {
                // reading the body consumes it: the request goes on with a copy
                String text = request.getUtf8Body();
                request = withBody(request, text);
            }
            if ((method.equals("POST") || method.equals("PUT")) && !statusRequest) {
                JsonNode body = Serialization.unmarshal(request.getUtf8Body(), JsonNode.class);
                request = withBody(request, Serialization.asJson(body));
                List<String> problems = crds.problems(body);
                if (!problems.isEmpty()) {
                    return status(422, String.join("; ", problems));
                }
                if (group.equals("chaos-mesh.org") && method.equals("PUT")) {
                    JsonNode stored = stored(path);
                    if (stored != null && !stored.path("spec").equals(body.path("spec"))) {
                        return status(403, "admission webhook \"v" + crd.get().kind().toLowerCase(Locale.ROOT)
                                + ".kb.io\" denied the request: Cannot update chaos spec");
                    }
                }
                if (group.equals("chaos-mesh.org") && method.equals("POST")) {
                    return super.dispatch(withBody(request, Serialization.asJson(asChaosMesh((ObjectNode) body))));
                }
            }
            if (group.equals("chaos-mesh.org") && method.equals("DELETE")) {
                readsSinceDelete.put(path, 0);
            }
            if (group.equals("chaos-mesh.org") && method.equals("GET") && readsSinceDelete.containsKey(path) && !holdFinalizers) {
                // Chaos Mesh recovers the targets, then lets it go: seen terminating once, then gone
                if (readsSinceDelete.merge(path, 1, Integer::sum) > 1) {
                    readsSinceDelete.remove(path);
                    recover(path, request);
                }
            }
            return super.dispatch(request);
        }

        /** Plays the kubelet's exec in a broker pod's container: the process listing and kill, on {@link #processes}. */
        private MockResponse exec(String pod, String pathAndQuery) {
            List<String> command = new ArrayList<>();
            String container = null;
            String query = pathAndQuery.contains("?") ? pathAndQuery.substring(pathAndQuery.indexOf('?') + 1) : "";
            for (String pair : query.split("&")) {
                String[] kv = pair.split("=", 2);
                String value = kv.length == 2 ? java.net.URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "";
                if (kv[0].equals("command")) {
                    command.add(value);
                } else if (kv[0].equals("container")) {
                    container = value;
                }
            }
            execs.add(pod + ": " + String.join(" ", command));
            Map<Integer, MockProcess> table = processes.get(pod);
            if (table == null || !KubernetesBackend.KAFKA_CONTAINER.equals(container)) {
                return status(404, "pod " + pod + " has no container " + container);
            }
            StringBuilder out = new StringBuilder();
            String err = "";
            int exit = 0;
            if (command.equals(List.of("sh", "-c", BrokerJvm.LIST))) {
                table.forEach((pid, process) -> out.append(pid).append(' ').append(process.state()).append(' ')
                        .append(process.exe()).append('\n'));
            } else if (command.size() == 3 && command.get(2).matches("kill -(STOP|CONT) [0-9]+")) {
                String[] words = command.get(2).split(" ");
                int pid = Integer.parseInt(words[2]);
                MockProcess process = table.get(pid);
                if (process == null) {
                    exit = 1;
                    err = "sh: kill: (" + pid + ") - No such process\n";
                } else {
                    table.put(pid, new MockProcess(words[1].equals("-STOP") ? 'T' : 'S', process.exe()));
                }
            } else {
                exit = 127;
                err = "sh: not a command the mock's container runs: " + command + "\n";
            }
            String stderr = err;
            Status ended = exit == 0 ? new StatusBuilder().withStatus("Success").build()
                    : new StatusBuilder().withStatus("Failure").withReason("NonZeroExitCode").withNewDetails()
                    .addNewCause().withReason("ExitCode").withMessage(Integer.toString(exit)).endCause().endDetails().build();
            return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
                @Override
                public void onOpen(WebSocket socket, io.fabric8.mockwebserver.http.Response response) {
                    if (!out.isEmpty()) {
                        socket.send(channel(1, out.toString()));
                    }
                    if (!stderr.isEmpty()) {
                        socket.send(channel(2, stderr));
                    }
                    socket.send(channel(3, Serialization.asJson(ended)));
                    socket.close(1000, "exec ended");
                }
            });
        }

        private static byte[] channel(int channel, String text) {
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            byte[] message = new byte[body.length + 1];
            message[0] = (byte) channel;
            System.arraycopy(body, 0, message, 1, body.length);
            return message;
        }

        /**
         * Chaos Mesh's controller on a deleted chaos, as its records, conditions and finalizers
         * controllers do it one after the other: every record recovered (a Recover event at
         * {@link #RECOVERED}, {@code AllRecovered True}), written as an update (watchers see it
         * MODIFIED), then the finalizer removed, which lets the API server delete it (watchers see it
         * DELETED, with that last state).
         */
        private void recover(String path, RecordedRequest request) {
            JsonNode stored = stored(path);
            if (stored == null) {
                return;
            }
            ObjectNode recovered = stored.deepCopy();
            recovered.set("status", Serialization.jsonMapper().valueToTree(recoveredStatus()));
            super.dispatch(new RecordedRequest(request.getHttpVersion(), io.fabric8.mockwebserver.dsl.HttpMethod.PUT, path,
                    request.getHeaders(), new Buffer().write(Serialization.asJson(recovered).getBytes(StandardCharsets.UTF_8))));
            ObjectNode released = stored(path) == null ? null : (ObjectNode) stored(path).deepCopy();
            if (released != null) {
                ((ObjectNode) released.path("metadata")).putArray("finalizers");
                super.dispatch(new RecordedRequest(request.getHttpVersion(), io.fabric8.mockwebserver.dsl.HttpMethod.PUT, path,
                        request.getHeaders(), new Buffer().write(Serialization.asJson(released).getBytes(StandardCharsets.UTF_8))));
            }
            if (stored(path) != null) {
                super.dispatch(new RecordedRequest(request.getHttpVersion(), io.fabric8.mockwebserver.dsl.HttpMethod.DELETE, path,
                        request.getHeaders(), new Buffer()));
            }
        }

        private boolean isCustomGroup(String group) {
            return group.endsWith("strimzi.io") || group.equals("chaos-mesh.org");
        }

        private JsonNode stored(String path) {
            Map.Entry<AttributeSet, String> entry = findResource(getKey(path));
            return entry == null ? null : Serialization.unmarshal(entry.getValue(), JsonNode.class);
        }

        /** Chaos Mesh's controller on a new chaos: its finalizer, and unless held, every target injected. */
        private ObjectNode asChaosMesh(ObjectNode chaos) {
            ((ObjectNode) chaos.path("metadata")).putArray("finalizers").add(ChaosMesh.RECORDS_FINALIZER);
            if (!holdInjection) {
                chaos.set("status", Serialization.jsonMapper().valueToTree(injectedStatus()));
            }
            return chaos;
        }

        private MockResponse discoveryGroup(String group) {
            List<String> served = crds.versions().stream().filter(v -> v.group().equals(group) && v.served()).map(CrdSchemas.Version::name)
                    .distinct().toList();
            APIGroup apiGroup = new APIGroupBuilder().withName(group).withVersions(served.stream()
                    .map(v -> new GroupVersionForDiscovery(group + "/" + v, v)).toList()).build();
            return new MockResponse().setResponseCode(200).setBody(Serialization.asJson(apiGroup));
        }

        private MockResponse discoveryVersion(String group, String version) {
            List<CrdSchemas.Version> served = crds.versions().stream()
                    .filter(v -> v.group().equals(group) && v.name().equals(version) && v.served()).toList();
            if (served.isEmpty()) {
                return status(404, "the server could not find the requested resource");
            }
            APIResourceList list = new APIResourceListBuilder().withGroupVersion(group + "/" + version).withResources(served.stream()
                    .map(v -> new APIResourceBuilder().withName(v.plural()).withKind(v.kind()).withNamespaced(true).build()).toList()).build();
            return new MockResponse().setResponseCode(200).setBody(Serialization.asJson(list));
        }
    }

    /** What Chaos Mesh's status says once every target is injected (conditions and an Apply event at {@link #APPLIED}). */
    static Map<String, Object> injectedStatus() {
        return Map.of("conditions", List.of(
                        Map.of("type", "Selected", "status", "True"),
                        Map.of("type", "AllInjected", "status", "True"),
                        Map.of("type", "AllRecovered", "status", "False")),
                "experiment", Map.of("desiredPhase", "Run", "containerRecords", List.of(Map.of("id", NAMESPACE + "/pod",
                        "selectorKey", ".", "phase", "Injected", "injectedCount", 1, "recoveredCount", 0,
                        "events", List.of(Map.of("type", "Succeeded", "operation", "Apply", "timestamp", APPLIED.toString()))))));
    }

    /** What Chaos Mesh's status says once a deleted chaos's every target is recovered: the Apply, then a Recover event at {@link #RECOVERED}. */
    static Map<String, Object> recoveredStatus() {
        return Map.of("conditions", List.of(
                        Map.of("type", "Selected", "status", "True"),
                        Map.of("type", "AllInjected", "status", "False"),
                        Map.of("type", "AllRecovered", "status", "True")),
                "experiment", Map.of("desiredPhase", "Stop", "containerRecords", List.of(Map.of("id", NAMESPACE + "/pod",
                        "selectorKey", ".", "phase", "Not Injected", "injectedCount", 1, "recoveredCount", 1,
                        "events", List.of(Map.of("type", "Succeeded", "operation", "Apply", "timestamp", APPLIED.toString()),
                                Map.of("type", "Succeeded", "operation", "Recover", "timestamp", RECOVERED.toString()))))));
    }

    private static RecordedRequest withBody(RecordedRequest request, String body) {
        return new RecordedRequest(request.getHttpVersion(), request.method(), request.getPath(), request.getHeaders(),
                new Buffer().write(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static MockResponse status(int code, String message) {
        Status status = new StatusBuilder().withStatus("Failure").withCode(code).withMessage(message)
                .withReason(code == 404 ? "NotFound" : code == 403 ? "Forbidden" : "Invalid").build();
        return new MockResponse().setResponseCode(code).setBody(Serialization.asJson(status));
    }

    /** Plays Chaos Mesh's controller after {@link #holdInjection}: every chaos of that kind injected now. */
    void injectHeld(Class<? extends CustomResource<?, ?>> kind) {
        for (HasMetadata chaos : client.resources(kind).inNamespace(NAMESPACE).list().getItems()) {
            GenericKubernetesResource generic = client.genericKubernetesResources(HasMetadata.getApiVersion(kind), HasMetadata.getKind(kind))
                    .inNamespace(NAMESPACE).withName(chaos.getMetadata().getName()).get();
            generic.setAdditionalProperty("status", injectedStatus());
            client.genericKubernetesResources(HasMetadata.getApiVersion(kind), HasMetadata.getKind(kind)).inNamespace(NAMESPACE)
                    .resource(generic).updateStatus();
        }
    }

    static KubernetesTarget target(KubernetesTarget.Apps apps) {
        return new KubernetesTarget(NAMESPACE, CLUSTER, null, null, apps, "supply-chaos");
    }

    static String brokerPodName(int id) {
        return CLUSTER + "-" + POOL + "-" + id;
    }

    /** A broker pod of the broker-only pool, as Strimzi labels it. */
    Pod brokerPod(int id, boolean ready) {
        return brokerPod(id, ready, false);
    }

    /** A broker pod, also a KRaft controller when {@code controller} (a dual-role pool's pod). */
    Pod brokerPod(int id, boolean ready, boolean controller) {
        // what Strimzi's image runs in the kafka container: tini, and the broker's JVM as its child
        Map<Integer, MockProcess> table = new java.util.TreeMap<>();
        table.put(1, new MockProcess('S', "/usr/bin/tini"));
        table.put(KAFKA_PID, new MockProcess('S', JAVA));
        processes.put(brokerPodName(id), java.util.Collections.synchronizedMap(table));
        return createPod(new PodBuilder().withNewMetadata().withName(brokerPodName(id)).withNamespace(NAMESPACE)
                .addToLabels(KubernetesCluster.CLUSTER_LABEL, CLUSTER).addToLabels(KubernetesCluster.BROKER_ROLE_LABEL, "true")
                .addToLabels(KubernetesCluster.CONTROLLER_ROLE_LABEL, Boolean.toString(controller))
                .addToLabels("strimzi.io/pool-name", POOL).endMetadata()
                .withNewSpec().addNewContainer().withName(KubernetesBackend.KAFKA_CONTAINER)
                .withImage("quay.io/strimzi/kafka:0.51.0-kafka-4.1.1").withCommand("/opt/kafka/kafka_run.sh").endContainer().endSpec()
                .build(), ready);
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

    /** The Kafka resource ({@code kafka.strimzi.io/v1}, Strimzi's model) with a status listing {@code listeners} as name, bootstrapServers pairs. */
    void kafka(String... listeners) {
        List<ListenerStatus> status = new ArrayList<>();
        for (int i = 0; i < listeners.length; i += 2) {
            // Strimzi's status lists a listener's addresses; its bootstrapServers are made of them
            List<ListenerAddress> addresses = Arrays.stream(listeners[i + 1].split(",")).map(server -> new ListenerAddressBuilder()
                    .withHost(server.substring(0, server.lastIndexOf(':')))
                    .withPort(Integer.parseInt(server.substring(server.lastIndexOf(':') + 1))).build()).toList();
            status.add(new ListenerStatusBuilder().withName(listeners[i]).withAddresses(addresses).build());
        }
        Kafka kafka = new KafkaBuilder().withNewMetadata().withName(CLUSTER).withNamespace(NAMESPACE).endMetadata()
                .withNewSpec().withNewKafka().withVersion("4.1.1").withListeners(new GenericKafkaListenerBuilder().withName("plain")
                        .withPort(9092).withType(KafkaListenerType.INTERNAL).withTls(false).build()).endKafka().endSpec()
                .withNewStatus().withListeners(listeners.length == 0 ? null : status).endStatus().build();
        create(KubernetesCluster.KAFKA, kafka);
    }

    void nodePool(List<ProcessRoles> roles, List<Integer> nodeIds) {
        nodePool(POOL, roles, nodeIds);
    }

    void nodePool(String name, List<ProcessRoles> roles, List<Integer> nodeIds) {
        KafkaNodePool pool = new KafkaNodePoolBuilder().withNewMetadata().withName(name).withNamespace(NAMESPACE)
                .addToLabels(KubernetesCluster.CLUSTER_LABEL, CLUSTER).endMetadata()
                .withNewSpec().withReplicas(nodeIds.size()).withRoles(roles)
                .withNewPersistentClaimStorage().withSize("2Gi").endPersistentClaimStorage().endSpec()
                .withNewStatus().withNodeIds(nodeIds).endStatus().build();
        create(KubernetesCluster.KAFKA_NODE_POOL, pool);
    }

    /** Creates a Strimzi resource at v1 through the schema-checking API (so the fixtures are ones Strimzi 0.51.0 takes). */
    private void create(ResourceDefinitionContext context, HasMetadata resource) {
        GenericKubernetesResource generic = Serialization.jsonMapper().convertValue(resource, GenericKubernetesResource.class);
        generic.setApiVersion(context.getGroup() + "/" + context.getVersion());
        client.genericKubernetesResources(context).inNamespace(NAMESPACE).resource(generic).create();
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

    <T extends HasMetadata> List<T> list(Class<T> kind) {
        return client.resources(kind).inNamespace(NAMESPACE).list().getItems();
    }

    <T extends HasMetadata> T get(Class<T> kind, String name) {
        return client.resources(kind).inNamespace(NAMESPACE).withName(name).get();
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

    /** "METHOD path" of every request since the last {@link #requests()} that changed something (no reads). */
    List<String> writes() throws InterruptedException {
        return requests().stream().filter(r -> !r.getMethod().equals("GET"))
                .map(r -> r.getMethod() + " " + (r.getPath().contains("?") ? r.getPath().substring(0, r.getPath().indexOf('?')) : r.getPath()))
                .toList();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
