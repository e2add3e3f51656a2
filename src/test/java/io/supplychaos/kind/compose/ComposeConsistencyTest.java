package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.Network;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.kind.embedded.BrokerProperties;
import io.supplychaos.topology.Topics;
import io.supplychaos.toxiproxy.ToxiproxyBinary;

/**
 * The compose files are what users run with Docker; this keeps each honest against its embedded twin:
 * docker-compose.c1.yml, docker-compose.c2.yml and docker-compose.yml have the brokers, listeners,
 * advertised proxy addresses, proxies and broker settings of env/c1.yaml, env/c2.yaml and
 * env/c3.yaml and the embedded port plan, and their env files (compose-cN, compose-cN-local) the
 * same layout. The files are read as Compose reads them: anchors and merge keys resolved.
 */
class ComposeConsistencyTest {
    private static final ChaosPaths PATHS = ChaosPaths.defaults();

    /** One cluster size: its embedded env, its compose file, the Toxiproxy config that file mounts, its local-images override. */
    record Size(String embeddedEnv, String composeFile, String toxiproxyJson, String localImages) {
        EnvSpec embedded() {
            return EnvSpecReader.read(EnvFiles.resolve(PATHS, embeddedEnv));
        }

        PortPlan plan() {
            return new PortPlan(PortPlan.DEFAULT_BASE_PORT, embedded().brokers());
        }

        JsonNode services() {
            return ComposeYaml.read(PATHS.home().resolve(composeFile)).path("services");
        }

        Map<String, JsonNode> proxiesByName() {
            Map<String, JsonNode> byName = new LinkedHashMap<>();
            try {
                new ObjectMapper().readTree(PATHS.home().resolve(toxiproxyJson).toFile())
                        .forEach(p -> byName.put(p.path("name").asText(), p));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return byName;
        }

        List<JsonNode> brokers() {
            List<JsonNode> brokers = new ArrayList<>();
            services().forEach(s -> {
                if (s.path("environment").has("KAFKA_NODE_ID")) {
                    brokers.add(s);
                }
            });
            return brokers;
        }

        @Override
        public String toString() {
            return composeFile;
        }
    }

    static Stream<Size> sizes() {
        return Stream.of(new Size("c1", "docker-compose.c1.yml", "docker/toxiproxy-c1.json", "docker/local-images-c1.yml"),
                new Size("c2", "docker-compose.c2.yml", "docker/toxiproxy-c2.json", "docker/local-images-c2.yml"),
                new Size("c3", "docker-compose.yml", "docker/toxiproxy.json", "docker/local-images.yml"));
    }

    private static String env(JsonNode service, String key) {
        return service.path("environment").path(key).asText();
    }

    private static String voters(int brokers) {
        List<String> voters = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            voters.add(id + "@kafka-" + id + ":9094");
        }
        return String.join(",", voters);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void brokersAreTheEmbeddedEnvsAtTheAppsKafkaVersion(Size size) {
        EnvSpec spec = size.embedded();
        assertThat(size.brokers()).hasSize(spec.brokers()).allSatisfy(b -> {
            assertThat(b.path("image").asText()).isEqualTo("apache/kafka:" + AppInfoParser.getVersion());
            assertThat(env(b, "KAFKA_PROCESS_ROLES")).isEqualTo("broker,controller");
            assertThat(env(b, "KAFKA_NUM_PARTITIONS")).isEqualTo(Integer.toString(spec.partitions()));
            assertThat(env(b, "KAFKA_DEFAULT_REPLICATION_FACTOR")).isEqualTo(Integer.toString(spec.replicationFactor()));
            assertThat(env(b, "KAFKA_MIN_INSYNC_REPLICAS")).isEqualTo(Integer.toString(spec.minInsyncReplicas()));
            assertThat(env(b, "KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR")).isEqualTo(Integer.toString(spec.replicationFactor()));
            assertThat(env(b, "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR")).isEqualTo(Integer.toString(spec.replicationFactor()));
            assertThat(env(b, "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR")).isEqualTo(Integer.toString(spec.minInsyncReplicas()));
            assertThat(env(b, "KAFKA_INTER_BROKER_LISTENER_NAME")).isEqualTo("REPLICATION");
            assertThat(env(b, "KAFKA_CONTROLLER_QUORUM_VOTERS")).isEqualTo(voters(spec.brokers()));
        });
        List<String> ids = new ArrayList<>();
        for (int id = 1; id <= spec.brokers(); id++) {
            ids.add(Integer.toString(id));
        }
        assertThat(size.brokers()).extracting(b -> env(b, "KAFKA_NODE_ID")).containsExactlyInAnyOrderElementsOf(ids);
    }

