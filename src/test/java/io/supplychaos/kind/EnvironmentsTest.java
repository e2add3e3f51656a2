package io.supplychaos.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.supplychaos.cluster.FakeClusterAdmin;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ComposeTarget;
import io.supplychaos.env.EnvBusyException;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.StateJson;
import io.supplychaos.kind.compose.ComposeFile;
import io.supplychaos.kind.compose.ComposeKind;

/**
 * Bringing up and letting go of clusters the tool does not run as processes: compose services are
 * started only when they are not all running, and stopped only when this tool started them; an
 * external cluster is only forgotten.
 */
class EnvironmentsTest {

    private static final Path COMPOSE_FILE = ChaosPaths.defaults().home().resolve("docker-compose.yml");

    @TempDir
    Path stateDir;

    private final List<List<String>> docker = new ArrayList<>();
    private String running = "";

    private Environments environments() {
        return new Environments(host());
    }

    private Host host() {
        return new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> {
            docker.add(command);
            return command.contains("ps") ? running : "";
        });
    }

    @Test
    void shouldStartTheComposeClusterServicesButNotTheAppWhenTheyAreDown() {
        boolean started = ComposeKind.up(host(), ComposeFile.read(COMPOSE_FILE), line -> { });

        assertThat(started).isTrue();
        assertThat(docker.get(docker.size() - 1)).containsSubsequence("docker", "compose", "-f", COMPOSE_FILE.toString(), "-p",
                "supply-chaos", "up", "-d", "kafka-1", "kafka-2", "kafka-3", "toxiproxy", "topics").doesNotContain("app");
    }

    @Test
    void shouldUseComposeServicesThatAlreadyRunAndNotStartThem() {
        running = "kafka-1\nkafka-2\nkafka-3\ntoxiproxy\n";

        boolean started = ComposeKind.up(host(), ComposeFile.read(COMPOSE_FILE), line -> { });

        assertThat(started).isFalse();
        assertThat(docker).as("only questions: docker, its daemon, the compose plugin, the running services")
                .noneMatch(command -> command.contains("up"));
        assertThat(docker.get(docker.size() - 1)).contains("ps");
    }

    @Test
    void shouldStopComposeServicesOnReleaseOnlyWhenTheToolStartedThem() throws java.io.IOException {
        EnvSpec spec = composeSpec();
        Attachment ours = new Attachment(spec, "env/compose.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"),
                Map.of(), true, "up");
        Attachment theirs = new Attachment(spec, "env/compose.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"),
                Map.of(), false, "up");

        ours.write(stateDir);
        java.nio.file.Files.writeString(stateDir.resolve("external-broker-2.state"), "stopped");
        environments().release(ours, false, line -> { });
        assertThat(stateDir.resolve("external-broker-2.state")).as("what the tool did to a broker is forgotten").doesNotExist();
        List<List<String>> afterOurs = List.copyOf(docker);
        theirs.write(stateDir);
        environments().release(theirs, false, line -> { });

        assertThat(afterOurs.get(afterOurs.size() - 1)).isEqualTo(List.of("docker", "compose", "-f", COMPOSE_FILE.toString(),
                "-p", "supply-chaos", "down", "-v"));
        assertThat(docker).as("nothing more for services someone else started").hasSameSizeAs(afterOurs);
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void givenAnAttachmentRecordedUnderAnotherApplicationIdWhenDownDeletesTopicsThenThatAppsTopicsAndGroupGo() throws Exception {
        // given attached.json recording that the app's topics were created for application.id supply-chain-app
        FakeClusterAdmin cluster = clusterWithTwoAppIds();
        Attachment recorded = attachedWith(Map.of("applicationId", "supply-chain-app"));

        // when down --delete-topics lets it go
        new Environments(new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> "", cluster))
                .release(recorded, true, line -> { });

        // then the recorded app id's internal topics and group go, the current default's stay
        assertThat(cluster.topics).containsExactlyInAnyOrder("supply-chaos-orders-changelog", "supply-chain-other-team");
        assertThat(cluster.groups).containsExactly("supply-chaos");
    }

    @Test
    void givenAnAttachmentWithoutAnApplicationIdWhenDownDeletesTopicsThenTheCurrentDefaultsGo() throws Exception {
        FakeClusterAdmin cluster = clusterWithTwoAppIds();
        Attachment recorded = attachedWith(Map.of());

        new Environments(new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> "", cluster))
                .release(recorded, true, line -> { });

        assertThat(cluster.topics).containsExactlyInAnyOrder("supply-chain-app-orders-changelog", "supply-chain-other-team");
        assertThat(cluster.groups).containsExactly("supply-chain-app");
    }

    private static FakeClusterAdmin clusterWithTwoAppIds() {
        FakeClusterAdmin cluster = new FakeClusterAdmin();
        cluster.topics.addAll(List.of("order-placed", "supply-chain-app-orders-changelog", "supply-chaos-orders-changelog",
                "supply-chain-other-team"));
        cluster.groups.addAll(List.of("supply-chain-app", "supply-chaos", "supply-chaos-sse"));
        return cluster;
    }

    /** An external env's attachment as attached.json holds it, with {@code extra} fields, read back. */
    private Attachment attachedWith(Map<String, String> extra) throws java.io.IOException {
        EnvSpec spec = new EnvSpec("staging", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL, Map.of(),
                null, new ExternalTarget("k1:9092", null, Map.of(), Map.of(), Map.of()), null, null, null);
        new Attachment(spec, "env/staging.yaml", Instant.EPOCH, KafkaAccess.plaintext("k1:9092"), Map.of(), false, "up")
                .write(stateDir);
        ObjectNode json = (ObjectNode) StateJson.MAPPER.readTree(stateDir.resolve("attached.json").toFile());
        extra.forEach(json::put);
        StateJson.MAPPER.writeValue(stateDir.resolve("attached.json").toFile(), json);
        return Attachment.read(stateDir).orElseThrow();
    }

    @Test
    void shouldRefuseAnEmbeddedEnvWhereAnotherClusterIsAttached() {
        new Attachment(composeSpec(), "env/compose.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"),
                Map.of(), false, "up").write(stateDir);

        assertThatThrownBy(() -> environments().open(new EnvSpec("c1", 1, 1, 1, 1, Partitioning.KEY, Network.PROXIED,
                Map.of()), "env/c1.yaml", 29000, "run", line -> { }))
                .isInstanceOf(EnvBusyException.class).hasMessageContaining("is attached here");
        assertThat(docker).isEmpty();
    }

    private static EnvSpec composeSpec() {
        return new EnvSpec("compose-c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of(), EnvKind.COMPOSE, Map.of(),
                null, null, new ComposeTarget(COMPOSE_FILE.toString()), null, null);
    }
}
