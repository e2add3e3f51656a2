package io.supplychaos.kind.kubernetes;

import static io.supplychaos.kind.kubernetes.MockCluster.NAMESPACE;
import static io.supplychaos.kind.kubernetes.MockCluster.SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.strimzi.api.kafka.model.nodepool.ProcessRoles;

import io.supplychaos.env.KubernetesTarget;
import io.supplychaos.time.Poll;

/** The Strimzi cluster as the API server shows it: bootstrap from the Kafka status, broker pods and ids, the app Deployment's scale. */
class KubernetesClusterTest {
    private MockCluster mock;

    @BeforeEach
    void startServer() {
        mock = new MockCluster();
    }

    @AfterEach
    void stopServer() {
        mock.close();
    }

    private KubernetesCluster cluster(String listener) {
        return new KubernetesCluster(mock.client, new KubernetesTarget(NAMESPACE, MockCluster.CLUSTER, listener, null,
                KubernetesTarget.Apps.PODS, "supply-chaos"), SHORT);
    }

    @Test
    void shouldTakeBootstrapServersOfTheNamedListener() {
        // given
        mock.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092", "external", "10.0.0.5:31092");

        // when / then
        assertThat(cluster("external").bootstrapServers()).isEqualTo("10.0.0.5:31092");
        assertThat(cluster("plain").bootstrapServers()).isEqualTo("c3-kafka-bootstrap.kafka.svc:9092");
    }

    @Test
    void shouldTakeTheFirstListenerWhenNoneIsNamed() {
        // given
        mock.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092", "external", "10.0.0.5:31092");

        // when / then
        assertThat(cluster(null).bootstrapServers()).isEqualTo("c3-kafka-bootstrap.kafka.svc:9092");
    }

    @Test
    void shouldNameTheListenersFoundWhenTheNamedOneIsMissing() {
        // given
        mock.kafka("plain", "c3-kafka-bootstrap.kafka.svc:9092", "tls", "c3-kafka-bootstrap.kafka.svc:9093");

        // when / then
        assertThatThrownBy(() -> cluster("external").bootstrapServers())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Kafka c3 in namespace kafka has no listener 'external' in its status; listeners found: [plain, tls]");
    }

    @Test
    void shouldSayWhenTheKafkaResourceOrItsStatusIsMissing() {
        // given Strimzi 0.51.0 installed (kafka.strimzi.io/v1 served) and no Kafka resource
        assertThatThrownBy(() -> cluster(null).bootstrapServers())
                .hasMessage("no Kafka named c3 in namespace kafka (kafka.strimzi.io/v1 is served there; is the cluster deployed in another namespace?)");

        // given one Strimzi has not reconciled yet
        mock.kafka();
        assertThatThrownBy(() -> cluster(null).bootstrapServers())
                .hasMessageContaining("Kafka c3 in namespace kafka has no status.listeners yet");
    }

    @Test
    void shouldSayTheStrimziApiIsNotServedWhenStrimziIsMissingOrTooOld() {
        // given an API server with Chaos Mesh and no Strimzi at all
        try (MockCluster bare = new MockCluster(CrdSchemas.of(CrdSchemas.CHAOS_MESH))) {
            KubernetesCluster cluster = new KubernetesCluster(bare.client, MockCluster.target(KubernetesTarget.Apps.LOCAL), SHORT);

            // when / then: the 404 is the API's, not a missing Kafka's
            assertThatThrownBy(cluster::bootstrapServers).hasMessage("the API kafka.strimzi.io/v1 Kafka is not served by kubernetes"
                    + " cluster c3 in namespace kafka (current context) (Strimzi is not installed there): install Strimzi 0.51.0 (k8s/README.md)");
        }
    }

