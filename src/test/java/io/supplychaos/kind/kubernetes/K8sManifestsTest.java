package io.supplychaos.kind.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.strimzi.api.kafka.model.kafka.Kafka;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifests under {@code k8s/} load as Kubernetes resources and agree with each other and with
 * the env files: a Kafka and its node pool per env/cN.yaml with its brokers, ids 1..N and broker
 * settings; the metrics ConfigMap they name, with the metrics a run reads; the app's bootstrap
 * naming an existing Kafka's plain listener; Chaos Mesh examples selecting pods Strimzi creates.
 * The checks collect problems, so a test can also prove they find one.
 */
class K8sManifestsTest {
    private static final Path K8S = Path.of("k8s");
    private static final Path ENV = Path.of("env");
    private static final List<String> CONFIGS = List.of("c1", "c2", "c3");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** The JMX names the exporter rules must publish: throughput, replication health, request time. */
    private static final List<String> METRICS = List.of("MessagesInPerSec", "BytesInPerSec", "BytesOutPerSec",
            "UnderReplicatedPartitions", "IsrShrinksPerSec", "TotalTimeMs");

    /** The brokers' Kafka version everywhere else (env/brokers/pom.xml). */
    private static final String KAFKA_VERSION = "4.1.1";
    /** The Kafka versions the pinned Strimzi release supports, from its kafka-versions.yaml (src/test/resources/crds). */
    private static final List<String> STRIMZI_KAFKA_VERSIONS = supportedKafkaVersions();

    @TempDir
    Path dir;

