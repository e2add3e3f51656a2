package io.supplychaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.Topics;
import io.supplychaos.workload.OutcomeConsumer;

/** --delete-topics on a shared cluster: the app's topics and groups go, nobody else's. */
class ClusterTopicsDeleteTest {

    private static final String CHANGELOG = Topics.APPLICATION_ID + "-" + StoreNames.ORDER_LEDGER + "-changelog";
    private static final String REPARTITION = OutcomeConsumer.stockCommandTopic(Topics.APPLICATION_ID);

    @Test
    void shouldDeleteTheAppsTopicsAndGroupsAndLeaveOtherTeamsAlone() {
        // given a shared cluster with the app's topics and groups next to other teams' look-alikes
        FakeClusterAdmin admin = new FakeClusterAdmin();
        admin.topics.addAll(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        admin.topics.addAll(List.of(CHANGELOG, REPARTITION, "supply-chain-other-team", "supply-chain-orders-changelog",
                "supply-chaos-audit", "other-app-order-ledger-changelog", "payments"));
        admin.groups.addAll(List.of(Topics.APPLICATION_ID, Topics.SSE_GROUP, "supply-chain-other-team", "payments"));

        // when --delete-topics lets the cluster go
        ClusterTopics.Deleted deleted = ClusterTopics.delete(admin, Topics.SUPPLY_CHAIN_TOPIC_NAMES, Topics.APPLICATION_ID,
                List.of(Topics.APPLICATION_ID, Topics.SSE_GROUP));

        // then exactly the app's topics and groups are gone
        assertThat(admin.topics).containsExactlyInAnyOrder("supply-chain-other-team", "supply-chain-orders-changelog",
                "supply-chaos-audit", "other-app-order-ledger-changelog", "payments");
        assertThat(admin.groups).containsExactlyInAnyOrder("supply-chain-other-team", "payments");
        List<String> expected = new ArrayList<>(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
        expected.addAll(List.of(CHANGELOG, REPARTITION));
        assertThat(deleted.topics()).containsExactlyInAnyOrderElementsOf(expected).isSorted();
        assertThat(deleted.groups()).containsExactly(Topics.APPLICATION_ID, Topics.SSE_GROUP);
    }

    @Test
    void shouldSkipWhatIsNotThereAndCallNoDeleteForNothing() {
        // given a cluster holding only another team's topic and none of the app's groups
        FakeClusterAdmin admin = new FakeClusterAdmin();
        admin.topics.add("supply-chain-other-team");

        // when --delete-topics runs
        ClusterTopics.Deleted deleted = ClusterTopics.delete(admin, Topics.SUPPLY_CHAIN_TOPIC_NAMES, Topics.APPLICATION_ID,
                List.of(Topics.APPLICATION_ID, Topics.SSE_GROUP));

        // then nothing is deleted and no topic deletion is sent
        assertThat(deleted.topics()).isEmpty();
        assertThat(deleted.groups()).isEmpty();
        assertThat(admin.topicDeletions).isZero();
        assertThat(admin.topics).containsExactly("supply-chain-other-team");
    }

    @Test
    void shouldNameTheGroupsAndPrefixTheAppConfigures() throws IOException {
        // given the app's configuration
        Properties app = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("src/main/resources/application.properties"))) {
            app.load(in);
        }

        // then the application.id and the SSE group deleted are the ones the app uses
        assertThat(app.getProperty("quarkus.kafka-streams.application-id")).isEqualTo(Topics.APPLICATION_ID);
        assertThat(app.getProperty("mp.messaging.incoming.notifications.group.id")).isEqualTo(Topics.SSE_GROUP);
        assertThat(OutcomeConsumer.DEFAULT_APPLICATION_ID).isEqualTo(Topics.APPLICATION_ID);
    }
}
