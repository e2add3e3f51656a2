package io.supplychaos.kind.kubernetes;

import static io.supplychaos.kind.kubernetes.MockCluster.NAMESPACE;
import static io.supplychaos.kind.kubernetes.MockCluster.SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.client.utils.Serialization;
import org.chaos_mesh.v1alpha1.NetworkChaos;
import org.chaos_mesh.v1alpha1.PodChaos;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.cluster.FakeClusterAdmin;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;

/**
 * {@code down} on a Strimzi cluster the tool attached to: the Chaos Mesh resources it created and
 * left (a network fault lasts until healed) are recorded in the change journal while they exist,
 * and down deletes them, by name and only while they carry the tool's label, each awaited gone past
 * Chaos Mesh's finalizer; anyone else's stay.
 */
class KubernetesDownTest {
    private static final String DELAY_1 = "supply-chaos-delay-broker-1-client-to-100ms";

    private MockCluster mock;
    private KubernetesKind kind;
    private Host host;
    private Attachment attachment;

    @TempDir
    Path stateDir;

    @BeforeEach
    void attachToAClusterOfThreeReadyBrokers() {
        mock = new MockCluster();
        mock.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092");
        for (int id = 1; id <= 3; id++) {
            mock.brokerPod(id, true);
        }
        kind = new KubernetesKind(target -> mock.server.createClient(), SHORT);
        host = new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> {
            throw new AssertionError("no command runs on kubernetes: " + command);
        }, new FakeClusterAdmin());
        KubernetesTarget target = MockCluster.target(KubernetesTarget.Apps.LOCAL);
        EnvSpec spec = new EnvSpec("k8s-c3", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.KUBERNETES, Map.of(),
                null, null, null, target, null);
        attachment = new Attachment(spec, "env/k8s.yaml", Instant.EPOCH,
                KafkaAccess.plaintext("c3-kafka-bootstrap.kafka.svc:9092"), Map.of(), false, "up");
        attachment.write(stateDir);
    }

    @AfterEach
    void stopServer() {
        mock.close();
    }

    /** A fault as a verb binds it, on the kind's own backend (the one that journals). */
    private FaultAction fault(FaultType type, FaultTarget target, Map<String, String> attributes) {
        FaultBackend backend = kind.faults(host, attachment);
        return Faults.on(backend, stateDir).bind(new FaultSpec(type, target, attributes, null, null));
    }

    private List<ChangeJournal.Resource> journalled() {
        return new ChangeJournal(stateDir).resources();
    }

    private static ChangeJournal.Resource networkChaos(String name) {
        return new ChangeJournal.Resource("NetworkChaos", NAMESPACE, name);
    }

    private List<String> networkChaosNames() {
        return mock.list(NetworkChaos.class).stream().map(r -> r.getMetadata().getName()).sorted().toList();
    }

    private void create(String yaml) {
        mock.client.resources(NetworkChaos.class).inNamespace(NAMESPACE).resource(Serialization.unmarshal(yaml, NetworkChaos.class))
                .create();
    }

    @Test
    void givenADelayTheToolLeftBesideOthersChaosWhenDownThenOnlyTheToolsResourceIsDeletedAndAwaitedGone() throws Exception {
        // given a verb delayed broker 1 (a NetworkChaos that lasts until healed) and nothing healed it
        fault(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100")).inject();
        assertThat(journalled()).containsExactly(networkChaos(DELAY_1));
        // and someone else's NetworkChaos, and one with the tool's label that this state directory did not create
        create("""
                apiVersion: chaos-mesh.org/v1alpha1
                kind: NetworkChaos
                metadata: {name: team-b-latency, namespace: kafka}
                spec:
                  action: delay
                  mode: all
                  selector: {namespaces: [kafka]}
                  delay: {latency: 10ms}
                """);
        create("""
                apiVersion: chaos-mesh.org/v1alpha1
                kind: NetworkChaos
                metadata:
                  name: supply-chaos-delay-broker-3-client-to-50ms
                  namespace: kafka
                  labels: {app.kubernetes.io/managed-by: supply-chaos}
                spec:
                  action: delay
                  mode: all
                  selector: {pods: {kafka: [c3-brokers-3]}}
                  delay: {latency: 50ms}
                """);
        mock.requests();
        List<String> said = new ArrayList<>();

        // when down lets the cluster go
        kind.release(host, attachment, false, said::add);

        // then the NetworkChaos this tool created was deleted by name and awaited gone past its finalizer
        // (a list shows a terminating chaos: it is not there), the others stay, and down said so
        assertThat(mock.writes()).containsExactly(
                "DELETE /apis/chaos-mesh.org/v1alpha1/namespaces/kafka/networkchaos/" + DELAY_1);
        assertThat(networkChaosNames()).containsExactly("supply-chaos-delay-broker-3-client-to-50ms", "team-b-latency");
        assertThat(said).contains("deleted NetworkChaos " + DELAY_1 + " in namespace " + NAMESPACE);
        assertThat(journalled()).isEmpty();
        assertThat(new ChangeJournal(stateDir).file()).doesNotExist();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void shouldJournalEachChaosWhileItExistsAndTakeItOutOnceItIsGone() {
        // when delayed, then delayed again with other parameters (delete, await gone, create)
        fault(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100")).inject();
        FaultAction slower = fault(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "300"));
        slower.inject();

        // then only the one that exists is journalled
        assertThat(journalled()).containsExactly(networkChaos("supply-chaos-delay-broker-1-client-to-300ms"));

        // when healed, then nothing is left to undo
        slower.heal();
        assertThat(journalled()).isEmpty();

        // when a broker is killed (its container-kill is created, then deleted once injected)
        fault(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of()).inject();

        // then nothing of it is left either
        assertThat(mock.list(PodChaos.class)).isEmpty();
        assertThat(journalled()).isEmpty();
    }

    @Test
    void givenAHealWhoseChaosWasNotGoneInTimeWhenDownThenDownDeletesItAndWaits() throws Exception {
        // given a delay whose heal timed out: Chaos Mesh held its finalizer, the chaos is still going
        FaultAction delay = fault(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100"));
        delay.inject();
        mock.holdFinalizers = true;
        assertThatThrownBy(delay::heal).hasMessageContaining("to be gone");
        assertThat(journalled()).as("not gone: still down's to undo").containsExactly(networkChaos(DELAY_1));
        assertThat(mock.get(NetworkChaos.class, DELAY_1).getMetadata().getDeletionTimestamp()).isNotNull();
        List<String> said = new ArrayList<>();

        // when Chaos Mesh lets it go and down runs
        mock.holdFinalizers = false;
        kind.release(host, attachment, false, said::add);

        // then down deleted it (ours, terminating) and waited until it was gone
        assertThat(mock.list(NetworkChaos.class)).isEmpty();
        assertThat(said).contains("deleted NetworkChaos " + DELAY_1 + " in namespace " + NAMESPACE);
        assertThat(journalled()).isEmpty();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void givenAJournalledChaosThatLostTheToolsLabelWhenDownThenItStays() throws Exception {
        // given a delay the tool created, which someone then took over (the label is not part of the spec Chaos Mesh guards)
        fault(FaultType.DELAY, FaultTarget.broker(1), Map.of("ms", "100")).inject();
        NetworkChaos taken = mock.get(NetworkChaos.class, DELAY_1);
        taken.getMetadata().getLabels().put(ChaosMesh.MANAGED_BY, "team-b");
        mock.client.resources(NetworkChaos.class).inNamespace(NAMESPACE).resource(taken).update();
        mock.requests();

        List<String> said = new ArrayList<>();

        // when down lets the cluster go
        kind.release(host, attachment, false, said::add);

        // then nothing was deleted: it is not the tool's any more, and down says so (not "gone already")
        assertThat(mock.writes()).noneMatch(w -> w.startsWith("DELETE"));
        assertThat(said).contains("left NetworkChaos " + DELAY_1 + " in namespace " + NAMESPACE
                + " as it is: it no longer carries supply-chaos's labels of this state directory (someone changed them),"
                + " so it is not the tool's to delete");
        assertThat(networkChaosNames()).containsExactly(DELAY_1);
        assertThat(journalled()).isEmpty();
    }

    @Test
    void givenABrokerAVerbFrozeAndNothingResumedWhenDownThenDownSendsItSigcontAndForgetsIt() throws Exception {
        // given pause-broker 2 by a verb (SIGSTOP through exec), never resumed
        fault(FaultType.PAUSE_BROKER, FaultTarget.broker(2), Map.of()).inject();
        assertThat(new ChangeJournal(stateDir).broker(2)).contains(ChangeJournal.BrokerChange.PAUSED);
        assertThat(mock.processes.get(MockCluster.brokerPodName(2)).get(MockCluster.KAFKA_PID).state()).isEqualTo('T');
        List<String> said = new ArrayList<>();

        // when down lets the cluster go
        kind.release(host, attachment, false, said::add);

        // then the broker's JVM got SIGCONT, down said so, and nothing is left to undo
        assertThat(mock.execs).last().isEqualTo(MockCluster.brokerPodName(2) + ": sh -c kill -CONT " + MockCluster.KAFKA_PID);
        assertThat(mock.processes.get(MockCluster.brokerPodName(2)).get(MockCluster.KAFKA_PID).state()).isEqualTo('S');
        assertThat(said).contains("resumed broker 2");
        assertThat(new ChangeJournal(stateDir).broker(2)).isEmpty();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }
}
