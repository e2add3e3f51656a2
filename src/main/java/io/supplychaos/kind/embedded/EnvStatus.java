package io.supplychaos.kind.embedded;

import java.io.IOException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.time.Timeouts;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * The live view of an environment for {@code status}: process states from {@code /proc}, proxies
 * and toxics from the Toxiproxy API, leaders, ISRs and under-replicated partitions from the brokers
 * (Admin client), app instances from {@code .chaos/apps.json}. Reads only; every probe has a short
 * timeout so status answers fast even when brokers are paused or gone.
 */
public final class EnvStatus {

    /** The {@code status --json} document (schema in docs/ENVIRONMENTS.md); topics and URP are null when the cluster did not answer. */
    public record Report(String env, String phase, String bootstrapServers, List<BrokerStatus> brokers,
                         ToxiproxyStatus toxiproxy, Integer underReplicatedPartitions, List<TopicStatus> topics,
                         List<AppStatus> apps) {
    }

    public record BrokerStatus(int id, Long pid, String state, String address, int jmxPort) {
    }

    /** {@code api} is null for a direct env. */
    public record ToxiproxyStatus(String api, Long pid, String state, List<ProxyStatus> proxies) {
    }

    public record ProxyStatus(String name, String listen, String upstream, Boolean enabled, List<JsonNode> toxics) {
    }

    public record TopicStatus(String name, List<PartitionStatus> partitions) {
    }

    /** {@code leader} is null when the partition has none (all its replicas are gone). */
    public record PartitionStatus(int partition, Integer leader, List<Integer> isr, List<Integer> replicas) {

        boolean underReplicated() {
            return isr.size() < replicas.size();
        }
    }

    public record AppStatus(int index, Long pid, String state, int httpPort) {
    }

    /** Status must answer well under 2 s even on a loaded machine: past this, topics and URP are unknown. */
    private static final Duration TOPICS_BUDGET = Timeouts.STATUS_QUERY;

    private EnvStatus() {
    }

    public static Report of(EnvState state) {
        return of(state, List.of());
    }

    public static Report of(EnvState state, List<AppInstances.AppInstance> apps) {
        // the admin round trip is the slowest probe (~0.8 s); run it while /proc and Toxiproxy are read
        // logging initialised here first: jboss-logmanager deadlocks when two threads initialise it at once
        java.util.logging.Logger.getLogger(EnvStatus.class.getName());
        CompletableFuture<List<TopicStatus>> topics = CompletableFuture.supplyAsync(() -> topics(state));
        List<BrokerStatus> brokers = state.brokers().stream()
                .map(b -> new BrokerStatus(b.id(), b.pid(), processState(b.pid(), b.configFile()), b.address(), b.jmxPort()))
                .toList();
        ToxiproxyStatus toxiproxy = state.toxiproxyApi() == null
                ? new ToxiproxyStatus(null, null, "none", List.of())
                : new ToxiproxyStatus(state.toxiproxyApi(), state.toxiproxyPid(),
                        processState(state.toxiproxyPid(), EmbeddedEnvironment.toxiproxyMarker(state.basePort())),
                        proxies(state));
        List<AppStatus> appStates = apps.stream()
                .map(a -> new AppStatus(a.index(), a.pid(), appState(a), a.httpPort()))
                .toList();
        List<TopicStatus> described = topics.join();
        Integer urp = described == null ? null : (int) described.stream().flatMap(t -> t.partitions().stream())
                .filter(PartitionStatus::underReplicated).count();
        return new Report(state.envName(), state.phase(), state.bootstrapServers(), brokers, toxiproxy, urp, described, appStates);
    }

    private static String appState(AppInstances.AppInstance app) {
        if (!ProcessControl.runs(app.pid(), app.command())) {
            return "stopped";
        }
        return ProcessControl.state(app.pid()) == ProcessControl.State.PAUSED ? "paused" : "running";
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
            return new ToxiproxyApi(state.toxiproxyApi()).proxies().stream()
                    .map(p -> new ProxyStatus(p.name(), p.listen(), p.upstream(), p.enabled(), p.toxics()))
                    .toList();
        } catch (IOException e) {
            return state.proxies().stream()
                    .map(p -> new ProxyStatus(p.name(), p.listen(), p.upstream(), null, List.of()))
                    .toList();
        }
    }

    /** Every topic's partitions with leader, ISR and replicas; null when the cluster does not answer in time. */
    private static List<TopicStatus> topics(EnvState state) {
        boolean anyRunning = state.brokers().stream()
                .anyMatch(b -> ProcessControl.isOurs(b.pid(), b.configFile()) && ProcessControl.state(b.pid()) == ProcessControl.State.RUNNING);
        if (!anyRunning) {
            return null;
        }
        Properties props = state.access().properties();
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(TOPICS_BUDGET.toMillis()));
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(TOPICS_BUDGET.toMillis()));
        long deadline = System.nanoTime() + TOPICS_BUDGET.toNanos();
        Admin admin = Admin.create(props);
        try {
            Set<String> names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                    .get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            Map<String, TopicDescription> descriptions = admin.describeTopics(names).allTopicNames()
                    .get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            return descriptions.values().stream()
                    .sorted(Comparator.comparing(TopicDescription::name))
                    .map(d -> new TopicStatus(d.name(), d.partitions().stream()
                            .sorted(Comparator.comparingInt(TopicPartitionInfo::partition))
                            .map(p -> new PartitionStatus(p.partition(), p.leader() == null || p.leader().isEmpty() ? null : p.leader().id(),
                                    ids(p.isr()), ids(p.replicas())))
                            .toList()))
                    .toList();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).sorted().toList();
    }
}
