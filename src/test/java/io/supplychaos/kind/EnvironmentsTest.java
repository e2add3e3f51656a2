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

import io.supplychaos.cluster.Cluster;
import io.supplychaos.cluster.FakeClusterAdmin;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
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
    private final FakeClusterAdmin admin = new FakeClusterAdmin();
    /** The compose services running, as {@code ps --services} lists them. */
    private String running = "";
    /** The project's containers, networks and volumes, running or not, as {@code docker ... --filter label=...} lists them. */
    private String projectResources = "";
    /** Commands that fail, by their program. */
    private final List<String> failing = new ArrayList<>();

    private Environments environments() {
        return new Environments(host());
    }

    /** Records every command: the compose and docker CLIs answer from the fields above, broker commands answer nothing. */
    private Host host() {
        return new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> {
            docker.add(command);
            if (failing.contains(command.get(0))) {
                throw new IllegalStateException(command.get(0) + " failed (exit 1)");
            }
            if (command.contains("--services")) {
                return running;
            }
            return command.stream().anyMatch(arg -> arg.startsWith("label=com.docker.compose.project=")) ? projectResources : "";
        }, admin);
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
    void givenAProjectTheUserStartedWithABrokerAKillLeftStoppedWhenUpThenTheBrokerStartsButTheProjectStaysTheUsers() {
        // given the user's project: every container exists, kafka-2 is stopped (a kill left it so)
        running = "kafka-1\nkafka-3\ntoxiproxy\n";
        projectResources = "4f2a\n9c1b\n77d0\n0e3c\n";

        // when up (or a run) attaches to it
        boolean broughtUp = ComposeKind.up(host(), ComposeFile.read(COMPOSE_FILE), line -> { });

        // then up -d starts what does not run, but the project is not the tool's to take down
        assertThat(docker).anyMatch(command -> command.containsAll(List.of("up", "-d", "kafka-2")));
        assertThat(broughtUp).as("a project that was there before is the user's: down must not take it down").isFalse();
    }

    @Test
    void givenAProjectTheUserStartedWhenDownThenOnlyTheBrokersTheToolStoppedOrPausedAreRestoredAndNothingIsRemoved() {
        // given a project the tool did not bring up, on which it killed kafka-2 and paused kafka-3
        Attachment theirs = new Attachment(composeSpec(withoutToxiproxy()), "env/compose.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"),
                Map.of(), false, "up");
        theirs.write(stateDir);
        ChangeJournal journal = new ChangeJournal(stateDir);
        journal.broker(2, ChangeJournal.BrokerChange.STOPPED);
        journal.broker(3, ChangeJournal.BrokerChange.PAUSED);
        List<String> said = new ArrayList<>();

        // when down lets it go
        environments().release(theirs, false, said::add);

        // then exactly those two are undone, and no container, network or volume is stopped or removed
        assertThat(docker).containsExactly(List.of("docker", "start", "supply-chaos-kafka-2"),
                List.of("docker", "unpause", "supply-chaos-kafka-3"));
        assertThat(admin.awaited).as("the started broker is waited for").containsExactly(2);
        assertThat(said).contains("started broker 2", "resumed broker 3");
        assertThat(journal.brokers()).as("nothing left to undo").isEmpty();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void givenAnExternalClusterWhereTheToolStoppedAndPausedBrokersWhenDownThenTheEnvsStartAndResumeCommandsRun() {
        // given an external cluster whose broker 1 the tool killed and broker 2 it paused, through the env's commands
        Attachment attached = externalWithCommands();
        attached.write(stateDir);
        ChangeJournal journal = new ChangeJournal(stateDir);
        journal.broker(1, ChangeJournal.BrokerChange.STOPPED);
        journal.broker(2, ChangeJournal.BrokerChange.PAUSED);
        List<String> said = new ArrayList<>();

        // when down lets it go
        environments().release(attached, false, said::add);

        // then broker 1 is started and broker 2 resumed with the env's own commands, each reported
        assertThat(docker).containsExactly(List.of("ssh", "kafka-1.example", "start", "kafka"),
                List.of("ssh", "kafka-2.example", "resume", "kafka"));
        assertThat(admin.awaited).containsExactly(1);
        assertThat(said).contains("started broker 1", "resumed broker 2");
        assertThat(journal.brokers()).isEmpty();
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void givenAStartCommandThatFailsWhenDownThenTheEnvStaysRecordedWithWhatIsLeftToUndo() {
        Attachment attached = externalWithCommands();
        attached.write(stateDir);
        ChangeJournal journal = new ChangeJournal(stateDir);
        journal.broker(1, ChangeJournal.BrokerChange.STOPPED);
        journal.broker(2, ChangeJournal.BrokerChange.PAUSED);
        failing.add("ssh");

        assertThatThrownBy(() -> environments().release(attached, false, line -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("stays recorded")
                .hasMessageContaining("start broker 1");

        assertThat(journal.brokers()).containsOnlyKeys(1, 2);
        assertThat(Attachment.read(stateDir)).as("kept, for a second down").isPresent();
    }

    @Test
    void givenARunEndingWithABrokerTheToolStoppedByHandWhenItLetsTheClusterGoThenTheEnvStaysRecordedForDown() {
        // given a run's attachment, and a broker stopped by a verb in another terminal and never started
        Attachment attached = externalWithCommands();
        attached.write(stateDir);
        new ChangeJournal(stateDir).broker(1, ChangeJournal.BrokerChange.STOPPED);
        List<String> said = new ArrayList<>();

        // when the run lets the cluster go
        Kinds.attached(EnvKind.EXTERNAL).cluster(host(), attached, true, java.time.Duration.ZERO).release(false, said::add);

        // then nothing is run unasked, and the attachment stays for down to undo the stop
        assertThat(docker).isEmpty();
        assertThat(said).anySatisfy(line -> assertThat(line).contains("broker 1 stopped", "`./chaos down` undoes it"));
        assertThat(Attachment.read(stateDir)).isPresent();
    }

    private static Attachment externalWithCommands() {
        ExternalTarget target = new ExternalTarget("k1:9092", null, Map.of(), Map.of(1, "kafka-1.example"), Map.of(
                ExternalTarget.BrokerCommand.KILL, List.of("ssh", "{host}", "kill", "kafka"),
                ExternalTarget.BrokerCommand.START, List.of("ssh", "{host}", "start", "kafka"),
                ExternalTarget.BrokerCommand.PAUSE, List.of("ssh", "{host}", "pause", "kafka"),
                ExternalTarget.BrokerCommand.RESUME, List.of("ssh", "{host}", "resume", "kafka")));
        EnvSpec spec = new EnvSpec("staging", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL, Map.of(),
                null, target, null, null, null);
        return new Attachment(spec, "env/staging.yaml", Instant.EPOCH, KafkaAccess.plaintext("k1:9092"),
                Map.of(2, "kafka-2.example", 3, "kafka-3.example"), false, "up");
    }

    @Test
    void shouldStopComposeServicesOnReleaseOnlyWhenTheToolStartedThem() throws java.io.IOException {
        EnvSpec spec = composeSpec();
        Attachment ours = new Attachment(spec, "env/compose.yaml", Instant.EPOCH, KafkaAccess.plaintext("127.0.0.1:29041"),
                Map.of(), true, "up");
        Attachment theirs = new Attachment(composeSpec(withoutToxiproxy()), "env/compose.yaml", Instant.EPOCH,
                KafkaAccess.plaintext("127.0.0.1:29041"), Map.of(), false, "up");

        ours.write(stateDir);
        new ChangeJournal(stateDir).broker(2, ChangeJournal.BrokerChange.STOPPED);
        environments().release(ours, false, line -> { });
        assertThat(new ChangeJournal(stateDir).file()).as("the project is gone, and what the tool did to it with it")
                .doesNotExist();
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

    @Test
    void givenARunWhoseScenarioSetsAnotherApplicationIdWhenItsClusterIsLetGoWithDeleteTopicsThenThatAppsTopicsAndGroupGoToo() throws Exception {
        // given an attachment recorded with the default application.id, and a run whose scenario's app uses supply-chain-app
        FakeClusterAdmin cluster = clusterWithTwoAppIds();
        attachedWith(Map.of("applicationId", "supply-chaos"));
        Host host = new Host(ChaosPaths.defaults().withStateDir(stateDir), (command, timeout) -> "", cluster);
        Cluster attached = Kinds.attached(EnvKind.EXTERNAL).cluster(host, Attachment.read(stateDir).orElseThrow(), false,
                java.time.Duration.ZERO);

        // when the run's apps start and, at its end, it lets the cluster go deleting topics
        attached.recordApplication("supply-chain-app");
        assertThat(Attachment.read(stateDir).orElseThrow().applicationIds()).as("recorded for down in another terminal too")
                .containsExactly("supply-chaos", "supply-chain-app");
        attached.release(true, line -> { });

        // then both ids' internal topics and groups are gone, the other team's topic stays
        assertThat(cluster.topics).containsExactly("supply-chain-other-team");
        assertThat(cluster.groups).isEmpty();
    }

    @Test
    void givenAnAttachmentFileOfTheOlderFormWhenReadThenItsSingleApplicationIdIsTheList() throws Exception {
        assertThat(attachedWith(Map.of("applicationId", "supply-chain-app")).applicationIds()).containsExactly("supply-chain-app");
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
        return composeSpec(COMPOSE_FILE);
    }

    private static EnvSpec composeSpec(Path file) {
        return new EnvSpec("compose-c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of(), EnvKind.COMPOSE, Map.of(),
                null, null, new ComposeTarget(file.toString()), null, null);
    }

    @TempDir
    Path files;

    /**
     * The project's brokers without its Toxiproxy: what down undoes on a project it did not bring up
     * includes the tool's toxics on the file's Toxiproxy, and this machine's 127.0.0.1:29000 may be
     * another test's Toxiproxy, whose toxics are not this test's to remove.
     */
    private Path withoutToxiproxy() {
        StringBuilder yaml = new StringBuilder("name: supply-chaos\nservices:\n");
        for (int id = 1; id <= 3; id++) {
            yaml.append("  kafka-").append(id).append(":\n    image: apache/kafka:4.1.1\n    container_name: supply-chaos-kafka-")
                    .append(id).append("\n    environment:\n      KAFKA_ADVERTISED_LISTENERS: \"CLIENT://127.0.0.1:2904").append(id)
                    .append("\"\n");
        }
        try {
            return java.nio.file.Files.writeString(files.resolve("docker-compose.yml"), yaml);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
