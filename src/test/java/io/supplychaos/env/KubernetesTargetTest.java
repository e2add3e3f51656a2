package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.supplychaos.spec.SpecException;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;

/** The env file's kubernetes: block: defaults, every field read, each kind of mistake named by file, line:column and field. */
class KubernetesTargetTest {

    @TempDir
    Path dir;

    private SpecNode block(String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("k8s.yaml"), "kind: kubernetes\nkubernetes:\n" + yaml.indent(2));
        return SpecFile.read(file, EnvSpecException::new).get("kubernetes");
    }

    @Test
    void shouldDefaultToFirstListenerCurrentContextAndLocalApps() throws IOException {
        // given a block with only the required fields
        SpecNode node = block("namespace: kafka\ncluster: c3\n");

        // when
        KubernetesTarget target = KubernetesTarget.fromNode(node);

        // then
        assertThat(target).isEqualTo(new KubernetesTarget("kafka", "c3", null, null, KubernetesTarget.Apps.LOCAL, "supply-chaos"));
        assertThat(target.listenerName()).isEmpty();
        assertThat(target.contextName()).isEmpty();
        assertThat(target.describe()).isEqualTo("kubernetes cluster c3 in namespace kafka (current context)");
    }

    @Test
    void shouldReadEveryField() throws IOException {
        // given
        SpecNode node = block("""
                namespace: kafka
                cluster: c3
                listener: external
                context: kind-chaos
                apps: pods
                appDeployment: supply-chaos-app
                """);

        // when
        KubernetesTarget target = KubernetesTarget.fromNode(node);

        // then
        assertThat(target).isEqualTo(new KubernetesTarget("kafka", "c3", "external", "kind-chaos", KubernetesTarget.Apps.PODS,
                "supply-chaos-app"));
        assertThat(target.describe()).isEqualTo("kubernetes cluster c3 in namespace kafka (context kind-chaos)");
    }

    static Stream<Arguments> badBlocks() {
        return Stream.of(
                Arguments.of("unknown key", "namespace: kafka\ncluster: c3\nnamspace: x\n", "kubernetes.namspace", "5:3", "unknown key"),
                Arguments.of("missing namespace", "cluster: c3\n", "kubernetes.namespace", "3:3", "required: a namespace name"),
                Arguments.of("missing cluster", "namespace: kafka\n", "kubernetes.cluster", "3:3", "required: the Strimzi Kafka resource's name"),
                Arguments.of("upper-case namespace", "namespace: Kafka\ncluster: c3\n", "kubernetes.namespace", "3:14",
                        "lower-case letters, digits and '-', at most 63, got 'Kafka'"),
                Arguments.of("cluster name with a dot", "namespace: kafka\ncluster: c.3\n", "kubernetes.cluster", "4:12", "got 'c.3'"),
                Arguments.of("listener too long", "namespace: kafka\ncluster: c3\nlistener: externallistener\n", "kubernetes.listener", "5:13",
                        "a Strimzi listener name"),
                Arguments.of("bad apps", "namespace: kafka\ncluster: c3\napps: cloud\n", "kubernetes.apps", "5:9", "one of local, pods, got 'cloud'"),
                Arguments.of("deployment without pods", "namespace: kafka\ncluster: c3\nappDeployment: x\n", "kubernetes.appDeployment", "5:18",
                        "appDeployment only with apps: pods"),
                Arguments.of("blank context", "namespace: kafka\ncluster: c3\ncontext: ' '\n", "kubernetes.context", "5:12", "a kubeconfig context name"),
                Arguments.of("namespace as a list", "namespace: [kafka]\ncluster: c3\n", "kubernetes.namespace", "3:14", "got a list"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBlocks")
    void shouldRefuseBadBlockNamingFileLineColumnAndField(String title, String yaml, String field, String at, String expected)
            throws IOException {
        // given
        SpecNode node = block(yaml);

        // when / then
        assertThatThrownBy(() -> KubernetesTarget.fromNode(node))
                .isInstanceOf(EnvSpecException.class)
                .satisfies(e -> assertThat(((SpecException) e).field()).isEqualTo(field))
                .hasMessageContaining(dir.resolve("k8s.yaml") + ":" + at + ": field '" + field + "'")
                .hasMessageContaining(expected);
    }

    @Test
    void shouldRefuseMissingBlock() throws IOException {
        // given an env file without a kubernetes: block
        Path file = Files.writeString(dir.resolve("k8s.yaml"), "kind: kubernetes\n");
        SpecNode node = SpecFile.read(file, EnvSpecException::new).get("kubernetes");

        // when / then
        assertThatThrownBy(() -> KubernetesTarget.fromNode(node))
                .isInstanceOf(EnvSpecException.class)
                .hasMessageContaining("field 'kubernetes': required: a mapping with namespace, cluster");
    }
}
