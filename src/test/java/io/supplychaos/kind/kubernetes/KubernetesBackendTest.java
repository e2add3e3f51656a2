package io.supplychaos.kind.kubernetes;

import static io.supplychaos.kind.kubernetes.MockCluster.NAMESPACE;
import static io.supplychaos.kind.kubernetes.MockCluster.SHORT;
import static io.supplychaos.kind.kubernetes.MockCluster.brokerPodName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import org.chaos_mesh.v1alpha1.NetworkChaos;
import org.chaos_mesh.v1alpha1.PodChaos;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
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

    private static Map<String, Object> spec(HasMetadata resource) {
        return Serialization.jsonMapper().convertValue(Serialization.jsonMapper().valueToTree(resource).path("spec"),
                new TypeReference<Map<String, Object>>() { });
    }

    private List<String> networkChaosNames() {
        return mock.list(NetworkChaos.class).stream().map(r -> r.getMetadata().getName()).sorted().toList();
    }

    // ---- brokers ----

    @Test
    void shouldKillTheBrokersKafkaContainerWithAContainerKillAndTakeTheTimeFromItsStatus() throws Exception {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.requests();

        // when
        FaultAction kill = faults(backend).bind(spec(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of()));
        kill.inject();

        // then one PodChaos container-kill of broker 2's kafka container was created (through the schema-checking API),
        // awaited until Chaos Mesh said AllInjected, and deleted once its finalizer let it go; no pod was deleted
        List<String> writes = mock.writes();
        assertThat(writes).containsExactly(
                "POST /apis/chaos-mesh.org/v1alpha1/namespaces/kafka/podchaos",
                "DELETE /apis/chaos-mesh.org/v1alpha1/namespaces/kafka/podchaos/supply-chaos-kill-broker-2");
        assertThat(mock.list(PodChaos.class)).isEmpty();
        assertThat(brokerPods()).containsExactly(brokerPodName(1), brokerPodName(2), brokerPodName(3));
        assertThat(kill.tookEffectAt()).hasValue(MockCluster.APPLIED.toEpochMilli());
        assertThat(kill.describe()).isEqualTo("kill-broker 2 (the broker comes back at once (the kubelet restarts the container, or"
                + " the StrimziPodSet recreates the pod): the outage lasts as long as that restart, not when healed)");
    }

    @Test
    void shouldSendAContainerKillTheCrdTakes() {
        // given a PodChaos as kill-broker makes it
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.holdFinalizers = true;

        // when killed (the chaos stays while its finalizer is held, so it can be read)
        assertThatThrownBy(() -> backend.killBroker(1)).hasMessageContaining("to be gone");

        // then
        PodChaos chaos = mock.get(PodChaos.class, "supply-chaos-kill-broker-1");
        assertThat(spec(chaos)).containsEntry("action", "container-kill").containsEntry("mode", "all")
                .containsEntry("containerNames", List.of("kafka"))
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(1)))));
        assertThat(mock.crds.problems(Serialization.jsonMapper().valueToTree(chaos))).isEmpty();
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
        // given broker 2 stopped, and the StrimziPodSet's new pod not ready yet
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction stop = faults(backend).bind(spec(FaultType.STOP_BROKER, FaultTarget.broker(2), Map.of()));
        stop.inject();
        mock.brokerPod(2, false);

        // when / then: start waits, and fails at its deadline, while the pod is not ready
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.STOPPED);
        assertThatThrownBy(() -> faults(backend).bind(spec(FaultType.START_BROKER, null, Map.of())).inject())
                .isInstanceOf(Poll.PollTimeoutException.class).hasMessageContaining("broker 2's pod");

        // when the pod is ready, the stop's heal returns and the broker runs
        mock.setReady(mock.pod(brokerPodName(2)), true);
        stop.heal();
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.RUNNING);
    }

    @Test
    void shouldKeepListingABrokerWhosePodIsBeingRecreated() {
        // given broker 2's pod is gone and its node pool still has id 2
        mock.nodePool(List.of(ProcessRoles.BROKER), List.of(1, 2, 3));
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        backend.stopBroker(2);

        // then start-broker 2 can still name it
        assertThat(backend.brokerIds()).containsExactly(1, 2, 3);
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.STOPPED);
    }

    @Test
    void shouldFreezeTheBrokersJvmBySigstopThroughExecAndHealResumesItBySigcont() throws Exception {
        // given a backend recording in the state directory's journal, as runs and verbs do
        ChangeJournal journal = new ChangeJournal(stateDir);
        KubernetesBackend backend = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL),
                new AppInstances(ChaosPaths.defaults().withStateDir(stateDir)), SHORT, journal);
        mock.requests();

        // when broker 2 is paused
        FaultAction pause = faults(backend).bind(spec(FaultType.PAUSE_BROKER, FaultTarget.broker(2), Map.of()));
        pause.inject();

        // then its pod's processes were listed and the java one (not tini, PID 1) got SIGSTOP; nothing else was written
        assertThat(mock.execs).containsSubsequence(brokerPodName(2) + ": sh -c " + BrokerJvm.LIST,
                brokerPodName(2) + ": sh -c kill -STOP " + MockCluster.KAFKA_PID);
        assertThat(mock.execs).noneMatch(e -> e.contains("kill") && !e.startsWith(brokerPodName(2)));
        assertThat(mock.processes.get(brokerPodName(2))).containsEntry(MockCluster.KAFKA_PID, new MockCluster.MockProcess('T', MockCluster.JAVA))
                .containsEntry(1, new MockCluster.MockProcess('S', "/usr/bin/tini"));
        assertThat(mock.writes()).isEmpty();
        assertThat(journal.broker(2)).contains(ChangeJournal.BrokerChange.PAUSED);

        // when Strimzi's readiness probe has failed the frozen pod, it is still paused, for this backend and another terminal's
        mock.setReady(mock.pod(brokerPodName(2)), false);
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.PAUSED);
        KubernetesBackend other = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL),
                new AppInstances(ChaosPaths.defaults().withStateDir(stateDir)), SHORT, new ChangeJournal(stateDir));
        assertThat(other.brokerState(2)).isEqualTo(ProcessControl.State.PAUSED);
        assertThat(other.brokerState(1)).isEqualTo(ProcessControl.State.RUNNING);

        // when healed (as heal does: every paused broker resumed)
        faults(other).bind(spec(FaultType.HEAL, null, Map.of())).inject();

        // then SIGCONT went to the same JVM, it runs, and nothing is recorded any more
        assertThat(mock.execs).last().isEqualTo(brokerPodName(2) + ": sh -c kill -CONT " + MockCluster.KAFKA_PID);
        assertThat(mock.processes.get(brokerPodName(2))).containsEntry(MockCluster.KAFKA_PID, new MockCluster.MockProcess('S', MockCluster.JAVA));
        assertThat(journal.broker(2)).isEmpty();
        mock.setReady(mock.pod(brokerPodName(2)), true);
        assertThat(backend.brokerState(2)).isEqualTo(ProcessControl.State.RUNNING);
    }

    @Test
    void shouldResumeAPausedBrokerWithResumeBrokerAndRefuseToResumeARunningOne() {
        // given broker 3 paused
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        faults(backend).bind(spec(FaultType.PAUSE_BROKER, FaultTarget.broker(3), Map.of())).inject();

        // when resumed
        faults(backend).bind(spec(FaultType.RESUME_BROKER, FaultTarget.broker(3), Map.of())).inject();

        // then it runs, and a second resume is refused before anything is sent, as on the other envs
        assertThat(mock.processes.get(brokerPodName(3)).get(MockCluster.KAFKA_PID).state()).isEqualTo('S');
        assertThat(backend.brokerState(3)).isEqualTo(ProcessControl.State.RUNNING);
        int execs = mock.execs.size();
        assertThatThrownBy(() -> faults(backend).bind(spec(FaultType.RESUME_BROKER, FaultTarget.broker(3), Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resume-broker");
        assertThat(mock.execs).hasSize(execs);
    }

    @Test
    void shouldRefuseToFreezeWhenTheContainerRunsNoBrokerJvmAndRecordNothing() {
        // given broker 1's container runs only tini (Kafka gone, the container not restarted yet)
        ChangeJournal journal = new ChangeJournal(stateDir);
        KubernetesBackend backend = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL),
                new AppInstances(ChaosPaths.defaults().withStateDir(stateDir)), SHORT, journal);
        mock.processes.get(brokerPodName(1)).remove(MockCluster.KAFKA_PID);

        // when / then
        assertThatThrownBy(() -> backend.pauseBroker(1)).hasMessageContaining("runs no java process");
        assertThat(journal.broker(1)).isEmpty();
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
        List<NetworkChaos> chaos = mock.list(NetworkChaos.class);
        assertThat(chaos).extracting(r -> r.getMetadata().getName()).containsExactly("supply-chaos-delay-broker-2-client-to-100ms-20ms");
        assertThat(chaos.get(0).getApiVersion()).isEqualTo("chaos-mesh.org/v1alpha1");
        assertThat(chaos.get(0).getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "supply-chaos")
                .containsEntry(ChaosMesh.PLACE, "supply-chaos-delay-broker-2-client");
        assertThat(spec(chaos.get(0)))
                .containsEntry("action", "delay")
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(2)))))
                .containsEntry("direction", "to")
                .containsEntry("delay", Map.of("latency", "100ms", "jitter", "20ms", "correlation", "0"))
                .doesNotContainKey("target");
        assertThat(delay.describe()).startsWith("delay 100 ms ± 20 ms, client links, broker 2 (Chaos Mesh NetworkChaos supply-chaos-delay-broker-2-client-to-100ms-20ms)")
                .contains("apps run outside the cluster");
        assertThat(delay.tookEffectAt()).hasValue(MockCluster.APPLIED.toEpochMilli());

        // when healed
        delay.heal();

        // then it is gone, and the heal's time is the Recover event Chaos Mesh wrote before it let it go
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
        assertThat(delay.undoneAt()).hasValue(MockCluster.RECOVERED.toEpochMilli());
    }

    @Test
    void shouldStillHealWhenTheAccountMayNotWatchChaosAndThenHaveNoTimeOfTheChaossOwn() {
        // given a delay in place, and an account that may delete but not watch chaos
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100")));
        delay.inject();
        mock.refuseWatches = true;

        // when
        delay.heal();

        // then it is gone all the same, and the heal's time is left to the caller's clock
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
        assertThat(delay.undoneAt()).isEmpty();
    }

    @Test
    void shouldRecordAScheduledFaultsInjectAndHealAtTheChaossOwnTimesNotTheToolsClock() {
        // given a run's timeline on the cluster: delay 100 ms on broker 2, held 200 ms
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        HistoryLog history = new HistoryLog();
        FaultEventLog journal = new FaultEventLog(stateDir);
        long before = System.currentTimeMillis();
        try (FaultTimeline timeline = new FaultTimeline(List.of(new FaultSpec(FaultType.DELAY, FaultTarget.broker(2),
                Map.of("ms", "100"), Duration.ZERO, Duration.ofMillis(200))), faults(backend), journal, history, line -> { })) {

            // when it plays
            timeline.startSchedule();
            Poll.require("the delay injected and healed", Duration.ofSeconds(10), () -> history.events().stream()
                    .anyMatch(e -> e instanceof HistoryEvent.Fault f && f.phase() == HistoryEvent.FaultPhase.HEALED));
        }

        // then the history the checker reads and the event log other terminals read hold Chaos Mesh's Apply and
        // Recover times (January 2026), where the tool's clock said later
        List<HistoryEvent.Fault> recorded = history.events().stream().filter(HistoryEvent.Fault.class::isInstance)
                .map(HistoryEvent.Fault.class::cast).toList();
        assertThat(recorded).extracting(HistoryEvent.Fault::phase, HistoryEvent.Fault::at).containsExactly(
                tuple(HistoryEvent.FaultPhase.INJECTED, MockCluster.APPLIED.toEpochMilli()),
                tuple(HistoryEvent.FaultPhase.HEALED, MockCluster.RECOVERED.toEpochMilli()));
        assertThat(MockCluster.RECOVERED.toEpochMilli()).isLessThan(before);
        assertThat(journal.readFrom(0).entries()).extracting(FaultEventLog.Entry::at)
                .containsExactly(MockCluster.APPLIED.toEpochMilli(), MockCluster.RECOVERED.toEpochMilli());
    }

    @Test
    void shouldWriteLatencyAsTheCrdsPatternWantsItWhateverTheAttributesSpelling() {
        // given latencies the attribute rules take: with an underscore, with a sign
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // when
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "1_000"))).inject();
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(3), Map.of("ms", "+100", "jitter", "+5"))).inject();

        // then the API (which checks the CRD's pattern ^[0-9]+(\\.[0-9]+)?(ns|us|ms|s|m|h)$) took both, as numbers
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-1-client-to-1000ms")))
                .containsEntry("delay", Map.of("latency", "1000ms", "jitter", "0ms", "correlation", "0"));
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-3-client-to-100ms-5ms")))
                .containsEntry("delay", Map.of("latency", "100ms", "jitter", "5ms", "correlation", "0"));
    }

    @Test
    void shouldReplaceAChaosWithOtherParametersByDeleteAwaitGoneCreateNeverBySpecUpdate() throws Exception {
        // given delay 100 ms on broker 2
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100"))).inject();
        mock.requests();

        // when delay 300 ms on the same broker and link
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "300"))).inject();

        // then the first was deleted (and awaited gone) before the second was created; no spec was updated
        assertThat(mock.writes()).containsExactly(
                "DELETE /apis/chaos-mesh.org/v1alpha1/namespaces/kafka/networkchaos/supply-chaos-delay-broker-2-client-to-100ms",
                "POST /apis/chaos-mesh.org/v1alpha1/namespaces/kafka/networkchaos");
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-2-client-to-300ms");
    }

    @Test
    void shouldRefuseAChaosSpecUpdateAsChaosMeshsWebhookDoes() {
        // given a chaos of ours in place
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100"))).inject();
        NetworkChaos chaos = mock.get(NetworkChaos.class, "supply-chaos-delay-broker-2-client-to-100ms");

        // when its spec is changed in place (what the tool did before: create-or-update)
        chaos.getSpec().getDelay().setLatency("300ms");

        // then the API server refuses it, as Chaos Mesh's webhook does
        assertThatThrownBy(() -> mock.client.resources(NetworkChaos.class).inNamespace(NAMESPACE).resource(chaos).update())
                .hasMessageContaining("Cannot update chaos spec");
    }

    @Test
    void shouldWaitForTheFinalizerBeforeCreatingAgainAndNeverCreateWhileTheOldOneIsGoing() throws Exception {
        // given delay 100 ms injected, and Chaos Mesh slow to recover it (its finalizer held)
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction first = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));
        first.inject();
        mock.holdFinalizers = true;

        // when healed, then at once injected again with other parameters
        assertThatThrownBy(first::heal).hasMessageContaining("to be gone").hasMessageContaining("chaos-mesh/records");
        mock.requests();
        FaultAction second = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "300")));
        assertThatThrownBy(second::inject).hasMessageContaining("to be gone");

        // then nothing was created while the old one was still going
        assertThat(mock.writes()).noneMatch(w -> w.startsWith("POST"));
        assertThat(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-2-client-to-100ms").getMetadata().getDeletionTimestamp())
                .isNotNull();

        // when Chaos Mesh lets it go
        mock.holdFinalizers = false;
        second.inject();

        // then only the new one exists
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-2-client-to-300ms");
    }

    @Test
    void shouldWaitForAllInjectedAndUndoWhenItNeverComes() throws Exception {
        // given Chaos Mesh that does not report the chaos injected
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.holdInjection = true;
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when / then: inject fails at its deadline naming the condition, and what it created is deleted again
        assertThatThrownBy(delay::inject).hasMessageContaining("to be injected (condition AllInjected True)")
                .hasMessageContaining("failed and was undone");
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
    }

    @Test
    void shouldReturnOnlyOnceChaosMeshReportsTheChaosInjected() {
        // given Chaos Mesh that reports the injection only later
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        mock.holdInjection = true;
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));
        Thread controller = new Thread(() -> {
            Poll.until(java.time.Duration.ofSeconds(5), () -> !mock.list(NetworkChaos.class).isEmpty());
            mock.injectHeld(NetworkChaos.class);
        });
        controller.start();

        // when
        delay.inject();

        // then inject returned with the time from the chaos's status
        assertThat(delay.tookEffectAt()).hasValue(MockCluster.APPLIED.toEpochMilli());
    }

    @Test
    void shouldTargetTheOtherBrokerPodsOnReplicationLinkDownstreamByDefault() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // when
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "50", "link", "replication"))).inject();

        // then broker 1's own packets to the other brokers, as Toxiproxy's default stream (downstream)
        NetworkChaos chaos = mock.get(NetworkChaos.class, "supply-chaos-delay-broker-1-replication-to-50ms");
        assertThat(spec(chaos))
                .containsEntry("selector", Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(1)))))
                .containsEntry("direction", "to")
                .containsEntry("target", Map.of("mode", "all", "selector",
                        Map.of("pods", Map.of(NAMESPACE, List.of(brokerPodName(2), brokerPodName(3))))))
                .containsEntry("delay", Map.of("latency", "50ms", "jitter", "0ms", "correlation", "0"));
    }

    @Test
    void shouldRefuseAReplicationFaultWhenTheBrokersAreControllersToo() throws Exception {
        // given a cluster whose broker pods are dual-role (controllers too)
        try (MockCluster dual = new MockCluster()) {
            dual.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092");
            for (int id = 1; id <= 3; id++) {
                dual.brokerPod(id, true, true);
            }
            KubernetesBackend backend = new KubernetesBackend(dual.client, MockCluster.target(KubernetesTarget.Apps.LOCAL),
                    new AppInstances(ChaosPaths.defaults().withStateDir(stateDir)), SHORT);
            dual.requests();

            // when / then
            assertThatThrownBy(() -> Faults.on(backend, stateDir).bind(spec(FaultType.DELAY, FaultTarget.broker(1),
                    Map.of("ms", "50", "link", "replication"))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("are KRaft controllers too")
                    .hasMessageContaining("controller quorum");
            assertThat(dual.writes()).isEmpty();
        }
    }

    @Test
    void shouldTakeEachBrokersOwnPacketsWhenAllReplicationLinksAreFaulted() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);

        // when
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.all(), Map.of("ms", "50", "link", "replication"))).inject();

        // then one resource per broker, each on its own outgoing packets
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-1-replication-to-50ms",
                "supply-chaos-delay-broker-2-replication-to-50ms", "supply-chaos-delay-broker-3-replication-to-50ms");
        assertThat(mock.list(NetworkChaos.class)).allSatisfy(r -> assertThat(spec(r)).containsEntry("direction", "to"));
    }

    @Test
    void shouldLimitBandwidthTowardsTheAppPodsWhenAppsRunAsPods() {
        // given
        mock.appDeployment(2, 2);
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);

        // when
        faults(backend).bind(spec(FaultType.BANDWIDTH, FaultTarget.broker(3), Map.of("kbps", "500", "stream", "downstream"))).inject();

        // then
        NetworkChaos chaos = mock.get(NetworkChaos.class, "supply-chaos-bandwidth-broker-3-client-to-500kbps");
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

        // when the client link is delayed upstream on broker 1, with no stream (Toxiproxy's downstream) on 2, both ways on 3
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "10", "stream", "upstream"))).inject();
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "10"))).inject();
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(3), Map.of("ms", "10", "stream", "both"))).inject();

        // then upstream (towards the broker) is "from" the target, the default "to" it, as Toxiproxy's default
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-1-client-from-10ms"))).containsEntry("direction", "from");
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-2-client-to-10ms"))).containsEntry("direction", "to");
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-3-client-both-10ms"))).containsEntry("direction", "both");
    }

    @Test
    void shouldPartitionTheBrokerPodOnCutWithLinkBoth() {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.PODS);

        // when
        faults(backend).bind(spec(FaultType.CUT, FaultTarget.broker(2), Map.of("link", "both"))).inject();

        // then
        NetworkChaos chaos = mock.get(NetworkChaos.class, "supply-chaos-cut-broker-2-both-to");
        assertThat(spec(chaos)).containsEntry("action", "partition").containsEntry("direction", "to").doesNotContainKey("target");
    }

    @Test
    void shouldInjectIdempotentlyAndHealIdempotently() throws Exception {
        // given
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        FaultAction delay = faults(backend).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when injected twice, then healed twice
        delay.inject();
        mock.requests();
        delay.inject();
        assertThat(mock.writes()).isEmpty();
        assertThat(mock.list(NetworkChaos.class)).hasSize(1);
        delay.heal();
        delay.heal();

        // then
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
    }

    @Test
    void shouldHealOnlyOurChaosMeshResources() {
        // given someone else's NetworkChaos, and ours on every broker
        NetworkChaos foreign = Serialization.unmarshal("""
                apiVersion: chaos-mesh.org/v1alpha1
                kind: NetworkChaos
                metadata: {name: team-latency, namespace: kafka}
                spec:
                  action: delay
                  mode: all
                  selector: {namespaces: [kafka]}
                  delay: {latency: 10ms}
                """, NetworkChaos.class);
        mock.client.resources(NetworkChaos.class).inNamespace(NAMESPACE).resource(foreign).create();
        KubernetesBackend backend = backend(KubernetesTarget.Apps.LOCAL);
        faults(backend).bind(spec(FaultType.DELAY, FaultTarget.all(), Map.of("ms", "100"))).inject();

        // when the heal verb runs
        faults(backend).bind(spec(FaultType.HEAL, null, Map.of())).inject();

        // then ours are gone (awaited past their finalizers), theirs survives
        assertThat(networkChaosNames()).containsExactly("team-latency");
        assertThat(mock.list(PodChaos.class)).isEmpty();
    }

    @Test
    void givenAnotherStateDirectorysChaosInTheNamespaceWhenThisOneHealsThenTheirsStays(@TempDir Path theirDir) {
        // given another state directory (another user's run in the same namespace) delayed broker 3
        AppInstances local = new AppInstances(ChaosPaths.defaults().withStateDir(stateDir));
        KubernetesBackend theirs = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL), local, SHORT,
                new ChangeJournal(theirDir));
        Faults.on(theirs, theirDir).bind(spec(FaultType.DELAY, FaultTarget.broker(3), Map.of("ms", "50"))).inject();
        // and this one delayed broker 1
        KubernetesBackend ours = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL), local, SHORT,
                new ChangeJournal(stateDir));
        faults(ours).bind(spec(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100"))).inject();

        // when this one heals everything
        faults(ours).bind(spec(FaultType.HEAL, null, Map.of())).inject();

        // then only its own delay is gone: the other one's carries the same managed-by label but another instance
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-3-client-to-50ms");
        assertThat(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-3-client-to-50ms").getMetadata().getLabels())
                .containsEntry(ChaosMesh.INSTANCE, new ChangeJournal(theirDir).owner());
    }

    @Test
    void givenAnotherStateDirectorysChaosOfTheSameNameWhenThisOneInjectsThenItIsRefusedAndLeftAlone(@TempDir Path theirDir) {
        // given another state directory delayed broker 2 by 100 ms
        AppInstances local = new AppInstances(ChaosPaths.defaults().withStateDir(stateDir));
        KubernetesBackend theirs = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL), local, SHORT,
                new ChangeJournal(theirDir));
        Faults.on(theirs, theirDir).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100"))).inject();
        KubernetesBackend ours = new KubernetesBackend(mock.client, MockCluster.target(KubernetesTarget.Apps.LOCAL), local, SHORT,
                new ChangeJournal(stateDir));
        FaultAction same = faults(ours).bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when this one injects the same fault, then it is refused naming the reason, and its heal leaves theirs
        assertThatThrownBy(same::inject).hasMessageContaining("another supply-chaos state directory");
        same.heal();
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-2-client-to-100ms");
    }

    @Test
    void shouldNeitherReplaceNorDeleteAResourceOfOurNameThatIsNotOurs() {
        // given a NetworkChaos with our name but without our label
        NetworkChaos foreign = Serialization.unmarshal("""
                apiVersion: chaos-mesh.org/v1alpha1
                kind: NetworkChaos
                metadata: {name: supply-chaos-delay-broker-2-client-to-100ms, namespace: kafka}
                spec:
                  action: loss
                  mode: all
                  selector: {namespaces: [kafka]}
                  loss: {loss: "50"}
                """, NetworkChaos.class);
        mock.client.resources(NetworkChaos.class).inNamespace(NAMESPACE).resource(foreign).create();
        FaultAction delay = faults(backend(KubernetesTarget.Apps.LOCAL))
                .bind(spec(FaultType.DELAY, FaultTarget.broker(2), Map.of("ms", "100")));

        // when / then
        assertThatThrownBy(delay::inject).hasMessageContaining("is not labelled app.kubernetes.io/managed-by=supply-chaos");
        delay.heal();
        assertThat(spec(mock.get(NetworkChaos.class, "supply-chaos-delay-broker-2-client-to-100ms"))).containsEntry("action", "loss");
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
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
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
