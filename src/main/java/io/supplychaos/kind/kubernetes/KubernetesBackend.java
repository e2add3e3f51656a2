package io.supplychaos.kind.kubernetes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultText;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.OnKubernetes;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.spec.Rule;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * The kubernetes environment's side of the faults, on a Strimzi-managed Kafka cluster:
 * <ul>
 * <li>kill-broker deletes the broker's pod with grace period 0, stop-broker with the pod's own grace
 * period (a controlled shutdown); the StrimziPodSet recreates the pod under the same name, so
 * start-broker waits until it is Ready again;</li>
 * <li>pause-broker creates a Chaos Mesh {@code PodChaos} ({@code action: pod-failure}) on the pod,
 * resume-broker deletes it and waits until the pod is Ready;</li>
 * <li>network faults are Chaos Mesh {@code NetworkChaos} resources, the action and its parameters as
 * each fault's file maps them ({@link OnKubernetes}: {@code delay}, {@code bandwidth}, {@code partition}
 * for cut); what has no Chaos Mesh action (reset-peer, timeout, slice) is refused;</li>
 * <li>app instances are the app Deployment's pods ({@code apps: pods}: kill deletes one with grace 0,
 * start waits until the Deployment is ready again, stop is refused since the Deployment replaces a
 * stopped pod at once) or local JVMs ({@code apps: local}, as for the embedded environment).</li>
 * </ul>
 * Every Chaos Mesh resource is labelled {@code app.kubernetes.io/managed-by: supply-chaos} and heal
 * deletes only those. There is no Toxiproxy here.
 */
public final class KubernetesBackend implements FaultBackend, AutoCloseable {

    private final KubernetesClient client;
    private final KubernetesTarget target;
    private final KubernetesCluster cluster;
    private final ChaosMesh chaosMesh;
    private final AppInstances localApps;
    private final boolean ownsClient;
    private final Map<String, String> clientConfig;

    /**
     * @param client    the API server's client (the caller closes it)
     * @param target    the env file's kubernetes: block
     * @param localApps the recorded local app instances, required when {@code apps: local}, unused for pods
     * @param timeouts  the waits; {@link KubernetesTimeouts#DEFAULTS} for runs
     */
    public KubernetesBackend(KubernetesClient client, KubernetesTarget target, AppInstances localApps, KubernetesTimeouts timeouts) {
        this(client, target, localApps, timeouts, false, Map.of(), null);
    }

    /** {@link #KubernetesBackend(KubernetesClient, KubernetesTarget, AppInstances, KubernetesTimeouts)} recording what it creates in {@code journal}. */
    KubernetesBackend(KubernetesClient client, KubernetesTarget target, AppInstances localApps, KubernetesTimeouts timeouts,
                      ChangeJournal journal) {
        this(client, target, localApps, timeouts, false, Map.of(), journal);
    }

    private KubernetesBackend(KubernetesClient client, KubernetesTarget target, AppInstances localApps, KubernetesTimeouts timeouts,
                              boolean ownsClient, Map<String, String> clientConfig, ChangeJournal journal) {
        this.client = Objects.requireNonNull(client, "client");
        this.target = Objects.requireNonNull(target, "target");
        if (target.apps() == KubernetesTarget.Apps.LOCAL) {
            Objects.requireNonNull(localApps, "localApps (apps: local)");
        }
        this.cluster = new KubernetesCluster(client, target, timeouts);
        this.chaosMesh = new ChaosMesh(client, target.namespace(), journal);
        this.localApps = localApps;
        this.ownsClient = ownsClient;
        this.clientConfig = Map.copyOf(clientConfig);
    }

    /** A backend on {@code client}, which it closes in {@link #close()}, recording what it creates in {@code journal}. */
    static KubernetesBackend owning(KubernetesClient client, KubernetesTarget target, AppInstances localApps,
                                    Map<String, String> clientConfig, ChangeJournal journal) {
        return new KubernetesBackend(client, target, localApps, KubernetesTimeouts.DEFAULTS, true, clientConfig, journal);
    }

    /**
     * Deletes a Chaos Mesh resource the journal says this tool created (down): by kind and name, and
     * only when it still carries the tool's label; gone already is done.
     *
     * @return whether there was one to delete
     */
    boolean deleteCreated(ChangeJournal.Resource resource) {
        if (!resource.namespace().equals(target.namespace())) {
            throw new IllegalArgumentException(resource + " is not in " + describe() + "'s namespace " + target.namespace());
        }
        return chaosMesh.delete(ChaosMesh.context(resource.kind()), resource.name());
    }

