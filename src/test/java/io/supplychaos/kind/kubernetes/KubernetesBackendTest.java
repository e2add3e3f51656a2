package io.supplychaos.kind.kubernetes;

import static io.supplychaos.kind.kubernetes.MockCluster.NAMESPACE;
import static io.supplychaos.kind.kubernetes.MockCluster.SHORT;
import static io.supplychaos.kind.kubernetes.MockCluster.brokerPodName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.mockwebserver.http.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.time.Poll;

/**
 * The faults on a Strimzi cluster, end to end through {@link Faults#on}: exactly which pods are
 * deleted and how, which Chaos Mesh resources exist after each fault and what their specs say, and
 * that heal takes away ours and only ours.
 */
class KubernetesBackendTest {
    private MockCluster mock;

    @TempDir
    Path stateDir;

    @BeforeEach
    void startClusterOfThreeReadyBrokers() {
        mock = new MockCluster();
        mock.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092");
        for (int id = 1; id <= 3; id++) {
            mock.brokerPod(id, true);
        }
    }

    @AfterEach
    void stopServer() {
        mock.close();
    }

    private KubernetesBackend backend(KubernetesTarget.Apps apps) {
        AppInstances local = new AppInstances(ChaosPaths.defaults().withStateDir(stateDir));
        return new KubernetesBackend(mock.client, MockCluster.target(apps), local, SHORT);
    }

    private FaultActions faults(KubernetesBackend backend) {
        return Faults.on(backend, stateDir);
    }

    private static FaultSpec spec(FaultType type, FaultTarget target, Map<String, String> attributes) {
        return new FaultSpec(type, target, attributes, null, null);
    }

    private List<String> brokerPods() {
        return mock.client.pods().inNamespace(NAMESPACE).withLabel(KubernetesCluster.BROKER_ROLE_LABEL, "true").list().getItems()
                .stream().map(p -> p.getMetadata().getName()).sorted().toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> spec(GenericKubernetesResource resource) {
        return (Map<String, Object>) resource.getAdditionalProperties().get("spec");
    }

    // ---- brokers ----

    @Test
    void shouldDeleteBrokerPodWithZeroGraceOnKill() throws Exception {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.requests();

        // when
        faults(backend).bind(spec(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of())).inject();

        // then exactly broker 2's pod was deleted, with grace period 0
        List<RecordedRequest> deletes = mock.deletes();
        assertThat(deletes).extracting(RecordedRequest::getPath).containsExactly("/api/v1/namespaces/kafka/pods/" + brokerPodName(2));
        assertThat(deletes.get(0).getUtf8Body()).contains("\"gracePeriodSeconds\":0");
        assertThat(brokerPods()).containsExactly(brokerPodName(1), brokerPodName(3));
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.STOPPED);
    }

    @Test
    void shouldDeleteBrokerPodWithItsOwnGraceOnStop() throws Exception {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.requests();

        // when
        faults(backend).bind(spec(FaultType.STOP_BROKER, FaultTarget.broker(3), Map.of())).inject();

        // then broker 3's pod was deleted without a grace period of ours: the pod's own applies (controlled shutdown)
        List<RecordedRequest> deletes = mock.deletes();
        assertThat(deletes).extracting(RecordedRequest::getPath).containsExactly("/api/v1/namespaces/kafka/pods/" + brokerPodName(3));
        assertThat(deletes.get(0).getUtf8Body()).doesNotContain("gracePeriodSeconds");
        assertThat(brokerPods()).containsExactly(brokerPodName(1), brokerPodName(2));
    }

    @Test
    void shouldStartBrokerByWaitingForTheRecreatedPodToBeReady() {
        // given broker 2 killed, and the StrimziPodSet's new pod not ready yet
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction kill = faults(backend).bind(spec(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of()));
        kill.inject();
        mock.brokerPod(2, false);

        // when / then: start waits, and fails at its deadline, while the pod is not ready
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.STOPPED);
        assertThatThrownBy(() -> faults(backend).bind(spec(FaultType.START_BROKER, null, Map.of())).inject())
                .isInstanceOf(Poll.PollTimeoutException.class).hasMessageContaining("broker 2's pod");