    /** Every setting an embedded broker gets (the env file's included), except addresses and paths. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void everySettingOfAnEmbeddedBrokerIsSetOnItsComposeTwin(Size size) {
        Set<String> hostSpecific = Set.of("listeners", "advertised.listeners", "controller.quorum.voters", "log.dirs");
        EnvSpec spec = size.embedded();
        for (JsonNode broker : size.brokers()) {
            int id = Integer.parseInt(env(broker, "KAFKA_NODE_ID"));
            BrokerProperties.forBroker(spec, size.plan(), id, Path.of("logs")).forEach((property, value) -> {
                if (!hostSpecific.contains(property)) {
                    assertThat(env(broker, "KAFKA_" + property.toUpperCase(Locale.ROOT).replace('.', '_')))
                            .as("broker %d %s", id, property).isEqualTo(value);
                }
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void clientAndReplicationListenersAdvertiseTheirProxiesAsTheEmbeddedEnvDoes(Size size) {
        PortPlan plan = size.plan();
        Map<String, JsonNode> proxiesByName = size.proxiesByName();
        for (JsonNode broker : size.brokers()) {
            int id = Integer.parseInt(env(broker, "KAFKA_NODE_ID"));
            String host = broker.path("hostname").asText();
            Map<String, String> listeners = listenerMap(env(broker, "KAFKA_LISTENERS"));
            Map<String, String> advertised = listenerMap(env(broker, "KAFKA_ADVERTISED_LISTENERS"));
            assertThat(listeners).containsOnlyKeys("CLIENT", "REPLICATION", "CONTROLLER");
            assertThat(advertised).as("controller stays direct").containsOnlyKeys("CLIENT", "REPLICATION");

            JsonNode client = proxiesByName.get(ProxyLink.CLIENT.proxyName(id));
            JsonNode replication = proxiesByName.get(ProxyLink.REPLICATION.proxyName(id));
            assertThat(client).as("client proxy of broker %d", id).isNotNull();
            assertThat(replication).as("replication proxy of broker %d", id).isNotNull();
            assertThat(client.path("upstream").asText()).isEqualTo(host + listeners.get("CLIENT"));
            assertThat(replication.path("upstream").asText()).isEqualTo(host + listeners.get("REPLICATION"));
            assertThat(advertised.get("CLIENT")).isEqualTo("127.0.0.1:" + plan.proxy(id, ProxyLink.CLIENT));
            assertThat(advertised.get("REPLICATION")).isEqualTo("toxiproxy:" + plan.proxy(id, ProxyLink.REPLICATION));
            assertThat(port(client.path("listen").asText())).isEqualTo(plan.proxy(id, ProxyLink.CLIENT));
            assertThat(port(replication.path("listen").asText())).isEqualTo(plan.proxy(id, ProxyLink.REPLICATION));
        }
        assertThat(proxiesByName).as("a client and a replication proxy per broker, no more").hasSize(2 * size.embedded().brokers());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void toxiproxyAppTopicsAndPumbaAreThere(Size size) {
        EnvSpec spec = size.embedded();
        PortPlan plan = size.plan();
        JsonNode services = size.services();
        JsonNode toxiproxy = services.path("toxiproxy");
        assertThat(toxiproxy.path("image").asText()).isEqualTo("ghcr.io/shopify/toxiproxy:" + ToxiproxyBinary.VERSION);
        assertThat(toxiproxy.path("volumes").toString()).as("the Toxiproxy config it mounts")
                .contains("./" + size.toxiproxyJson() + ":/config/toxiproxy.json:ro");
        int firstClient = plan.proxy(1, ProxyLink.CLIENT);
        int lastClient = plan.proxy(spec.brokers(), ProxyLink.CLIENT);
        String clientPorts = firstClient == lastClient ? firstClient + ":" + firstClient
                : firstClient + "-" + lastClient + ":" + firstClient + "-" + lastClient;
        assertThat(toxiproxy.path("ports").toString()).contains("127.0.0.1:" + clientPorts + "\"", plan.toxiproxyApi() + ":8474");
        assertThat(PublishedPorts.of(PATHS.home().resolve(size.composeFile()))).extracting(PublishedPorts.Published::port)
                .as("the API, every client proxy and the app, nothing else").hasSize(spec.brokers() + 2);
        assertThat(env(services.path("app"), "KAFKA_BOOTSTRAP_SERVERS")).isEqualTo(plan.bootstrapServers(Network.PROXIED));
        String topicsCommand = services.path("topics").path("command").get(0).asText();
        assertThat(topicsCommand).contains("--partitions " + spec.partitions(), "--replication-factor " + spec.replicationFactor(),
                "min.insync.replicas=" + spec.minInsyncReplicas());
        String topicList = topicsCommand.substring(topicsCommand.indexOf("for t in ") + 9, topicsCommand.indexOf("; do"));
        assertThat(topicList.split("\\s+")).containsExactlyElementsOf(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        List<String> dependsOn = new ArrayList<>();
        services.path("topics").path("depends_on").forEach(d -> dependsOn.add(d.asText()));
        assertThat(dependsOn).containsAll(ComposeFile.read(PATHS.home().resolve(size.composeFile())).brokerContainers().keySet()
                .stream().map(id -> "kafka-" + id).toList());
        assertThat(services.path("pumba-kill").path("image").asText()).startsWith("ghcr.io/alexei-led/pumba:");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void brokersHaveARestartPolicyAndNamesThatPumbasRandomRestartTargetsUnderBothComposes(Size size) {
        JsonNode services = size.services();
        for (int id = 1; id <= size.embedded().brokers(); id++) {
            JsonNode broker = services.path("kafka-" + id);
            assertThat(broker.path("restart").asText()).as("kafka-" + id).isEqualTo("unless-stopped");
            // Compose v2 and docker-compose 1.x name containers differently; a fixed name is the same under both
            assertThat(broker.path("container_name").asText()).isEqualTo("supply-chaos-kafka-" + id);
        }
        assertThat(services.path("app").path("container_name").asText()).isEqualTo("supply-chaos-app");
        List<String> pumba = new ArrayList<>();
        services.path("pumba-kill").path("command").forEach(arg -> pumba.add(arg.asText()));
        // Docker revives no container stopped through its API (pumba kill, docker kill): restart comes back
        assertThat(pumba).containsSubsequence("--random", "restart", "re2:^supply-chaos-kafka-");
    }

    /** What the tool reads of the file: the same project, brokers 1..N, bootstrap servers and Toxiproxy API as the embedded env. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void theToolReadsTheEmbeddedEnvsBrokersAndAddressesFromTheFile(Size size) {
        PortPlan plan = size.plan();
        ComposeFile compose = ComposeFile.read(PATHS.home().resolve(size.composeFile()));
        assertThat(compose.project()).isEqualTo("supply-chaos");
        assertThat(compose.brokerContainers()).hasSize(size.embedded().brokers());
        assertThat(compose.bootstrapServers()).isEqualTo(plan.bootstrapServers(Network.PROXIED));
        assertThat(compose.toxiproxyApi()).isEqualTo("http://127.0.0.1:" + plan.toxiproxyApi());
        assertThat(compose.appContainer()).isEqualTo("supply-chaos-app");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void theLocalImagesOverrideChangesOnlyImagesOfServicesTheFileHas(Size size) {
        JsonNode services = size.services();
        JsonNode override = ComposeYaml.read(PATHS.home().resolve(size.localImages())).path("services");
        List<String> overridden = new ArrayList<>();
        override.fields().forEachRemaining(service -> {
            overridden.add(service.getKey());
            assertThat(services.has(service.getKey())).as(service.getKey() + " is a service of " + size.composeFile()).isTrue();
            List<String> keys = new ArrayList<>();
            service.getValue().fieldNames().forEachRemaining(keys::add);
            assertThat(keys).as(service.getKey()).isSubsetOf("image", "volumes");
        });
        List<String> all = new ArrayList<>();
        services.fieldNames().forEachRemaining(all::add);
        assertThat(overridden).as("every service of " + size.composeFile() + " gets a local image").containsExactlyInAnyOrderElementsOf(all);
        for (int id = 1; id <= size.embedded().brokers(); id++) {
            assertThat(override.path("kafka-" + id).path("image").asText()).isEqualTo(LocalImages.KAFKA);
        }
        assertThat(override.path("toxiproxy").path("image").asText()).isEqualTo(LocalImages.TOXIPROXY);
    }

    /** compose-cN and compose-cN-local: the embedded cN's layout, the size's compose file, the local one with its override. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void theComposeEnvFilesHaveTheEmbeddedEnvsLayoutAndNameTheFile(Size size) {
        EnvSpec embedded = size.embedded();
        for (String name : List.of("compose-" + size.embeddedEnv(), "compose-" + size.embeddedEnv() + "-local")) {
            EnvSpec compose = EnvSpecReader.read(EnvFiles.resolve(PATHS, name));
            assertThat(compose.name()).isEqualTo(name);
            assertThat(compose.kind()).as(name).isEqualTo(EnvKind.COMPOSE);
            assertThat(List.of(compose.brokers(), compose.replicationFactor(), compose.partitions(), compose.minInsyncReplicas()))
                    .as(name + ": brokers, RF, partitions, min ISR")
                    .isEqualTo(List.of(embedded.brokers(), embedded.replicationFactor(), embedded.partitions(), embedded.minInsyncReplicas()));
            assertThat(compose.partitioning()).as(name).isEqualTo(embedded.partitioning());
            assertThat(Path.of(compose.compose().file())).as(name).isEqualTo(PATHS.home().resolve(size.composeFile()).toAbsolutePath().normalize());
            String override = compose.compose().override();
            if (name.endsWith("-local")) {
                assertThat(Path.of(override)).as(name).isEqualTo(PATHS.home().resolve(size.localImages()).toAbsolutePath().normalize());
            } else {
                assertThat(override).as(name + " runs the published images").isNull();
            }
        }
    }

    @Test
    void theReaderResolvesAnchorsAndMergeKeysAsComposeDoes() {
        JsonNode kafka1 = ComposeYaml.read(PATHS.home().resolve("docker-compose.yml")).path("services").path("kafka-1").path("environment");
        assertThat(kafka1.has("<<")).isFalse();
        assertThat(kafka1.path("KAFKA_PROCESS_ROLES").asText()).isEqualTo("broker,controller");
        assertThat(kafka1.path("KAFKA_NODE_ID").asText()).isEqualTo("1");
    }

    private static Map<String, String> listenerMap(String listeners) {
        Map<String, String> byName = new HashMap<>();
        for (String listener : listeners.split(",")) {
            String[] parts = listener.split("://");
            byName.put(parts[0], parts[1]);
        }
        return byName;
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }
}
