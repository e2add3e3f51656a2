package io.supplychaos.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.supplychaos.topology.chain.SupplyChainTopology;

/**
 * Keeps topology/topology.txt equal to the live {@code Topology#describe()}: a renamed or
 * re-ordered operator changes changelog and repartition topic names, which breaks running
 * deployments, so such a change must show up in review as a change of the snapshot.
 */
class TopologySnapshotTest {

    static final Path SNAPSHOT = Path.of("topology", "topology.txt");
    static final String REFRESH = "mvn test -Dtest=TopologySnapshotTest -Dtopology.snapshot.update=true";

    @Test
    void shouldMatchTheCommittedSnapshot() throws IOException {
        String live = SupplyChainTopology.build(SupplyChainSettings.defaults()).describe().toString();
        if (Boolean.getBoolean("topology.snapshot.update")) {
            Files.createDirectories(SNAPSHOT.getParent());
            Files.writeString(SNAPSHOT, live);
        }
        assertThat(SNAPSHOT).as("snapshot file; create it with: " + REFRESH).exists();

        assertThat(live).as("the live topology differs from %s. If the change is intended (it renames changelog or "
                + "repartition topics when names move), refresh the snapshot with:%n  %s%nand update "
                + "topology/README.md's diagram.", SNAPSHOT, REFRESH).isEqualTo(Files.readString(SNAPSHOT));
    }

    @Test
    void shouldNameEveryPaperTopicAndTheDeadLetterTopicInTheSnapshot() throws IOException {
        String snapshot = Files.readString(SNAPSHOT);

        Topics.SUPPLY_CHAIN_TOPIC_NAMES.forEach(topic -> assertThat(snapshot).as("topic %s read or written", topic)
                .containsPattern("(topic: " + topic + "\\)|topics: \\[" + topic + "\\])"));
        assertThat(snapshot).contains("stock-commands-by-drug-repartition")
                .doesNotContain("KSTREAM-", "KTABLE-");
    }
}
