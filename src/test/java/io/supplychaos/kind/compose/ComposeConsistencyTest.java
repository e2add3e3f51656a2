package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.Network;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.kind.embedded.BrokerProperties;
import io.supplychaos.topology.Topics;
import io.supplychaos.toxiproxy.ToxiproxyBinary;

/**
 * docker-compose.yml cannot run here (no Docker engine), so this keeps it honest: the same brokers,
 * listeners, advertised proxy addresses, proxies and broker settings as env/c3.yaml and the embedded
 * port plan.
 */
class ComposeConsistencyTest {
    private static final PortPlan PLAN = new PortPlan(PortPlan.DEFAULT_BASE_PORT, 3);
    private static EnvSpec c3;
    private static JsonNode services;
    private static Map<String, JsonNode> proxiesByName;

    @BeforeAll
    static void load() throws IOException {
        ChaosPaths paths = ChaosPaths.defaults();
        c3 = EnvSpecReader.read(EnvFiles.resolve(paths, "c3"));
        services = new ObjectMapper(new YAMLFactory()).readTree(paths.home().resolve("docker-compose.yml").toFile()).path("services");
        proxiesByName = new HashMap<>();
        new ObjectMapper().readTree(paths.home().resolve("docker").resolve("toxiproxy.json").toFile())
                .forEach(p -> proxiesByName.put(p.path("name").asText(), p));
    }

    private static List<JsonNode> brokers() {
        List<JsonNode> brokers = new ArrayList<>();
        services.forEach(s -> {
            if (s.path("environment").has("KAFKA_NODE_ID")) {
                brokers.add(s);
            }
        });
        return brokers;
    }

    private static String env(JsonNode service, String key) {
        return service.path("environment").path(key).asText();
    }

    @Test
    void brokersAreC3AtTheAppsKafkaVersion() {
        assertThat(brokers()).hasSize(c3.brokers()).allSatisfy(b -> {
            assertThat(b.path("image").asText()).isEqualTo("apache/kafka:" + AppInfoParser.getVersion());
            assertThat(env(b, "KAFKA_PROCESS_ROLES")).isEqualTo("broker,controller");
            assertThat(env(b, "KAFKA_NUM_PARTITIONS")).isEqualTo(Integer.toString(c3.partitions()));
            assertThat(env(b, "KAFKA_DEFAULT_REPLICATION_FACTOR")).isEqualTo(Integer.toString(c3.replicationFactor()));
            assertThat(env(b, "KAFKA_MIN_INSYNC_REPLICAS")).isEqualTo(Integer.toString(c3.minInsyncReplicas()));
            assertThat(env(b, "KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR")).isEqualTo(Integer.toString(c3.replicationFactor()));
            assertThat(env(b, "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR")).isEqualTo(Integer.toString(c3.replicationFactor()));
            assertThat(env(b, "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR")).isEqualTo(Integer.toString(c3.minInsyncReplicas()));
            assertThat(env(b, "KAFKA_INTER_BROKER_LISTENER_NAME")).isEqualTo("REPLICATION");
            assertThat(env(b, "KAFKA_CONTROLLER_QUORUM_VOTERS")).isEqualTo("1@kafka-1:9094,2@kafka-2:9094,3@kafka-3:9094");
        });
        assertThat(brokers()).extracting(b -> env(b, "KAFKA_NODE_ID")).containsExactlyInAnyOrder("1", "2", "3");
    }

    /** Every setting an embedded c3 broker gets (the env file's included), except addresses and paths. */
    @Test
    void everySettingOfAnEmbeddedBrokerIsSetOnItsComposeTwin() {
        Set<String> hostSpecific = Set.of("listeners", "advertised.listeners", "controller.quorum.voters", "log.dirs");
        for (JsonNode broker : brokers()) {
            int id = Integer.parseInt(env(broker, "KAFKA_NODE_ID"));
            BrokerProperties.forBroker(c3, PLAN, id, Path.of("logs")).forEach((property, value) -> {
                if (!hostSpecific.contains(property)) {
                    assertThat(env(broker, "KAFKA_" + property.toUpperCase(Locale.ROOT).replace('.', '_')))
                            .as("broker %d %s", id, property).isEqualTo(value);
                }
            });
        }
    }

