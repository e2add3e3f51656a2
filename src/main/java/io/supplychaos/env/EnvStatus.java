package io.supplychaos.env;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * The live view of an environment for {@code status}: process states from {@code /proc}, proxies
 * and toxics from the Toxiproxy API, under-replicated partitions from the brokers. Reads only;
 * every probe has a short timeout so status answers fast even when brokers are paused or gone.
 */
public final class EnvStatus {

    /** The {@code status --json} document (schema in DESIGN.md). */
    public record Report(String env, String phase, String bootstrapServers, List<BrokerStatus> brokers,
                         ToxiproxyStatus toxiproxy, Integer underReplicatedPartitions, List<Object> apps) {
    }

    public record BrokerStatus(int id, Long pid, String state, String address, int jmxPort) {
    }

    /** {@code api} is null for a direct env. */
    public record ToxiproxyStatus(String api, Long pid, String state, List<ProxyStatus> proxies) {
    }

    public record ProxyStatus(String name, String listen, String upstream, Boolean enabled, List<JsonNode> toxics) {
    }

    private EnvStatus() {
    }

    public static Report of(EnvState state) {
        // the admin round trip is the slowest probe (~0.8 s); run it while /proc and Toxiproxy are read
        CompletableFuture<Integer> urp = CompletableFuture.supplyAsync(() -> underReplicatedPartitions(state));
        List<BrokerStatus> brokers = state.brokers().stream()
                .map(b -> new BrokerStatus(b.id(), b.pid(), processState(b.pid(), b.configFile()), b.address(), b.jmxPort()))
                .toList();
        ToxiproxyStatus toxiproxy = state.toxiproxyApi() == null
                ? new ToxiproxyStatus(null, null, "none", List.of())
                : new ToxiproxyStatus(state.toxiproxyApi(), state.toxiproxyPid(),
                        processState(state.toxiproxyPid(), EmbeddedEnvironment.toxiproxyMarker(state.basePort())),
                        proxies(state));
        return new Report(state.envName(), state.phase(), state.bootstrapServers(), brokers, toxiproxy,
                urp.join(), List.of());
    }

    private static String processState(Long pid, String marker) {
        if (!ProcessControl.isOurs(pid, marker)) {
            return "stopped";
        }
        return ProcessControl.state(pid) == ProcessControl.State.PAUSED ? "paused" : "running";
    }

    /** Proxies as Toxiproxy reports them; the recorded ones with unknown state when the API is down. */
    private static List<ProxyStatus> proxies(EnvState state) {
        try {
            // HttpURLConnection, not java.net.http: its first request is ~200 ms faster, and status must be quick
            HttpURLConnection connection = (HttpURLConnection) URI.create(state.toxiproxyApi() + "/proxies").toURL().openConnection();
            connection.setConnectTimeout(1000);
            connection.setReadTimeout(2000);
            JsonNode all;
            try (InputStream in = connection.getInputStream()) {
                all = StateStore.JSON.readTree(in);
            }
            List<ProxyStatus> result = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
                JsonNode p = it.next().getValue();
                List<JsonNode> toxics = new ArrayList<>();
                p.path("toxics").forEach(toxics::add);
                result.add(new ProxyStatus(p.path("name").asText(), p.path("listen").asText(),
                        p.path("upstream").asText(), p.path("enabled").asBoolean(), toxics));
            }
            result.sort(Comparator.comparing(ProxyStatus::name));
            return result;
        } catch (IOException e) {
            return recordedProxies(state);
        }
    }

    private static List<ProxyStatus> recordedProxies(EnvState state) {
        return state.proxies().stream()
                .map(p -> new ProxyStatus(p.name(), p.listen(), p.upstream(), null, List.of()))
                .toList();
    }

    /** Partitions whose ISR is smaller than their replica set; null when the cluster does not answer in time. */
    private static Integer underReplicatedPartitions(EnvState state) {
        boolean anyRunning = state.brokers().stream()
                .anyMatch(b -> ProcessControl.isOurs(b.pid(), b.configFile()) && ProcessControl.state(b.pid()) == ProcessControl.State.RUNNING);
        if (!anyRunning) {
            return null;
        }
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, state.bootstrapServers());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "1500");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "2000");
        Admin admin = Admin.create(props);
        try {
            Set<String> topics = admin.listTopics(new ListTopicsOptions().listInternal(true)).names().get(2, TimeUnit.SECONDS);
            Map<String, TopicDescription> descriptions = admin.describeTopics(topics).allTopicNames().get(2, TimeUnit.SECONDS);
            return (int) descriptions.values().stream()
                    .flatMap(d -> d.partitions().stream())
                    .filter(p -> p.isr().size() < p.replicas().size())
                    .count();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        } finally {
            admin.close(Duration.ZERO);
        }
    }
}
