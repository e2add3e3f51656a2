package io.supplychaos.kind.kubernetes;

import static io.supplychaos.kind.kubernetes.MockCluster.NAMESPACE;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
 * left (a pause-broker has no duration: its PodChaos lasts until deleted) are deleted, by name and
 * only while they carry the tool's label; anyone else's stay.
 */
class KubernetesDownTest {
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

    @Test
    void givenAPauseTheToolLeftBesideOthersChaosWhenDownThenOnlyTheToolsResourceIsDeleted() {
        // given the tool attached and a verb paused broker 1 (a PodChaos without a duration)
        KubernetesKind kind = new KubernetesKind(target -> mock.server.createClient());
        Host host = new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> {
            throw new AssertionError("no command runs on kubernetes: " + command);
        }, new FakeClusterAdmin());
        KubernetesTarget target = MockCluster.target(KubernetesTarget.Apps.LOCAL);
        EnvSpec spec = new EnvSpec("k8s-c3", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.KUBERNETES, Map.of(),
                null, null, null, target, null);
        Attachment attachment = new Attachment(spec, "env/k8s.yaml", Instant.EPOCH,
                KafkaAccess.plaintext("c3-kafka-bootstrap.kafka.svc:9092"), Map.of(), false, "up");
        attachment.write(stateDir);
        FaultBackend backend = kind.faults(host, attachment);
        Faults.on(backend, stateDir).bind(new FaultSpec(FaultType.PAUSE_BROKER, FaultTarget.broker(1), Map.of(), null, null))
                .inject();
        // and someone else's PodChaos, and one with the tool's label that this state directory did not create
        create(podChaos("team-b-pod-failure", Map.of()));
        create(podChaos("supply-chaos-pause-broker-3", Map.of(ChaosMesh.MANAGED_BY, ChaosMesh.US)));
        List<String> said = new ArrayList<>();

        // when down lets the cluster go
        kind.release(host, attachment, false, said::add);

        // then the PodChaos this tool created is gone, the others stay, and down said so
        assertThat(mock.list(ChaosMesh.POD_CHAOS)).extracting(r -> r.getMetadata().getName())
                .containsExactlyInAnyOrder("team-b-pod-failure", "supply-chaos-pause-broker-3");
        assertThat(said).contains("deleted PodChaos supply-chaos-pause-broker-1 in namespace " + NAMESPACE);
        assertThat(new ChangeJournal(stateDir).resources()).isEmpty();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    private static GenericKubernetesResource podChaos(String name, Map<String, String> labels) {
        return new GenericKubernetesResourceBuilder().withApiVersion(ChaosMesh.API_VERSION).withKind("PodChaos")
                .withNewMetadata().withName(name).withNamespace(NAMESPACE).withLabels(labels).endMetadata()
                .addToAdditionalProperties("spec", Map.of("action", "pod-failure")).build();
    }

    private void create(GenericKubernetesResource resource) {
        mock.client.genericKubernetesResources(ChaosMesh.POD_CHAOS).inNamespace(NAMESPACE).resource(resource).create();
    }
}
