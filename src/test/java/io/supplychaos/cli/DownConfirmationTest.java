package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.supplychaos.cluster.FakeClusterAdmin;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.StateDir;
import io.supplychaos.kind.Environments;
import io.supplychaos.topology.Topics;

/**
 * {@code down} on a cluster the tool did not start lists what it will delete or restart there and
 * does it only once confirmed: on a terminal, or with {@code --yes}. Without either it prints the
 * list and exits 2 having changed nothing. The terminal is the test's: present and answering, or absent.
 */
class DownConfirmationTest {

    @TempDir
    Path stateDir;

    private final FakeClusterAdmin cluster = new FakeClusterAdmin();
    private final List<List<String>> ran = new ArrayList<>();
    private String out;
    private String err;

    @BeforeEach
    void givenAnExternalClusterWithTheAppsTopicsAndABrokerTheToolStopped() {
        StateDir.createOwned(stateDir);
        cluster.topics.addAll(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        cluster.topics.addAll(List.of("supply-chaos-order-ledger-changelog", "supply-chain-other-team"));
        cluster.groups.addAll(List.of(Topics.APPLICATION_ID, Topics.SSE_GROUP, "payments"));
        ExternalTarget target = new ExternalTarget("k1:9092", null, Map.of(), Map.of(1, "kafka-1.example"), Map.of(
                ExternalTarget.BrokerCommand.KILL, List.of("ssh", "{host}", "kill", "kafka"),
                ExternalTarget.BrokerCommand.START, List.of("ssh", "{host}", "start", "kafka")));
        EnvSpec spec = new EnvSpec("staging", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL, Map.of(),
                null, target, null, null, null);
        new Attachment(spec, "env/staging.yaml", Instant.EPOCH, KafkaAccess.plaintext("k1:9092"), Map.of(), false, "up",
                List.of(Topics.APPLICATION_ID)).write(stateDir);
        new ChangeJournal(stateDir).broker(1, ChangeJournal.BrokerChange.STOPPED);
    }

    /** What the terminal answers; null: there is no terminal (as under surefire). */
    private String answer;
    private final List<String> asked = new ArrayList<>();

    private int down(String... args) {
        DownCommand down = new DownCommand();
        down.confirm = new YesOption();
        if (answer != null) {
            down.confirm.terminal = new YesOption.Terminal() {
                @Override
                public boolean present() {
                    return true;
                }

                @Override
                public java.util.Optional<String> ask(String question) {
                    asked.add(question);
                    return java.util.Optional.of(answer);
                }
            };
        } else {
            down.confirm.terminal = new YesOption.Terminal() {
                @Override
                public boolean present() {
                    return false;
                }

                @Override
                public java.util.Optional<String> ask(String question) {
                    throw new AssertionError("asked without a terminal: " + question);
                }
            };
        }
        down.environments = paths -> new Environments(new Host(paths, (command, timeout) -> {
            ran.add(command);
            return "";
        }, cluster));
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--state-dir", stateDir.toString()));
        int exit = new CommandLine(down).setOut(new PrintWriter(outText)).setErr(new PrintWriter(errText))
                .execute(all.toArray(String[]::new));
        out = outText.toString();
        err = errText.toString();
        return exit;
    }

    @Test
    void givenNoTerminalAndNoYesWhenDownDeletesTopicsThenItListsWhatItWouldChangeExits2AndChangesNothing() {
        int exit = down("--delete-topics");

        assertThat(exit).as(out + err).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(err).contains("start broker 1", "delete topic order-placed on k1:9092",
                "delete topic supply-chaos-order-ledger-changelog", "delete consumer group supply-chaos on k1:9092",
                "--yes").doesNotContain("supply-chain-other-team");
        assertThat(cluster.topics).as("no topic deleted").contains("order-placed", "supply-chaos-order-ledger-changelog");
        assertThat(cluster.groups).contains(Topics.APPLICATION_ID, Topics.SSE_GROUP);
        assertThat(ran).as("no broker started").isEmpty();
        assertThat(Attachment.read(stateDir)).as("still recorded").isPresent();
    }

    @Test
    void givenYesWhenDownDeletesTopicsThenTheListedTopicsAndGroupsGoAndTheBrokerStarts() {
        int exit = down("--delete-topics", "--yes");

        assertThat(exit).as(out + err).isZero();
        assertThat(cluster.topics).containsExactly("supply-chain-other-team");
        assertThat(cluster.groups).containsExactly("payments");
        assertThat(ran).containsExactly(List.of("ssh", "kafka-1.example", "start", "kafka"));
        assertThat(out).contains("started broker 1", "deleted 9 topic(s)");
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }

    @Test
    void givenATerminalWhereTheUserAnswersYesWhenDownDeletesTopicsThenTheListIsShownAndTheChangesAreMade() {
        answer = "y";

        int exit = down("--delete-topics");

        assertThat(exit).as(out + err).isZero();
        assertThat(asked).hasSize(1);
        assertThat(out.indexOf("delete topic order-placed")).as("listed before it is done").isLessThan(out.indexOf("deleted 9 topic(s)"))
                .isNotNegative();
        assertThat(cluster.topics).containsExactly("supply-chain-other-team");
        assertThat(ran).containsExactly(List.of("ssh", "kafka-1.example", "start", "kafka"));
    }

    @Test
    void givenATerminalWhereTheUserDeclinesWhenDownDeletesTopicsThenNothingChanges() {
        answer = "n";

        int exit = down("--delete-topics");

        assertThat(exit).isEqualTo(ChaosCli.EXIT_BAD_INPUT);
        assertThat(err).contains("nothing was changed");
        assertThat(cluster.topics).contains("order-placed");
        assertThat(ran).isEmpty();
        assertThat(Attachment.read(stateDir)).isPresent();
    }

    @Test
    void givenNothingToChangeOnTheClusterWhenDownThenItNeedsNoConfirmation() {
        new ChangeJournal(stateDir).brokerRestored(1);

        int exit = down();

        assertThat(exit).as(out + err).isZero();
        assertThat(out).contains("left the cluster of env staging running");
        assertThat(Attachment.read(stateDir)).as("forgotten").isEmpty();
    }
}
