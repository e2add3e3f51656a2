package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import io.supplychaos.env.CliRun;
import io.supplychaos.env.ItPorts;
import io.supplychaos.env.KafkaProbe;
import io.supplychaos.env.Network;
import io.supplychaos.env.PortPlan;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.time.Poll;

/**
 * C3 through the CLI verbs, as a user would drive it: up, status --json, 1000 acks=all records
 * through the client proxies, follower fetches through the replication proxies, down.
 */
@Timeout(240)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class C3EnvironmentIT {
    private static final int BASE_PORT = ItPorts.freeBase();
    private static final PortPlan PLAN = new PortPlan(BASE_PORT, 3);
    private static final Path STATE_DIR = Path.of("target", "it-state", "c3");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonNode status;

    @BeforeAll
    static void up() throws Exception {
        chaos("down");
        assertThat(chaos("up", "--env", "c3", "--base-port", Integer.toString(BASE_PORT))).contains("bootstrap servers:");
        // status answers within its 1.2 s budget or leaves out what the cluster did not answer in time;
        // on a loaded machine right after up, ask again until the cluster's figures are there
        status = Poll.value(Duration.ofSeconds(60), Duration.ofSeconds(1), () -> {
            JsonNode answer = readJson(chaos("status", "--json"));
            return answer.path("underReplicatedPartitions").isNumber() ? answer : null;
        }).orElseGet(() -> readJson(chaos("status", "--json")));
    }

    private static JsonNode readJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("status --json printed no JSON: " + text, e);
        }
    }

    @AfterAll
    static void down() {
        chaos("down");
    }

    @Test
    @Order(1)
    void statusShowsThreeRunningBrokersAndAClientAndReplicationProxyEach() {
        assertThat(status.path("env").asText()).isEqualTo("c3");
        assertThat(status.path("brokers")).hasSize(3).allSatisfy(b -> assertThat(b.path("state").asText()).isEqualTo("running"));
        assertThat(status.path("brokers")).extracting(b -> b.path("jmxPort").asInt())
                .containsExactly(PLAN.jmx(1), PLAN.jmx(2), PLAN.jmx(3));
        List<String> proxies = new ArrayList<>();
        status.path("toxiproxy").path("proxies").forEach(p -> proxies.add(p.path("name").asText()));
        assertThat(proxies).containsExactlyInAnyOrder("broker-1-client", "broker-1-replication", "broker-2-client",
                "broker-2-replication", "broker-3-client", "broker-3-replication");
        assertThat(status.path("underReplicatedPartitions").asInt(-1)).isZero();
        assertThat(status.path("bootstrapServers").asText()).isEqualTo(PLAN.bootstrapServers(Network.PROXIED));
    }

    @Test
    @Order(2)
    void thousandAcksAllRecordsGoThroughTheProxiesAndComeBack() throws Exception {
        try (KafkaProbe probe = new KafkaProbe(status.path("bootstrapServers").asText())) {
            probe.produce("order-placed", "c3-", 1000);
            assertThat(probe.consume("order-placed", "c3-", 1000)).hasSize(1000)
                    .extracting(r -> r.partition()).containsOnly(0, 1, 2, 3, 4, 5);
        }
    }

    @Test
    @Order(3)
    void followersFetchThroughTheReplicationProxies() throws Exception {
        ToxiproxyClient toxiproxy = new ToxiproxyClient("127.0.0.1", BASE_PORT);
        try (KafkaProbe probe = new KafkaProbe(status.path("bootstrapServers").asText())) {
            probe.medianSendMillis("shipment-status", 10);
            double before = probe.medianSendMillis("shipment-status", 15);
            List<Proxy> replication = new ArrayList<>();
            for (int id = 1; id <= 3; id++) {
                replication.add(toxiproxy.getProxy(ProxyLink.REPLICATION.proxyName(id)));
            }
            double after;
            try {
                for (Proxy proxy : replication) {
                    proxy.toxics().latency("it-replication-latency", ToxicDirection.DOWNSTREAM, 300);
                }
                after = probe.medianSendMillis("shipment-status", 15);
            } finally {
                for (Proxy proxy : replication) {
                    proxy.toxics().get("it-replication-latency").remove();
                }
            }
            System.out.printf("[c3] median acks=all send: %.1f ms, %.1f ms with 300 ms on every replication link%n", before, after);
            // acks=all waits for a follower's fetch, whose response now crosses a 300 ms toxic
            assertThat(after - before).isGreaterThan(250.0);
        }
    }

    @Test
    @Order(4)
    void downStopsEveryProcessItStarted() {
        List<Long> pids = new ArrayList<>();
        status.path("brokers").forEach(b -> pids.add(b.path("pid").asLong()));
        pids.add(status.path("toxiproxy").path("pid").asLong());

        assertThat(chaos("down")).contains("env c3 down");

        assertThat(pids).hasSize(4).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
        assertThat(STATE_DIR.resolve("state.json")).doesNotExist();
    }

    private static String chaos(String... args) {
        CliRun run = CliRun.chaos(STATE_DIR, args);
        assertThat(run.exit()).as("chaos %s: %s", String.join(" ", args), run.err()).isZero();
        return run.out();
    }
}