    @Test
    void clientAndReplicationListenersAdvertiseTheirProxiesAsTheEmbeddedEnvDoes() {
        for (JsonNode broker : brokers()) {
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
            assertThat(advertised.get("CLIENT")).isEqualTo("127.0.0.1:" + PLAN.proxy(id, ProxyLink.CLIENT));
            assertThat(advertised.get("REPLICATION")).isEqualTo("toxiproxy:" + PLAN.proxy(id, ProxyLink.REPLICATION));
            assertThat(port(client.path("listen").asText())).isEqualTo(PLAN.proxy(id, ProxyLink.CLIENT));
            assertThat(port(replication.path("listen").asText())).isEqualTo(PLAN.proxy(id, ProxyLink.REPLICATION));
        }
        assertThat(proxiesByName).hasSize(2 * c3.brokers());
    }

    @Test
    void toxiproxyAppTopicsAndPumbaAreThere() {
        JsonNode toxiproxy = services.path("toxiproxy");
        assertThat(toxiproxy.path("image").asText()).isEqualTo("ghcr.io/shopify/toxiproxy:" + ToxiproxyBinary.VERSION);
        assertThat(toxiproxy.path("ports").toString()).contains("127.0.0.1:29041-29043:29041-29043", PLAN.toxiproxyApi() + ":8474");
        assertThat(env(services.path("app"), "KAFKA_BOOTSTRAP_SERVERS")).isEqualTo(PLAN.bootstrapServers(Network.PROXIED));
        String topicsCommand = services.path("topics").path("command").get(0).asText();
        assertThat(topicsCommand).contains("--partitions " + c3.partitions(), "--replication-factor " + c3.replicationFactor(),
                "min.insync.replicas=" + c3.minInsyncReplicas());
        String topicList = topicsCommand.substring(topicsCommand.indexOf("for t in ") + 9, topicsCommand.indexOf("; do"));
        assertThat(topicList.split("\\s+")).containsExactlyElementsOf(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        assertThat(services.path("pumba-kill").path("image").asText()).startsWith("ghcr.io/alexei-led/pumba:");
    }

    @Test
    void brokersHaveARestartPolicyAndNamesThatPumbasRandomRestartTargetsUnderBothComposes() {
        for (int id = 1; id <= c3.brokers(); id++) {
            JsonNode broker = services.path("kafka-" + id);
            assertThat(broker.path("restart").asText()).as("kafka-" + id).isEqualTo("unless-stopped");
            // Compose v2 and docker-compose 1.x name containers differently; a fixed name is the same under both
            assertThat(broker.path("container_name").asText()).isEqualTo("supply-chaos-kafka-" + id);
        }
        List<String> pumba = new ArrayList<>();
        services.path("pumba-kill").path("command").forEach(arg -> pumba.add(arg.asText()));
        // Docker revives no container stopped through its API (pumba kill, docker kill): restart comes back
        assertThat(pumba).containsSubsequence("--random", "restart", "re2:^supply-chaos-kafka-");
    }

    @Test
    void theLocalImagesOverrideChangesOnlyImagesOfServicesTheFileHas() throws IOException {
        JsonNode override = new ObjectMapper(new YAMLFactory()).readTree(ChaosPaths.defaults().home().resolve("docker/local-images.yml").toFile())
                .path("services");
        override.fields().forEachRemaining(service -> {
            assertThat(services.has(service.getKey())).as(service.getKey() + " is a service of docker-compose.yml").isTrue();
            List<String> keys = new ArrayList<>();
            service.getValue().fieldNames().forEachRemaining(keys::add);
            assertThat(keys).as(service.getKey()).isSubsetOf("image", "volumes");
        });
        assertThat(override.path("kafka-1").path("image").asText()).isEqualTo(LocalImages.KAFKA);
        assertThat(override.path("toxiproxy").path("image").asText()).isEqualTo(LocalImages.TOXIPROXY);
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
