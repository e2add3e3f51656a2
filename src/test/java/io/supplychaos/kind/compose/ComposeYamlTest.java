package io.supplychaos.kind.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/** A compose file read as Compose reads it: merge keys resolved, a value that contains itself refused. */
class ComposeYamlTest {

    @TempDir
    Path dir;

    @Test
    void givenServicesSharingSettingsThroughAMergeKey_whenRead_thenEachServiceHasThem() throws Exception {
        Path file = Files.writeString(dir.resolve("compose.yaml"),
                "x-kafka: &kafka\n  image: kafka\nservices:\n  broker-1:\n    <<: *kafka\n    hostname: b1\n");

        JsonNode services = ComposeYaml.read(file).path("services");

        assertThat(services.path("broker-1").path("image").asText()).isEqualTo("kafka");
        assertThat(services.path("broker-1").path("hostname").asText()).isEqualTo("b1");
    }

    @Test
    void givenAServiceThatContainsItself_whenRead_thenRefusedNamingTheFileAndLineNotAStackOverflow() throws Exception {
        Path file = Files.writeString(dir.resolve("compose.yaml"),
                "services:\n  broker-1: &b\n    image: kafka\n    links: [*b]\n");

        assertThatThrownBy(() -> ComposeYaml.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + ":2:13: field 'services.broker-1': a value that does not contain itself");
    }
}
