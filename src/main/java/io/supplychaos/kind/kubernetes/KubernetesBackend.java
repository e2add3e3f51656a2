package io.supplychaos.kind.kubernetes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;

import org.chaos_mesh.v1alpha1.NetworkChaos;
import org.chaos_mesh.v1alpha1.NetworkChaosSpec;
import org.chaos_mesh.v1alpha1.PodChaos;
import org.chaos_mesh.v1alpha1.PodChaosSpec;
import org.chaos_mesh.v1alpha1.networkchaosspec.Bandwidth;
import org.chaos_mesh.v1alpha1.networkchaosspec.Delay;
import org.chaos_mesh.v1alpha1.networkchaosspec.Target;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultText;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.OnKubernetes;
import io.supplychaos.env.AppInstances;
import io.supplychaos.cluster.Deletion;
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
 * <li>kill-broker is a SIGKILL: a Chaos Mesh {@code PodChaos} {@code container-kill} of the broker
 * pod's {@code kafka} container, awaited until Chaos Mesh reports it injected (its time is the
 * fault's), then deleted (it acts once); stop-broker deletes the pod with its own grace period (a
 * controlled shutdown). The kubelet restarts a killed container, the StrimziPodSet recreates a deleted
 * pod, both at once: the broker is not held down until the heal, which each fault's description
 * says; start-broker waits until the pod is Ready again;</li>
 * <li>pause-broker is SIGSTOP of the Kafka JVM in the broker pod's kafka container through pod exec
 * ({@link BrokerJvm}), resume-broker and heal SIGCONT: the JVM freezes with its sockets open, as on the
 * other envs. A frozen broker is recorded in the state directory's {@link ChangeJournal} (so that heal,
 * {@code down} and another terminal's verbs know it), and its state is read from the JVM's own
 * {@code /proc} state while recorded; Strimzi's readiness probe turns the pod NotReady after a while,
 * its liveness probe (a java process exists) never restarts it, which the fault's file states;</li>
 * <li>network faults are Chaos Mesh {@code NetworkChaos} resources, the action and its parameters as
 * each fault's file maps them ({@link OnKubernetes}: {@code delay}, {@code bandwidth}, {@code partition}
 * for cut), in the direction of Toxiproxy's default stream (downstream: the broker's own packets,
 * {@code direction: to}); a replication fault is refused when a broker pod is also a KRaft controller
 * (Chaos Mesh filters by pod, so it would cut the controller quorum too); what has no Chaos Mesh action
 * (reset-peer, timeout, slice) is refused;</li>
 * <li>app instances are the app Deployment's pods ({@code apps: pods}: kill deletes one with grace 0,
 * start waits until the Deployment is ready again, stop is refused since the Deployment replaces a
 * stopped pod at once) or local JVMs ({@code apps: local}, as for the embedded environment).</li>
 * </ul>
 * Every Chaos Mesh resource is labelled {@code app.kubernetes.io/managed-by: supply-chaos} and heal
 * deletes only those. Given the state directory's {@link ChangeJournal}, each one created is recorded
 * there until it is deleted, and {@code down} deletes what is left ({@link #deleteCreated}). There is
 * no Toxiproxy here.
 */
public final class KubernetesBackend implements FaultBackend, AutoCloseable {

    private final KubernetesClient client;
    private final KubernetesTarget target;
    private final KubernetesCluster cluster;
    private final ChaosMesh chaosMesh;
    private final AppInstances localApps;
    private final boolean ownsClient;
    private final Map<String, String> clientConfig;
    /** When each broker's last kill took effect, from its chaos's status. */
    private final Map<Integer, Instant> brokerFaultAt = new ConcurrentHashMap<>();
    private final BrokerJvm jvm;
    /** Where frozen brokers are recorded; null: only in {@link #frozenHere}. */
    private final ChangeJournal journal;
    private final Set<Integer> frozenHere = ConcurrentHashMap.newKeySet();

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
        this.chaosMesh = new ChaosMesh(client, target.namespace(), timeouts, journal);
        this.jvm = new BrokerJvm(client, target.namespace(), timeouts.exec());
        this.journal = journal;
        this.localApps = localApps;
        this.ownsClient = ownsClient;
        this.clientConfig = Map.copyOf(clientConfig);
    }

    /** A backend on {@code client}, which it closes in {@link #close()}, recording what it creates in {@code journal}. */
    static KubernetesBackend owning(KubernetesClient client, KubernetesTarget target, AppInstances localApps,
                                    KubernetesTimeouts timeouts, Map<String, String> clientConfig, ChangeJournal journal) {
        return new KubernetesBackend(client, target, localApps, timeouts, true, clientConfig, journal);
    }

    /**
     * Deletes a Chaos Mesh resource the journal says this tool created (down): by kind and name, and
     * only when it still carries the tool's label, awaited until Chaos Mesh let it go (its finalizer);
     * gone already is done.
     *
     * @return deleted, gone already, or left because it no longer carries the tool's labels
     */
    Deletion deleteCreated(ChangeJournal.Resource resource) {
        if (!resource.namespace().equals(target.namespace())) {
            throw new IllegalArgumentException(resource + " is not in " + describe() + "'s namespace " + target.namespace());
        }
        return chaosMesh.deleteRecorded(ChaosMesh.kind(resource.kind()), resource.name());
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

    /** The Strimzi Kafka pod's broker container: what container-kill kills. */
    static final String KAFKA_CONTAINER = "kafka";

    static String killName(int id) {
        return "supply-chaos-kill-broker-" + id;
    }

    /**
     * PAUSED when the tool froze it (recorded) and its JVM is still stopped, as {@code /proc} in its
     * container says (a frozen pod turns NotReady after a while, so readiness cannot tell); else
     * STOPPED when its pod is missing, terminating or not ready (a killed container restarting), else
     * RUNNING. A JVM recorded frozen but found running again (its container restarted, or someone sent
     * SIGCONT) is taken out of the record.
     */
    @Override
    public ProcessControl.State brokerState(int id) {
        Optional<Pod> pod = cluster.brokerPod(id);
        if (pod.isPresent() && frozen(id) && pod.get().getMetadata().getDeletionTimestamp() == null) {
            if (jvm.find(pod.get().getMetadata().getName()).map(BrokerJvm.Process::frozen).orElse(false)) {
                return ProcessControl.State.PAUSED;
            }
            thawed(id);
        }
        return KubernetesCluster.ready(pod.orElse(null)) ? ProcessControl.State.RUNNING : ProcessControl.State.STOPPED;
    }

    private boolean frozen(int id) {
        return journal != null ? journal.broker(id).filter(ChangeJournal.BrokerChange.PAUSED::equals).isPresent()
                : frozenHere.contains(id);
    }

    private void thawed(int id) {
        frozenHere.remove(id);
        if (journal != null && journal.broker(id).filter(ChangeJournal.BrokerChange.PAUSED::equals).isPresent()) {
            journal.brokerRestored(id);
        }
    }

    /**
     * SIGKILL to the broker's container through Chaos Mesh ({@code container-kill}); returns once
     * Chaos Mesh reports it done, and deletes the chaos (it acts once; the kubelet restarts the
     * container whatever is done with it).
     */
    @Override
    public void killBroker(int id) {
        Optional<Pod> pod = cluster.brokerPod(id);
        if (pod.isEmpty()) {
            return;
        }
        PodChaosSpec spec = new PodChaosSpec();
        spec.setAction(PodChaosSpec.Action.CONTAINERKILL);
        spec.setMode(PodChaosSpec.Mode.ALL);
        spec.setContainerNames(List.of(KAFKA_CONTAINER));
        org.chaos_mesh.v1alpha1.podchaosspec.Selector selector = new org.chaos_mesh.v1alpha1.podchaosspec.Selector();
        selector.setPods(Map.of(target.namespace(), List.of(pod.get().getMetadata().getName())));
        spec.setSelector(selector);
        PodChaos kill = new PodChaos();
        kill.setSpec(spec);
        brokerFaultAt.put(id, chaosMesh.apply(chaosMesh.ours(kill, killName(id), "kill-broker-" + id)));
        chaosMesh.delete(PodChaos.class, killName(id));
    }

    @Override
    public OptionalLong brokerFaultTookEffectAt(int id) {
        Instant at = brokerFaultAt.get(id);
        return at == null ? OptionalLong.empty() : OptionalLong.of(at.toEpochMilli());
    }

    @Override
    public Optional<String> difference(FaultType type) {
        return type.onKubernetes().differs();
    }

    /**
     * How {@code spec} on any kubernetes env differs in effect from the embedded env's, as its fault
     * file says ({@link OnKubernetes#differs(FaultSpec)}), or empty: stated before a run starts.
     */
    public static Optional<String> difference(FaultSpec spec) {
        return spec.type().onKubernetes().differs(spec);
    }

    @Override
    public void stopBroker(int id) {
        // no grace given: the pod's own terminationGracePeriodSeconds, in which Kafka shuts down in a controlled way
        cluster.brokerPod(id).ifPresent(pod -> cluster.deletePod(pod, null));
    }

    /** The kubelet restarts a killed container, the StrimziPodSet recreates a deleted pod: starting is waiting until it is Ready. */
    @Override
    public void startBroker(int id) {
        cluster.awaitBrokerReady(id);
    }

    /**
     * SIGSTOP to the broker's JVM through pod exec ({@link BrokerJvm}); recorded first, so that a
     * freeze is never one heal and {@code down} do not know of.
     *
     * @throws IllegalStateException when the broker has no pod, its container runs no broker JVM, or exec failed
     */
    @Override
    public void pauseBroker(int id) {
        Pod pod = cluster.brokerPod(id).orElseThrow(() -> new IllegalStateException("broker " + id + " has no pod in "
                + describe() + " now: nothing to freeze"));
        brokerFaultAt.remove(id);
        if (journal != null) {
            journal.broker(id, ChangeJournal.BrokerChange.PAUSED);
        }
        frozenHere.add(id);
        try {
            jvm.freeze(pod.getMetadata().getName());
        } catch (RuntimeException e) {
            thawed(id);
            throw e;
        }
    }

    /**
     * SIGCONT to the broker's JVM through pod exec when it is frozen; out of the record once sent, or
     * when there is nothing frozen to resume (its pod or container was replaced).
     */
    @Override
    public void resumeBroker(int id) {
        Optional<Pod> pod = cluster.brokerPod(id);
        if (pod.isPresent()) {
            jvm.resume(pod.get().getMetadata().getName());
        }
        thawed(id);
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

    /**
     * "supply-chaos-delay-broker-2-client-to-100ms": the fault, its place and its parameters, so that
     * other parameters are another resource (Chaos Mesh refuses a change to a chaos's spec).
     */
    static String networkName(FaultType type, int broker, String link, NetworkChaosSpec.Direction direction, OnKubernetes.Parameters parameters) {
        String suffix = parameters.nameSuffix();
        return place(type, broker, link) + "-" + direction.getValue() + (suffix.isEmpty() ? "" : "-" + suffix);
    }

    /** "supply-chaos-delay-broker-2-client": one such chaos of ours at a time. */
    static String place(FaultType type, int broker, String link) {
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
        OnKubernetes.Parameters parameters = networkChaos.parameters().apply(spec);
        NetworkChaosSpec.Direction direction = direction(spec);
        List<NetworkChaos> resources = new ArrayList<>();
        for (int broker : brokers) {
            Pod pod = pods.get(broker);
            if (pod == null) {
                throw new IllegalArgumentException("broker " + broker + " has no pod in " + describe() + " now: "
                        + spec.type().cliName() + " needs one to select");
            }
            NetworkChaosSpec chaos = new NetworkChaosSpec();
            chaos.setAction(NetworkChaosSpec.Action.valueOf(networkChaos.action().toUpperCase(Locale.ROOT)));
            chaos.setMode(NetworkChaosSpec.Mode.ALL);
            org.chaos_mesh.v1alpha1.networkchaosspec.Selector selector = new org.chaos_mesh.v1alpha1.networkchaosspec.Selector();
            selector.setPods(Map.of(target.namespace(), List.of(pod.getMetadata().getName())));
            chaos.setSelector(selector);
            chaos.setDirection(direction);
            targetOf(link, broker, pods, spec).ifPresent(chaos::setTarget);
            if (parameters instanceof OnKubernetes.DelayParameters delay) {
                Delay block = new Delay();
                block.setLatency(delay.latencyMs() + "ms");
                block.setJitter(delay.jitterMs() + "ms");
                block.setCorrelation("0");
                chaos.setDelay(block);
            } else if (parameters instanceof OnKubernetes.BandwidthParameters bandwidth) {
                Bandwidth block = new Bandwidth();
                block.setRate(bandwidth.kbps() + "kbps");
                block.setLimit(Math.toIntExact(bandwidth.limitBytes()));
                block.setBuffer(Math.toIntExact(bandwidth.bufferBytes()));
                chaos.setBandwidth(block);
            }
            NetworkChaos resource = new NetworkChaos();
            resource.setSpec(chaos);
            resources.add(chaosMesh.ours(resource, networkName(spec.type(), broker, link, direction, parameters),
                    place(spec.type(), broker, link)));
        }
        String where = brokers.equals(brokerIds()) && brokers.size() > 1 ? "all brokers" : "broker " + brokers.get(0);
        StringBuilder description = new StringBuilder(FaultText.network(spec, where));
        description.append(" (Chaos Mesh NetworkChaos ").append(String.join(", ",
                resources.stream().map(r -> r.getMetadata().getName()).toList())).append(')');
        if (link.equals("replication")) {
            description.append(": Chaos Mesh tells packets apart by pod, not by connection, so every packet the broker sends to"
                    + " the other brokers, its own fetches as a follower included (Toxiproxy: only its answers to their fetches)");
        } else if (!hasTarget(link, target.apps())) {
            description.append(link.equals("client")
                    ? ": apps run outside the cluster, where their traffic cannot be told apart from the rest, so all of the broker pod's"
                    + " outgoing traffic, replication and controller traffic included"
                    : ": all of the broker pod's outgoing traffic, controller traffic included");
        }
        return Optional.of(new ChaosMeshFault(chaosMesh, resources, description.toString()));
    }

    /**
     * The pods at the other end of the link: the other broker pods for replication (refused when a
     * broker pod is also a controller: Chaos Mesh would cut the controller quorum, which the other
     * envs' replication links never carry), the app pods for client when apps run as pods; none
     * otherwise (the broker pod's whole traffic).
     */
    private Optional<Target> targetOf(String link, int broker, Map<Integer, Pod> pods, FaultSpec spec) {
        Target target = new Target();
        target.setMode(Target.Mode.ALL);
        org.chaos_mesh.v1alpha1.networkchaosspec.target.Selector selector = new org.chaos_mesh.v1alpha1.networkchaosspec.target.Selector();
        if (link.equals("replication")) {
            List<String> controllers = pods.values().stream().filter(KubernetesCluster::controller).map(p -> p.getMetadata().getName()).toList();
            if (!controllers.isEmpty()) {
                throw new IllegalArgumentException(spec.type().cliName() + " link=replication: broker pods " + controllers + " in "
                        + describe() + " are KRaft controllers too (a dual-role node pool), and Chaos Mesh tells packets apart by pod,"
                        + " so the fault would also cut the controller quorum, which the replication links of the other envs never"
                        + " carry; run the brokers in a pool of their own beside a controller pool (k8s/strimzi/)");
            }
            List<String> others = pods.entrySet().stream().filter(e -> e.getKey() != broker)
                    .map(e -> e.getValue().getMetadata().getName()).toList();
            if (others.isEmpty()) {
                throw new IllegalArgumentException(spec.type().cliName() + " link=replication on broker " + broker
                        + ": no other broker pod in " + describe() + " to replicate with");
            }
            selector.setPods(Map.of(this.target.namespace(), others));
            target.setSelector(selector);
            return Optional.of(target);
        }
        if (link.equals("client") && this.target.apps() == KubernetesTarget.Apps.PODS) {
            selector.setNamespaces(List.of(this.target.namespace()));
            selector.setLabelSelectors(new TreeMap<>(cluster.appPodLabels()));
            target.setSelector(selector);
            return Optional.of(target);
        }
        return Optional.empty();
    }

    /**
     * Chaos Mesh's direction from the spec's stream, Toxiproxy's default included: downstream (the
     * broker's own packets, as Toxiproxy's default stream) is {@code to} the target, upstream (the
     * packets towards the broker) {@code from} it, both both. Without a target only {@code to}
     * exists ({@link #refusal(FaultSpec, KubernetesTarget.Apps)} refuses the others).
     */
    private static NetworkChaosSpec.Direction direction(FaultSpec spec) {
        return switch (spec.attribute("stream", "downstream")) {
            case "upstream" -> NetworkChaosSpec.Direction.FROM;
            case "both" -> NetworkChaosSpec.Direction.BOTH;
            default -> NetworkChaosSpec.Direction.TO;
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