    private static List<String> supportedKafkaVersions() {
        try (var in = K8sManifestsTest.class.getClassLoader().getResourceAsStream("crds/strimzi/kafka-versions.yaml")) {
            List<String> versions = new ArrayList<>();
            YAML.readTree(in).forEach(v -> {
                if (v.path("supported").asBoolean()) {
                    versions.add(v.path("version").asText());
                }
            });
            return versions;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void shouldPinAStrimziReleaseThatSupportsTheBrokersKafkaVersion() throws IOException {
        // the brokers' Kafka version elsewhere is the one env/brokers/pom.xml pins, and the pinned Strimzi supports it
        assertThat(Files.readString(Path.of("env/brokers/pom.xml"))).contains("<kafka.version>" + KAFKA_VERSION + "</kafka.version>");
        assertThat(STRIMZI_KAFKA_VERSIONS).contains(KAFKA_VERSION);
        // the model's own declaration agrees with the kept CRD: v1 is served
        assertThat(Kafka.VERSIONS).contains("v1");
        assertThat(CrdSchemas.all().served("kafka.strimzi.io", "Kafka")).contains("v1");
        assertThat(CrdSchemas.all().served("kafka.strimzi.io", "KafkaNodePool")).contains("v1");
    }

    @Test
    void shouldFindNoProblemInTheShippedManifests() {
        List<JsonNode> documents = load(K8S);

        assertThat(documents).hasSizeGreaterThanOrEqualTo(10);
        assertThat(problems(documents, ENV)).isEmpty();
    }

    @Test
    void shouldFailWhenAManifestUsesAVersionOrFieldThePinnedReleasesDoNotServe() throws IOException {
        // given c3 at v1beta3 (served by no release), c2 with spec.kafka.resources (v1beta2 had it, v1 dropped it),
        // c1 at v1beta2 (served by 0.51.0, by no release from 1.0 on) and the delay example with a latency its CRD's pattern refuses
        Path copy = copyOfK8s();
        Path c3 = copy.resolve("strimzi/c3.yaml");
        Files.writeString(c3, Files.readString(c3).replace("apiVersion: kafka.strimzi.io/v1\nkind: Kafka\n",
                "apiVersion: kafka.strimzi.io/v1beta3\nkind: Kafka\n"));
        Path c2 = copy.resolve("strimzi/c2.yaml");
        Files.writeString(c2, Files.readString(c2).replace("    version: 4.1.1\n", "    version: 4.1.1\n    resources: {requests: {cpu: 1}}\n"));
        Path c1 = copy.resolve("strimzi/c1.yaml");
        Files.writeString(c1, Files.readString(c1).replace("apiVersion: kafka.strimzi.io/v1\nkind: Kafka\n",
                "apiVersion: kafka.strimzi.io/v1beta2\nkind: Kafka\n"));
        Path delay = copy.resolve("chaos-mesh/network-delay-broker-2.yaml");
        Files.writeString(delay, Files.readString(delay).replace("latency: 100ms", "latency: 1_000ms"));

        // when
        List<String> problems = problems(load(copy), ENV);

        // then
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("Kafka c3", "kafka.strimzi.io/v1beta3 is not served", "[v1, v1beta2]"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("Kafka c2 (kafka.strimzi.io/v1)", "resources"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("kafka.strimzi.io/v1beta2 c1", "use kafka.strimzi.io/v1"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("NetworkChaos example-delay-broker-2", "latency"));
    }

    @Test
    void shouldFailWhenTheKafkaSetsProbesOtherThanStrimzisDefaultsThatPauseBrokersStatedWindowAssumes() throws IOException {
        // given c3 with a readiness probe of its own
        Path copy = copyOfK8s();
        Path c3 = copy.resolve("strimzi/c3.yaml");
        Files.writeString(c3, Files.readString(c3).replace("    version: 4.1.1\n",
                "    version: 4.1.1\n    readinessProbe: {periodSeconds: 60, failureThreshold: 10}\n"));

        // when / then
        assertThat(problems(load(copy), ENV)).anySatisfy(p -> assertThat(p).contains("Kafka c3", "readiness probe", "NotReady"));
    }

    @Test
    void shouldFailWhenANodePoolHasTheWrongReplicaCount() throws IOException {
        // given c3's node pool with 2 replicas where env/c3.yaml has 3 brokers
        Path copy = copyOfK8s();
        Path c3 = copy.resolve("strimzi/c3.yaml");
        Files.writeString(c3, Files.readString(c3).replace("replicas: 3", "replicas: 2"));

        // when / then
        assertThat(problems(load(copy), ENV)).anySatisfy(p -> assertThat(p).contains("c3", "replicas 2", "brokers 3"));
    }

    @Test
    void shouldFailWhenBrokerSettingsDriftFromTheEnvFile() throws IOException {
        // given c2's min ISR and c1's node ids changed
        Path copy = copyOfK8s();
        Path c2 = copy.resolve("strimzi/c2.yaml");
        Files.writeString(c2, Files.readString(c2).replace("transaction.state.log.min.isr: 1", "transaction.state.log.min.isr: 2"));
        Path c1 = copy.resolve("strimzi/c1.yaml");
        Files.writeString(c1, Files.readString(c1).replace("\"[1-1]\"", "\"[0-0]\""));

        // when
        List<String> problems = problems(load(copy), ENV);

        // then
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("Kafka c2", "transaction.state.log.min.isr", "2", "1"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("c1-brokers", "next-node-ids"));
    }

    @Test
    void shouldFailWhenTheAppBootstrapOrAChaosExampleNamesNothingThatExists() throws IOException {
        // given the app pointing at a cluster that is not there, and a chaos example on a pod Strimzi never creates
        Path copy = copyOfK8s();
        Path app = copy.resolve("app/supply-chaos.yaml");
        Files.writeString(app, Files.readString(app).replace("value: c3-kafka-bootstrap:9092", "value: c4-kafka-bootstrap:9092"));
        Path delay = copy.resolve("chaos-mesh/network-delay-broker-2.yaml");
        Files.writeString(delay, Files.readString(delay).replace("kafka: [c3-c3-brokers-2]", "kafka: [c3-c3-brokers-0]"));

        // when
        List<String> problems = problems(load(copy), ENV);

        // then
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("KAFKA_BOOTSTRAP_SERVERS", "c4-kafka-bootstrap:9092"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("example-delay-broker-2", "c3-c3-brokers-0"));
    }

    private Path copyOfK8s() throws IOException {
        Path copy = dir.resolve("k8s");
        try (Stream<Path> files = Files.walk(K8S)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(K8S.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return copy;
    }

    // ---- loading ----

    /** Every YAML document under {@code root}, loaded by fabric8 (typed where it knows the kind), as a tree. */
    static List<JsonNode> load(Path root) {
        List<JsonNode> documents = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")).sorted().toList()) {
                Object loaded = Serialization.unmarshal(Files.readString(file));
                List<?> items = loaded instanceof List<?> list ? list : List.of(loaded);
                for (Object item : items) {
                    assertThat(item).as(file + ": a Kubernetes resource").isInstanceOf(HasMetadata.class);
                    ObjectNode tree = Serialization.jsonMapper().valueToTree(item);
                    tree.put("__file", file.toString());
                    documents.add(tree);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // typed where fabric8 has a model: the app's Deployment and the metrics ConfigMap are real ones
        assertThat(documents).filteredOn(d -> d.path("kind").asText().equals("Deployment")).allSatisfy(d ->
                assertThat(Serialization.jsonMapper().convertValue(((ObjectNode) d.deepCopy()).without("__file"), Deployment.class).getSpec()).isNotNull());
        assertThat(documents).filteredOn(d -> d.path("kind").asText().equals("ConfigMap")).allSatisfy(d ->
                assertThat(Serialization.jsonMapper().convertValue(((ObjectNode) d.deepCopy()).without("__file"), ConfigMap.class).getData()).isNotEmpty());
        return documents;
    }

    // ---- the checks ----

    static List<String> problems(List<JsonNode> documents, Path envDir) {
        List<String> problems = new ArrayList<>();
        for (JsonNode doc : documents) {
            for (String field : List.of("apiVersion", "kind")) {
                if (doc.path(field).asText().isBlank()) {
                    problems.add(doc.path("__file").asText() + ": no " + field);
                }
            }
            if (doc.path("metadata").path("name").asText().isBlank()) {
                problems.add(doc.path("__file").asText() + ": no metadata.name");
            }
        }
        // what the pinned releases' API servers take: served versions and the CRDs' schemas
        for (JsonNode doc : documents) {
            for (String problem : CrdSchemas.all().problems(doc)) {
                problems.add(doc.path("__file").asText() + ": " + problem);
            }
            if (doc.path("apiVersion").asText().startsWith("kafka.strimzi.io/") && !doc.path("apiVersion").asText().equals("kafka.strimzi.io/v1")) {
                problems.add(doc.path("__file").asText() + ": " + doc.path("apiVersion").asText() + " " + name(doc)
                        + ": use kafka.strimzi.io/v1 (Strimzi 1.0 and later serve nothing else)");
            }
        }
        Map<String, List<String>> pods = new LinkedHashMap<>();
        Map<String, Map<String, String>> podLabels = new LinkedHashMap<>();
        for (String config : CONFIGS) {
            checkCluster(config, documents, envDir, problems, pods, podLabels);
        }
        checkApp(documents, problems);
        checkChaosExamples(documents, problems, pods, podLabels);
        return problems;
    }

    private static List<JsonNode> ofKind(List<JsonNode> documents, String kind) {
        return documents.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
    }

    private static String name(JsonNode doc) {
        return doc.path("metadata").path("name").asText();
    }

    private static void checkCluster(String config, List<JsonNode> documents, Path envDir, List<String> problems,
                                     Map<String, List<String>> pods, Map<String, Map<String, String>> podLabels) {
        JsonNode env;
        try {
            env = YAML.readTree(envDir.resolve(config + ".yaml").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int brokers = env.path("brokers").asInt();
        int rf = env.path("replicationFactor").asInt();
        int minIsr = env.path("minInsyncReplicas").asInt(1);
        JsonNode kafka = ofKind(documents, "Kafka").stream().filter(d -> name(d).equals(config)).findFirst().orElse(null);
        if (kafka == null) {
            problems.add("no Kafka " + config + " for env/" + config + ".yaml");
            return;
        }
        // the Kafka version the brokers run everywhere else, which the pinned Strimzi release must support
        String version = kafka.path("spec").path("kafka").path("version").asText();
        if (!version.equals(KAFKA_VERSION) || !STRIMZI_KAFKA_VERSIONS.contains(version)) {
            problems.add("Kafka " + config + ": version " + version + ", the brokers elsewhere run " + KAFKA_VERSION
                    + " and Strimzi " + KubernetesCluster.STRIMZI_RELEASE + " supports " + STRIMZI_KAFKA_VERSIONS);
        }
        // pause-broker states when a frozen broker's pod turns NotReady from Strimzi's default probes (PauseBroker)
        if (kafka.path("spec").path("kafka").has("livenessProbe") || kafka.path("spec").path("kafka").has("readinessProbe")) {
            problems.add("Kafka " + config + ": spec.kafka sets a liveness or readiness probe, where pause-broker's stated"
                    + " NotReady window (25 to 35 s) is Strimzi's default probes'");
        }
        // the broker settings env/cN.yaml makes the embedded brokers run with (BrokerProperties)
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("num.partitions", env.path("partitions").asText());
        expected.put("default.replication.factor", Integer.toString(rf));
        expected.put("min.insync.replicas", Integer.toString(minIsr));
        expected.put("offsets.topic.replication.factor", Integer.toString(rf));
        expected.put("transaction.state.log.replication.factor", Integer.toString(rf));
        expected.put("transaction.state.log.min.isr", Integer.toString(minIsr));
        for (Iterator<Map.Entry<String, JsonNode>> it = env.path("brokerConfig").path("all").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            expected.put(entry.getKey(), entry.getValue().asText());
        }
        JsonNode config0 = kafka.path("spec").path("kafka").path("config");
        expected.forEach((key, value) -> {
            if (!config0.path(key).asText().equals(value)) {
                problems.add("Kafka " + config + ": " + key + " is " + config0.path(key).asText("(unset)") + ", env/" + config
                        + ".yaml says " + value);
            }
        });
        checkListeners(config, kafka, problems);
        checkMetrics(config, kafka, documents, problems);

        List<JsonNode> pools = ofKind(documents, "KafkaNodePool").stream()
                .filter(p -> p.path("metadata").path("labels").path("strimzi.io/cluster").asText().equals(config)).toList();
        int replicas = 0;
        int controllers = 0;
        List<String> names = new ArrayList<>();
        for (JsonNode pool : pools) {
            List<String> roles = new ArrayList<>();
            pool.path("spec").path("roles").forEach(r -> roles.add(r.asText()));
            if (roles.size() != 1) {
                problems.add("KafkaNodePool " + name(pool) + ": roles must be [broker] or [controller] (a replication fault between"
                        + " dual-role pods would cut the controller quorum too), got " + roles);
            }
            int poolReplicas = pool.path("spec").path("replicas").asInt();
            String ids = pool.path("metadata").path("annotations").path("strimzi.io/next-node-ids").asText();
            if (roles.contains("controller")) {
                controllers += poolReplicas;
                continue;
            }
            replicas += poolReplicas;
            if (!ids.equals("[1-" + brokers + "]")) {
                problems.add("KafkaNodePool " + name(pool) + ": strimzi.io/next-node-ids must be \"[1-" + brokers + "]\" (broker ids 1.."
                        + brokers + " as in env/" + config + ".yaml), got \"" + ids + "\"");
            }
            for (int id = 1; id <= poolReplicas; id++) {
                // Strimzi's pod name for a node pool's node
                String pod = config + "-" + name(pool) + "-" + id;
                names.add(pod);
                podLabels.put(pod, Map.of("strimzi.io/cluster", config, "strimzi.io/kind", "Kafka",
                        "strimzi.io/name", config + "-kafka", "strimzi.io/pool-name", name(pool),
                        "strimzi.io/broker-role", "true", "strimzi.io/controller-role", "false",
                        "strimzi.io/component-type", "kafka", "app.kubernetes.io/name", "kafka",
                        "app.kubernetes.io/instance", config));
            }
        }
        if (controllers != brokers) {
            problems.add("node pools of " + config + ": " + controllers + " controllers, env/" + config + ".yaml's brokers are "
                    + brokers + " voters");
        }
        if (pools.isEmpty()) {
            problems.add("no KafkaNodePool labelled strimzi.io/cluster=" + config);
        } else if (replicas != brokers) {
            problems.add("node pools of " + config + ": replicas " + replicas + ", env/" + config + ".yaml: brokers " + brokers);
        }
        pods.put(config, names);
    }

    private static void checkListeners(String config, JsonNode kafka, List<String> problems) {
        Map<String, JsonNode> listeners = new LinkedHashMap<>();
        kafka.path("spec").path("kafka").path("listeners").forEach(l -> listeners.put(l.path("name").asText(), l));
        JsonNode plain = listeners.get("plain");
        if (plain == null || plain.path("port").asInt() != 9092 || !plain.path("type").asText().equals("internal")) {
            problems.add("Kafka " + config + ": needs listener plain, port 9092, type internal");
        }
        JsonNode external = listeners.get("external");
        if (external == null || !external.path("type").asText().equals("nodeport")) {
            problems.add("Kafka " + config + ": needs listener external of type nodeport");
        }
    }

    private static void checkMetrics(String config, JsonNode kafka, List<JsonNode> documents, List<String> problems) {
        JsonNode metrics = kafka.path("spec").path("kafka").path("metricsConfig");
        JsonNode ref = metrics.path("valueFrom").path("configMapKeyRef");
        if (!metrics.path("type").asText().equals("jmxPrometheusExporter")) {
            problems.add("Kafka " + config + ": metricsConfig must be the jmxPrometheusExporter");
            return;
        }
        String rules = ofKind(documents, "ConfigMap").stream().filter(c -> name(c).equals(ref.path("name").asText()))
                .map(c -> c.path("data").path(ref.path("key").asText()).asText()).findFirst().orElse("");
        if (rules.isBlank()) {
            problems.add("Kafka " + config + ": metricsConfig names ConfigMap " + ref.path("name").asText() + " key "
                    + ref.path("key").asText() + ", which is not under k8s/");
            return;
        }
        try {
            JsonNode parsed = YAML.readTree(rules);
            List<String> patterns = new ArrayList<>();
            parsed.path("rules").forEach(rule -> patterns.add(rule.path("pattern").asText()));
            for (String metric : METRICS) {
                if (patterns.stream().noneMatch(p -> p.contains(metric))) {
                    problems.add("ConfigMap " + ref.path("name").asText() + ": no exporter rule for " + metric);
                }
            }
        } catch (IOException e) {
            problems.add("ConfigMap " + ref.path("name").asText() + ": its rules are not YAML: " + e.getMessage());
        }
    }

    private static void checkApp(List<JsonNode> documents, List<String> problems) {
        List<JsonNode> deployments = ofKind(documents, "Deployment");
        if (deployments.isEmpty()) {
            problems.add("no app Deployment under k8s/");
        }
        for (JsonNode deployment : deployments) {
            String bootstrap = null;
            for (JsonNode container : deployment.path("spec").path("template").path("spec").path("containers")) {
                for (JsonNode env : container.path("env")) {
                    if (env.path("name").asText().equals("KAFKA_BOOTSTRAP_SERVERS")) {
                        bootstrap = env.path("value").asText();
                    }
                }
            }
            // Strimzi's bootstrap service: <cluster>-kafka-bootstrap, on a plain internal listener's port
            String value = bootstrap;
            boolean known = value != null && ofKind(documents, "Kafka").stream().anyMatch(kafka ->
                    plainPorts(kafka).stream().anyMatch(port -> value.equals(name(kafka) + "-kafka-bootstrap:" + port)));
            if (!known) {
                problems.add("Deployment " + name(deployment) + ": KAFKA_BOOTSTRAP_SERVERS " + bootstrap
                        + " is no Kafka's bootstrap service on a plain internal listener");
            }
            JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
            boolean served = ofKind(documents, "Service").stream().anyMatch(s -> {
                JsonNode selector = s.path("spec").path("selector");
                for (Iterator<Map.Entry<String, JsonNode>> it = selector.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!labels.path(e.getKey()).asText().equals(e.getValue().asText())) {
                        return false;
                    }
                }
                return selector.size() > 0;
            });
            if (!served) {
                problems.add("Deployment " + name(deployment) + ": no Service selects its pods");
            }
        }
    }

    private static List<Integer> plainPorts(JsonNode kafka) {
        List<Integer> ports = new ArrayList<>();
        kafka.path("spec").path("kafka").path("listeners").forEach(l -> {
            if (l.path("type").asText().equals("internal") && !l.path("tls").asBoolean(false)) {
                ports.add(l.path("port").asInt());
            }
        });
        return ports;
    }

    private static void checkChaosExamples(List<JsonNode> documents, List<String> problems, Map<String, List<String>> pods,
                                           Map<String, Map<String, String>> podLabels) {
        List<JsonNode> examples = documents.stream().filter(d -> d.path("apiVersion").asText().startsWith("chaos-mesh.org/")).toList();
        for (String kind : List.of("NetworkChaos", "PodChaos")) {
            if (examples.stream().noneMatch(e -> e.path("kind").asText().equals(kind))) {
                problems.add("no " + kind + " example under k8s/");
            }
        }
        for (JsonNode example : examples) {
            checkSelector(name(example), "selector", example.path("spec").path("selector"), problems, podLabels);
            if (example.path("spec").has("target")) {
                checkSelector(name(example), "target", example.path("spec").path("target").path("selector"), problems, podLabels);
            }
        }
    }

    /** A Chaos Mesh selector must select at least one pod Strimzi creates, by the labels and names Strimzi gives it. */
    private static void checkSelector(String example, String where, JsonNode selector, List<String> problems,
                                      Map<String, Map<String, String>> podLabels) {
        List<String> names = new ArrayList<>();
        selector.path("pods").forEach(list -> list.forEach(n -> names.add(n.asText())));
        for (String pod : names) {
            if (!podLabels.containsKey(pod)) {
                problems.add(example + " " + where + ": pod " + pod + " is none Strimzi creates for k8s/ (pods: " + podLabels.keySet() + ")");
            }
        }
        JsonNode labels = selector.path("labelSelectors");
        List<String> matched = podLabels.entrySet().stream().filter(pod -> {
            for (Iterator<Map.Entry<String, JsonNode>> it = labels.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> label = it.next();
                if (!label.getValue().asText().equals(pod.getValue().get(label.getKey()))) {
                    return false;
                }
            }
            return names.isEmpty() || names.contains(pod.getKey());
        }).map(Map.Entry::getKey).toList();
        if (labels.size() == 0 && names.isEmpty()) {
            problems.add(example + " " + where + ": selects by neither labels nor pod names");
        } else if (matched.isEmpty()) {
            problems.add(example + " " + where + ": labels " + labels + " select no pod Strimzi creates");
        }
    }
}