    public KubernetesCluster cluster() {
        return cluster;
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }

    // ---- what can run here ----

    /**
     * Why no kubernetes environment can take {@code type} (as its fault file says: Chaos Mesh has no
     * such action), or a bad link; empty when it can: checked at load time, before anything runs.
     *
     * @param link the fault's {@code link} attribute, null for the default (client)
     */
    public static Optional<String> refusal(FaultType type, String link) {
        Optional<String> why = type.onKubernetes().refusal(false);
        if (why.isPresent()) {
            return Optional.of(type.cliName() + ": " + why.get() + (type.kind() == FaultType.Kind.NETWORK
                    ? " (kubernetes environments inject " + chaosMeshFaults() + ")" : ""));
        }
        if (link != null && !List.of("client", "replication", "both").contains(link)) {
            return Optional.of(type.cliName() + ": link must be client, replication or both, got '" + link + "'");
        }
        return Optional.empty();
    }

    /** The network faults Chaos Mesh can do, from their files: "delay, bandwidth and cut". */
    private static String chaosMeshFaults() {
        List<String> names = Arrays.stream(FaultType.values()).filter(type -> type.kind() == FaultType.Kind.NETWORK
                && type.onKubernetes().chaosMesh().isPresent()).map(FaultType::cliName).toList();
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /**
     * {@link #refusal(FaultType, String)} plus what the apps and the spec's other attributes ask: a
     * fault the app Deployment's pods cannot take (as its file says), Chaos Mesh acts on
     * every packet (toxicity must be 1), and where a fault has no target pods (link both, or client
     * with local apps) it can only act on the pod's outgoing packets (stream downstream).
     */
    public static Optional<String> refusal(FaultSpec spec, KubernetesTarget.Apps apps) {
        Optional<String> byType = refusal(spec.type(), spec.attributes().get("link"));
        if (byType.isPresent()) {
            return byType;
        }
        Optional<String> byApps = spec.type().onKubernetes().refusal(apps == KubernetesTarget.Apps.PODS);
        if (byApps.isPresent()) {
            return Optional.of(spec.type().cliName() + ": " + byApps.get());
        }
        if (spec.type().kind() != FaultType.Kind.NETWORK) {
            return Optional.empty();
        }
        String toxicity = spec.attributes().get("toxicity");
        // a toxicity that is no number is FaultType.checkAttributes' to refuse, in its words
        if (toxicity != null && Rule.decimal(0, 1, null).parse(toxicity).map(t -> t != 1.0).orElse(false)) {
            return Optional.of(spec.type().cliName() + ": Chaos Mesh acts on every packet; toxicity must be 1 on kubernetes, got '"
                    + toxicity + "'");
        }
        String stream = spec.attributes().get("stream");
        if (stream != null && !stream.equals("downstream") && !hasTarget(link(spec), apps)) {
            return Optional.of(spec.type().cliName() + ": link=" + link(spec) + (link(spec).equals("client") ? " with apps: local" : "")
                    + " acts on all of the broker pod's traffic, where Chaos Mesh can only take its outgoing packets: stream must be downstream, got '"
                    + stream + "'");
        }
        return Optional.empty();
    }

    /** What this env cannot take, asked before a fault is bound (the CLI verbs; a run's scenario was checked at load). */
    @Override
    public Optional<String> refusal(FaultSpec spec) {
        return refusal(spec, target.apps()).map(why -> why + " (" + describe() + ")");
    }

    private static String link(FaultSpec spec) {
        return spec.attribute("link", "client");
    }

    /** Whether the link's traffic can be told apart by its other end's pods. */
    private static boolean hasTarget(String link, KubernetesTarget.Apps apps) {
        return link.equals("replication") || (link.equals("client") && apps == KubernetesTarget.Apps.PODS);
    }

    // ---- brokers ----

    @Override
    public String describe() {
        return target.describe();
    }

    @Override
    public List<Integer> brokerIds() {
        return cluster.brokerIds();
    }

    static String pauseName(int id) {
        return "supply-chaos-pause-broker-" + id;
    }

    /** PAUSED while our pod-failure PodChaos for it exists; STOPPED when its pod is missing, terminating or not ready. */
    @Override
    public ProcessControl.State brokerState(int id) {
        if (chaosMesh.get(ChaosMesh.POD_CHAOS, pauseName(id)) != null) {
            return ProcessControl.State.PAUSED;
        }
        return KubernetesCluster.ready(cluster.brokerPod(id).orElse(null)) ? ProcessControl.State.RUNNING : ProcessControl.State.STOPPED;
    }

    private Pod podOf(int id) {
        return cluster.brokerPod(id).orElseThrow(() -> new IllegalArgumentException(
                "broker " + id + " has no pod in " + describe() + " now (brokers: " + brokerIds() + ")"));
    }

    @Override
    public void killBroker(int id) {
        cluster.brokerPod(id).ifPresent(pod -> cluster.deletePod(pod, 0));
    }

    @Override
    public void stopBroker(int id) {
        // no grace given: the pod's own terminationGracePeriodSeconds, in which Kafka shuts down in a controlled way
        cluster.brokerPod(id).ifPresent(pod -> cluster.deletePod(pod, null));
    }

    /** The StrimziPodSet recreates a deleted broker pod itself: starting is waiting until it is Ready. */
    @Override
    public void startBroker(int id) {
        cluster.awaitBrokerReady(id);
    }

    @Override
    public void pauseBroker(int id) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("action", "pod-failure");
        spec.put("mode", "all");
        spec.put("selector", chaosMesh.podsByName(List.of(podOf(id).getMetadata().getName())));
        // no duration: the failure lasts until resume deletes the resource
        chaosMesh.apply(chaosMesh.resource("PodChaos", pauseName(id), spec));
    }