    @Test
    void shouldTakeBrokerIdsFromPodNamesAndNodePoolsOfThisClusterOnly() {
        // given broker pods 1 and 3 (2's pod is being recreated), a pool that assigned 1..3, and another cluster's pod
        mock.brokerPod(1, true);
        mock.brokerPod(3, true);
        mock.nodePool(List.of(ProcessRoles.BROKER), List.of(1, 2, 3));
        mock.createPod(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("other-dual-role-7")
                .withNamespace(NAMESPACE).addToLabels(KubernetesCluster.CLUSTER_LABEL, "other")
                .addToLabels(KubernetesCluster.BROKER_ROLE_LABEL, "true").endMetadata().build(), true);

        // when
        KubernetesCluster cluster = cluster(null);

        // then
        assertThat(cluster.brokerPods()).containsOnlyKeys(1, 3);
        assertThat(cluster.brokerIds()).containsExactly(1, 2, 3);
    }

    @Test
    void shouldNotCountControllerOnlyPoolsAsBrokers() {
        // given
        mock.nodePool("controllers", List.of(ProcessRoles.CONTROLLER), List.of(7, 8, 9));
        mock.brokerPod(1, true);

        // when / then
        assertThat(cluster(null).brokerIds()).containsExactly(1);
    }

    @Test
    void shouldWaitForBrokerPodReadyAndTimeOutNamingIt() {
        // given a broker pod that is not ready
        mock.brokerPod(2, false);
        KubernetesCluster cluster = cluster(null);

        // when / then: no ready pod within the (short) deadline
        assertThatThrownBy(() -> cluster.awaitBrokerReady(2))
                .isInstanceOf(Poll.PollTimeoutException.class)
                .hasMessageContaining("broker 2's pod in kubernetes cluster c3 in namespace kafka (current context) to be Ready");

        // when it becomes ready, the wait returns
        mock.setReady(mock.pod(MockCluster.brokerPodName(2)), true);
        cluster.awaitBrokerReady(2);
    }

    @Test
    void shouldScaleTheAppDeploymentAndRestoreThePreviousCount() {
        // given a Deployment at 1 replica, ready
        mock.appDeployment(1, 1);
        KubernetesCluster cluster = cluster(null);

        // when scaled to 3, then again to 2 (the count before the first scale is kept)
        cluster.scaleApps(3);
        cluster.scaleApps(2);

        // then
        assertThat(mock.deployment().getSpec().getReplicas()).isEqualTo(2);
        assertThat(mock.deployment().getMetadata().getAnnotations()).containsEntry(KubernetesCluster.REPLICAS_BEFORE, "1");

        // when restored
        assertThat(cluster.restoreApps()).hasValue(1);

        // then the Deployment is as it was, annotation gone; a second restore does nothing
        assertThat(mock.deployment().getSpec().getReplicas()).isEqualTo(1);
        assertThat(mock.deployment().getMetadata().getAnnotations()).doesNotContainKey(KubernetesCluster.REPLICAS_BEFORE);
        assertThat(cluster.restoreApps()).isEmpty();
    }

    @Test
    void shouldWaitUntilScaledReplicasAreReady() {
        // given a Deployment at 1 replica, scaled to 3 of which 2 are ready
        mock.appDeployment(1, 1);
        KubernetesCluster cluster = cluster(null);
        cluster.scaleApps(3);
        mock.appStatus(mock.deployment(), 2);

        // when / then: not ready within the deadline
        assertThat(cluster.appsReady()).isFalse();
        assertThatThrownBy(cluster::awaitAppsReady).hasMessageContaining("Deployment supply-chaos in namespace kafka to have its replicas ready");

        // when the third becomes ready
        mock.appStatus(mock.deployment(), 3);

        // then
        cluster.scaleAppsAndWait(3);
        assertThat(cluster.appsReady()).isTrue();
    }

    @Test
    void shouldOrderAppPodsByName() {
        // given
        mock.appDeployment(2, 2);
        mock.appPod("supply-chaos-7d9f-zzzzz", true);
        mock.appPod("supply-chaos-7d9f-aaaaa", true);

        // when / then
        assertThat(cluster(null).appPods()).extracting(p -> p.getMetadata().getName())
                .containsExactly("supply-chaos-7d9f-aaaaa", "supply-chaos-7d9f-zzzzz");
    }
}