        // when the pod is ready, the kill's heal returns and the broker runs
        mock.setReady(mock.pod(brokerPodName(2)), true);
        kill.heal();
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.RUNNING);
    }

    @Test
    void shouldKeepListingABrokerWhosePodIsBeingRecreated() {
        // given broker 2's pod is gone and its node pool still has id 2
        mock.nodePool(List.of("controller", "broker"), List.of(1, 2, 3));
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        backend.killBroker(2);

        // then start-broker 2 can still name it
        assertThat(backend.brokerIds()).containsExactly(1, 2, 3);
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.STOPPED);
    }

    @Test
    void shouldPauseWithAPodFailurePodChaosAndResumeByDeletingIt() throws Exception {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction pause = faults(backend).bind(spec(FaultType.PAUSE_BROKER, FaultTarget.broker(2), Map.of()));

        // when
        pause.inject();

        // then one PodChaos of ours on broker 2's pod, and broker 2 is paused
        List<GenericKubernetesResource> chaos = mock.list(ChaosMesh.POD_CHAOS);
        assertThat(chaos).extracting(r -> r.getMetadata().getName()).containsExactly("supply-chaos-pause-broker-2");
        assertThat(chaos.get(0).getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "supply-chaos");
        assertThat(spec(chaos.get(0))).containsEntry("action", "pod-failure").containsEntry("mode", "all")
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(2)))));
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.PAUSED);
        assertThat(backend.brokerState(1)).isEqualTo(ProcessControl.State.RUNNING);
        assertThat(mock.deletes()).isEmpty();

        // when healed (resume)
        pause.heal();

        // then
        assertThat(mock.list(ChaosMesh.POD_CHAOS)).isEmpty();
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.RUNNING);
    }

    // ---- network ----

    @Test
    void shouldDelayBrokerPodsWholeOutgoingTrafficOnClientLinkWhenAppsAreLocal() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100", "jitter", "20")));

        // when
        delay.inject();

        // then
        List<GenericKubernetesResource> chaos = mock.list(ChaosMesh.NETWORK_CHAOS);
        assertThat(chaos).extracting(r -> r.getMetadata().getName()).containsExactly("supply-chaos-delay-broker-2-client");
        assertThat(chaos.get(0).getApiVersion()).isEqualTo("chaos-mesh.org/v1alpha1");
        assertThat(chaos.get(0).getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "supply-chaos");
        assertThat(spec(chaos.get(0)))
                .containsEntry("action", "delay")
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(2)))))
                .containsEntry("direction", "to")
                .containsEntry("delay", Map.of("latency", "100ms", "jitter", "20ms", "correlation", "0"))
                .doesNotContainKey("target");
        assertThat(delay.describe()).startsWith("delay 100 ms ± 20 ms, client links, broker 2 (Chaos Mesh NetworkChaos supply-chaos-delay-broker-2-client)")
                .contains("apps run outside the cluster");

        // when healed
        delay.heal();

        // then
        assertThat(mock.list(ChaosMesh.NETWORK_CHAOS)).isEmpty();
    }

    @Test
    void shouldTargetTheOtherBrokerPodsOnReplicationLink() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // when
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "50", "link", "replication"))).inject();

        // then
        GenericKubernetesResource chaos = mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-delay-broker-1-replication");
        assertThat(spec(chaos))
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(1)))))
                .containsEntry("direction", "both")
                .containsEntry("target", Map.of("mode", "all", "selector",
                        Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(2), brokerPodName(3))))))
                .containsEntry("delay", Map.of("latency", "50ms", "jitter", "0ms", "correlation", "0"));
    }

    @Test
    void shouldDelayEachPacketBetweenBrokersOnceWhenAllReplicationLinksAreFaulted() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // when
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.all(), Map.of("ms", "50", "link", "replication"))).inject();

        // then one resource per broker, each on its own outgoing packets
        List<GenericKubernetesResource> chaos = mock.list(ChaosMesh.NETWORK_CHAOS);
        assertThat(chaos).extracting(r -> r.getMetadata().getName()).containsExactlyInAnyOrder(
                "supply-chaos-delay-broker-1-replication", "supply-chaos-delay-broker-2-replication", "supply-chaos-delay-broker-3-replication");
        assertThat(chaos).allSatisfy(r -> assertThat(spec(r)).containsEntry("direction", "to"));
    }

    @Test
    void shouldLimitBandwidthTowardsTheAppPodsWhenAppsRunAsPods() {
        // given
        mock.appDeployment(2, 2);
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);

        // when
        faults(backend).bind(spec(FaultType.BANDWIDTH, FaultTarget.broker(3), Map.of("kbps", "500", "stream", "downstream"))).inject();

        // then
        GenericKubernetesResource chaos = mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-bandwidth-broker-3-client");
        assertThat(spec(chaos))
                .containsEntry("action", "bandwidth")
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(3)))))
                .containsEntry("direction", "to")
                .containsEntry("target", Map.of("mode", "all", "selector",
                        Map.of("namespaces", List.of(NAMESPACE), "labelSelectors", Map.of("app", "supply-chaos"))))
                .containsEntry("bandwidth", Map.of("rate", "500kbps", "limit", 20971520, "buffer", 10000));
    }

    @Test
    void shouldMapToxiproxyStreamsOntoChaosMeshDirections() {
        // given apps as pods, so the client link has a target
        mock.appDeployment(1, 1);
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);

        // when the client link is delayed upstream on broker 1, both ways on broker 2
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "10", "stream", "upstream"))).inject();
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "10"))).inject();

        // then upstream (towards the broker) is "from" the target, no stream is "both"
        assertThat(spec(mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-delay-broker-1-client"))).containsEntry("direction", "from");
        assertThat(spec(mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-delay-broker-2-client"))).containsEntry("direction", "both");
    }

    @Test
    void shouldPartitionTheBrokerPodOnCutWithLinkBoth() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);

        // when
        faults(backend).bind(spec(FaultType.CUT, FaultTarget.broker(2), Map.of("link", "both"))).inject();

        // then
        GenericKubernetesResource chaos = mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-cut-broker-2-both");
        assertThat(spec(chaos)).containsEntry("action", "partition").containsEntry("direction", "to").doesNotContainKey("target");
    }

    @Test
    void shouldInjectIdempotentlyAndHealIdempotently() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when injected twice, then healed twice
        delay.inject();
        delay.inject();
        assertThat(mock.list(ChaosMesh.NETWORK_CHAOS)).hasSize(1);
        delay.heal();
        delay.heal();

        // then
        assertThat(mock.list(ChaosMesh.NETWORK_CHAOS)).isEmpty();
    }

    @Test
    void shouldHealOnlyOurChaosMeshResources() {
        // given someone else's NetworkChaos, one of ours, and a paused broker
        GenericKubernetesResource foreign = new GenericKubernetesResourceBuilder().withApiVersion(ChaosMesh.API_VERSION)
                .withKind("NetworkChaos").withNewMetadata().withName("team-latency").withNamespace(NAMESPACE).endMetadata()
                .addToAdditionalProperties("spec", Map.of("action", "delay")).build();
        mock.client.genericKubernetesResources(ChaosMesh.NETWORK_CHAOS).inNamespace(NAMESPACE).resource(foreign).create();
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.all(), Map.of("ms", "100"))).inject();
        faults(backend).bind(spec(FaultType.PAUSE_BROKER, FaultTarget.broker(1), Map.of())).inject();

        // when the heal verb runs
        faults(backend).bind(spec(FaultType.HEAL, null, Map.of())).inject();

        // then ours are gone, theirs survives, and no broker is paused
        assertThat(mock.list(ChaosMesh.NETWORK_CHAOS)).extracting(r -> r.getMetadata().getName()).containsExactly("team-latency");
        assertThat(mock.list(ChaosMesh.POD_CHAOS)).isEmpty();
        assertThat(backend.brokerIds()).allSatisfy(id -> assertThat(backend.brokerState(id)).isEqualTo(ProcessControl.State.RUNNING));
    }

    @Test
    void shouldNeitherReplaceNorDeleteAResourceOfOurNameThatIsNotOurs() {
        // given a NetworkChaos with our name but without our label
        GenericKubernetesResource foreign = new GenericKubernetesResourceBuilder().withApiVersion(ChaosMesh.API_VERSION)
                .withKind("NetworkChaos").withNewMetadata().withName("supply-chaos-delay-broker-2-client").withNamespace(NAMESPACE)
                .endMetadata().addToAdditionalProperties("spec", Map.of("action", "loss")).build();
        mock.client.genericKubernetesResources(ChaosMesh.NETWORK_CHAOS).inNamespace(NAMESPACE).resource(foreign).create();
        FaultAction delay = faults(backend(KubernetesTarget.Apps.LOCAL))
                .bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when / then
        assertThatThrownBy(delay::inject).hasMessageContaining("is not labelled app.kubernetes.io/managed-by=supply-chaos");
        delay.heal();
        assertThat(spec(mock.get(ChaosMesh.NETWORK_CHAOS, "supply-chaos-delay-broker-2-client"))).containsEntry("action", "loss");
    }

    @ParameterizedTest
    @EnumSource(value = FaultType.class, names = {"RESET_PEER", "TIMEOUT", "SLICE"})
    void shouldRefuseNetworkFaultsChaosMeshCannotDo(FaultType type) {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        Map<String, String> attributes = type == FaultType.TIMEOUT ? Map.of("ms", "1000") : Map.of();

        // when / then: at load time, and when bound
        assertThat(KubernetesBackend.refusal(type, null)).hasValue(type.cliName() + ": Chaos Mesh has no " + type.cliName()
                + " action (kubernetes environments inject delay, bandwidth and cut)");
        assertThatThrownBy(() -> faults(backend).bind(spec(type, FaultTarget.broker(1), attributes)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(type.cliName() + ": Chaos Mesh has no " + type.cliName())
                .hasMessageContaining("kubernetes cluster c3 in namespace kafka");
        assertThat(mock.list(ChaosMesh.NETWORK_CHAOS)).isEmpty();
    }

    @Test
    void shouldAcceptWhatChaosMeshCanDoAndRefusePartialToxicityAndUpstreamWithoutTarget() {
        assertThat(KubernetesBackend.refusal(FaultType.DELAY, "replication")).isEmpty();
        assertThat(KubernetesBackend.refusal(FaultType.CUT, null)).isEmpty();
        assertThat(KubernetesBackend.refusal(FaultType.KILL_BROKER, null)).isEmpty();
        assertThat(KubernetesBackend.refusal(spec(FaultType.DELAY, null, Map.of("ms", "5", "toxicity", "0.5")), KubernetesTarget.Apps.PODS))
                .hasValueSatisfying(why -> assertThat(why).contains("toxicity must be 1"));
        assertThat(KubernetesBackend.refusal(spec(FaultType.DELAY, null, Map.of("ms", "5", "stream", "upstream")), KubernetesTarget.Apps.LOCAL))
                .hasValueSatisfying(why -> assertThat(why).contains("stream must be downstream"));
        assertThat(KubernetesBackend.refusal(spec(FaultType.DELAY, null, Map.of("ms", "5", "stream", "upstream")), KubernetesTarget.Apps.PODS))
                .isEmpty();
    }

    // ---- apps ----

    @Test
    void shouldKillTheNthAppPodByNameWithZeroGraceAndStartByWaitingForTheDeployment() throws Exception {
        // given a Deployment of two ready pods
        mock.appDeployment(2, 2);
        mock.appPod("supply-chaos-5f-bbbbb", true);
        mock.appPod("supply-chaos-5f-aaaaa", true);
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);
        assertThat(backend.appIndexes()).containsExactly(1, 2);
        FaultAction kill = faults(backend).bind(spec(FaultType.KILL_APP, FaultTarget.app(2), Map.of()));
        mock.requests();

        // when
        kill.inject();

        // then exactly the second pod by name was deleted, with grace 0
        List<RecordedRequest> deletes = mock.deletes();
        assertThat(deletes).extracting(RecordedRequest::getPath).containsExactly("/api/v1/namespaces/kafka/pods/supply-chaos-5f-bbbbb");
        assertThat(deletes.get(0).getUtf8Body()).contains("\"gracePeriodSeconds\":0");
        assertThat(backend.appAlive(2)).isFalse();

        // when the Deployment reports one ready, heal waits and fails at its deadline; once two are ready it returns
        mock.appStatus(mock.deployment(), 1);
        assertThatThrownBy(kill::heal).hasMessageContaining("Deployment supply-chaos");
        mock.appStatus(mock.deployment(), 2);
        backend.startApp(2);
    }

    @Test
    void shouldRefuseStopAppOnAppPodsAtLoadAndWhenBoundWithoutTouchingAPod() throws Exception {
        // given a Deployment of two ready pods
        mock.appDeployment(2, 2);
        mock.appPod("supply-chaos-5f-aaaaa", true);
        mock.appPod("supply-chaos-5f-bbbbb", true);
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);
        FaultSpec stop = spec(FaultType.STOP_APP, FaultTarget.app(1), Map.of());

        // when / then: refused at load (the Deployment replaces a stopped pod at once), and when a verb binds it
        assertThat(KubernetesBackend.refusal(stop, KubernetesTarget.Apps.PODS)).hasValueSatisfying(why ->
                assertThat(why).startsWith("stop-app: with apps: pods the app Deployment replaces a stopped pod at once"));
        assertThat(KubernetesBackend.refusal(stop, KubernetesTarget.Apps.LOCAL)).isEmpty();
        mock.requests();
        assertThatThrownBy(() -> faults(backend).bind(stop)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stop-app: with apps: pods").hasMessageContaining("kubernetes cluster c3 in namespace kafka");
        assertThat(mock.deletes()).isEmpty();
    }

    @Test
    void shouldTakeLocalAppInstancesFromTheRecordedInstancesWhenAppsAreLocal() throws Exception {
        // given app instance 2 recorded (not running) and no app Deployment at all
        Files.createDirectories(stateDir);
        new ObjectMapper().writeValue(stateDir.resolve("apps.json").toFile(), List.of(new AppInstances.AppInstance(2, null, 8080,
                List.of("java", "-jar", "quarkus-run.jar"), "app-2.log")));

        // when
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // then
        assertThat(backend.appIndexes()).containsExactly(2);
        assertThat(backend.appAlive(2)).isFalse();
    }

    @Test
    void shouldDescribeTheClusterAndTakeBootstrapFromTheKafkaStatus() {
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        assertThat(backend.describe()).isEqualTo("kubernetes cluster c3 in namespace kafka (current context)");
        assertThat(backend.access().bootstrapServers()).isEqualTo("c3-kafka-bootstrap.kafka.svc:9092");
        assertThat(backend.toxiproxy()).isEmpty();
        assertThat(backend.brokerIds()).containsExactly(1, 2, 3);
    }
}