    @Override
    public void resumeBroker(int id) {
        chaosMesh.delete(ChaosMesh.POD_CHAOS, pauseName(id));
        // pod-failure swapped the container's image; it restarts Kafka when put back, which takes a while
        cluster.awaitBrokerReady(id);
    }

    @Override
    public KafkaAccess access() {
        return new KafkaAccess(cluster.bootstrapServers(), clientConfig);
    }


    @Override
    public Optional<ToxiproxyApi> toxiproxy() {
        return Optional.empty();
    }

    @Override
    public Optional<String> proxyName(int brokerId, ProxyLink link) {
        return Optional.empty();
    }

    // ---- network ----

    /** "supply-chaos-delay-broker-2-client". */
    static String networkName(FaultType type, int broker, String link) {
        return "supply-chaos-" + type.cliName() + "-broker-" + broker + "-" + link;
    }

    /** The fault's Chaos Mesh mapping (its file's {@link OnKubernetes.NetworkChaos}), one NetworkChaos per broker. */
    @Override
    public Optional<FaultAction> networkFault(FaultSpec spec, List<Integer> brokers) {
        Optional<String> refusal = refusal(spec);
        if (refusal.isPresent()) {
            throw new IllegalArgumentException(refusal.get());
        }
        OnKubernetes.NetworkChaos networkChaos = spec.type().onKubernetes().chaosMesh().orElseThrow(
                () -> new IllegalArgumentException(spec.type().cliName() + " is not a network fault Chaos Mesh can do"));
        String link = link(spec);
        Map<Integer, Pod> pods = cluster.brokerPods();
        List<GenericKubernetesResource> resources = new ArrayList<>();
        for (int broker : brokers) {
            Pod pod = pods.get(broker);
            if (pod == null) {
                throw new IllegalArgumentException("broker " + broker + " has no pod in " + describe() + " now: "
                        + spec.type().cliName() + " needs one to select");
            }
            Map<String, Object> chaos = new LinkedHashMap<>();
            chaos.put("action", networkChaos.action());
            chaos.put("mode", "all");
            chaos.put("selector", chaosMesh.podsByName(List.of(pod.getMetadata().getName())));
            Optional<Map<String, Object>> peers = targetOf(link, broker, pods, spec);
            chaos.put("direction", direction(spec, peers.isPresent(), link.equals("replication") && brokers.size() > 1));
            peers.ifPresent(selector -> chaos.put("target", Map.of("mode", "all", "selector", selector)));
            chaos.putAll(networkChaos.parameters().apply(spec));
            resources.add(chaosMesh.resource("NetworkChaos", networkName(spec.type(), broker, link), chaos));
        }
        String where = brokers.equals(brokerIds()) && brokers.size() > 1 ? "all brokers" : "broker " + brokers.get(0);
        StringBuilder description = new StringBuilder(FaultText.network(spec, where));
        description.append(" (Chaos Mesh NetworkChaos ").append(String.join(", ",
                resources.stream().map(r -> r.getMetadata().getName()).toList())).append(')');
        if (!hasTarget(link, target.apps())) {
            description.append(link.equals("client")
                    ? ": apps run outside the cluster, where their traffic cannot be told apart from the rest, so all of the broker pod's outgoing traffic"
                    : ": all of the broker pod's outgoing traffic");
        }
        return Optional.of(new ChaosMeshFault(chaosMesh, resources, description.toString()));
    }

