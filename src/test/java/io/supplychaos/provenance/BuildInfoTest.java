package io.supplychaos.provenance;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class BuildInfoTest {

    @Test
    void givenAGitWorkTree_whenAskedForTheCommit_thenItIsTheHeadsHashWithDirtyWhenChanged() {
        assertThat(BuildInfo.gitCommit(Path.of(""))).matches("[0-9a-f]{40}(\\+dirty)?");
    }

    @Test
    void givenADirectoryOutsideGit_whenAskedForTheCommit_thenItIsUnknown(@TempDir Path dir) {
        assertThat(BuildInfo.gitCommit(dir)).isEqualTo("unknown");
    }

    @Test
    void shouldReadTheVersionTheBuildWroteAndTheKafkaClientsVersion() {
        assertThat(BuildInfo.version()).isNotEqualTo("unknown").doesNotContain("${");
        assertThat(BuildInfo.kafkaVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
    }
}