    /**
     * The pods at the other end of the link: the other brokers for replication, the app pods for
     * client when apps run as pods; none otherwise (the broker pod's whole traffic).
     */
    private Optional<Map<String, Object>> targetOf(String link, int broker, Map<Integer, Pod> pods, FaultSpec spec) {
        if (link.equals("replication")) {
            List<String> others = pods.entrySet().stream().filter(e -> e.getKey() != broker)
                    .map(e -> e.getValue().getMetadata().getName()).toList();
            if (others.isEmpty()) {
                throw new IllegalArgumentException(spec.type().cliName() + " link=replication on broker " + broker
                        + ": no other broker pod in " + describe() + " to replicate with");
            }
            return Optional.of(chaosMesh.podsByName(others));
        }
        if (link.equals("client") && target.apps() == KubernetesTarget.Apps.PODS) {
            return Optional.of(chaosMesh.podsByLabels(cluster.appPodLabels()));
        }
        return Optional.empty();
    }

    /**
     * Chaos Mesh's direction from the spec's stream: downstream (the broker's answers) is {@code to}
     * the target, upstream {@code from} it; with no stream, both ways. Without a target only
     * {@code to} exists. When several brokers' replication links are faulted at once, each resource
     * takes only its broker's outgoing packets: with both ways, a packet between two of them would be
     * delayed by both resources.
     */
    private static String direction(FaultSpec spec, boolean hasTarget, boolean severalReplication) {
        if (!hasTarget) {
            return "to";
        }
        return switch (spec.attribute("stream", severalReplication ? "downstream" : "both")) {
            case "downstream" -> "to";
            case "upstream" -> "from";
            default -> "both";
        };
    }

    @Override
    public void healNetwork() {
        chaosMesh.deleteAllOurs();
    }

    // ---- apps ----

    private boolean podsApps() {
        return target.apps() == KubernetesTarget.Apps.PODS;
    }

    @Override
    public List<Integer> appIndexes() {
        if (podsApps()) {
            return IntStream.rangeClosed(1, cluster.appPods().size()).boxed().toList();
        }
        return localApps.read().stream().map(AppInstances.AppInstance::index).sorted().toList();
    }

    private Optional<Pod> appPod(int index) {
        List<Pod> pods = cluster.appPods();
        return index >= 1 && index <= pods.size() ? Optional.of(pods.get(index - 1)) : Optional.empty();
    }

    @Override
    public boolean appAlive(int index) {
        if (podsApps()) {
            return KubernetesCluster.ready(appPod(index).orElse(null));
        }
        return localApps.instance(index).map(localApps::alive).orElse(false);
    }

    @Override
    public void killApp(int index) {
        if (podsApps()) {
            appPod(index).ifPresent(pod -> cluster.deletePod(pod, 0));
            return;
        }
        Optional<AppInstances.AppInstance> instance = localApps.instance(index);
        instance.ifPresent(localApps::kill);
        instance.ifPresent(killed -> Poll.until(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL, () -> !localApps.alive(killed)));
    }

    /**
     * Local apps: SIGTERM (SIGKILL after the grace). Pods cannot stay stopped (the Deployment replaces
     * them): stop-app's file refuses them, at load and when bound ({@link #refusal(FaultSpec)}).
     */
    @Override
    public void stopApp(int index) {
        if (podsApps()) {
            throw new IllegalArgumentException(refusal(new FaultSpec(FaultType.STOP_APP, null, Map.of(), null, null))
                    .orElse("stop-app: not on app pods (" + describe() + ")"));
        }
        localApps.instance(index).ifPresent(instance -> localApps.stop(instance, Timeouts.APP_STOP_GRACE));
    }

    /** Pods: the Deployment's ReplicaSet replaces a deleted pod itself; starting is waiting until all replicas are ready. */
    @Override
    public void startApp(int index) {
        if (podsApps()) {
            cluster.awaitAppsReady();
            return;
        }
        AppInstances.AppInstance instance = localApps.instance(index)
                .orElseThrow(() -> new IllegalArgumentException("no app instance " + index + " recorded in " + localApps.file()));
        localApps.awaitReady(localApps.launch(instance), Timeouts.APP_READY);
    }
}
