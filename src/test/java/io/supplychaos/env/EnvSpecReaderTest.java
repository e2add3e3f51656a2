package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.supplychaos.cli.ChaosCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class EnvSpecReaderTest {
    private static final String VALID = """
            brokers: 3
            replicationFactor: 3
            partitions: 6
            minInsyncReplicas: 2
            """;

    @TempDir
    Path dir;

    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("unknown key", VALID + "replicas: 3\n", "replicas", "unknown key"),
                Arguments.of("RF > brokers", "brokers: 2\nreplicationFactor: 3\npartitions: 1\n", "replicationFactor", "between 1 and brokers (2)"),
                Arguments.of("minISR > RF", "brokers: 3\nreplicationFactor: 2\npartitions: 1\nminInsyncReplicas: 3\n", "minInsyncReplicas", "between 1 and replicationFactor (2)"),
                Arguments.of("no partitions", "brokers: 1\nreplicationFactor: 1\npartitions: 0\n", "partitions", "at least 1"),
                Arguments.of("missing brokers", "replicationFactor: 1\npartitions: 1\n", "brokers", "required"),
                Arguments.of("too many brokers", "brokers: 10\nreplicationFactor: 1\npartitions: 1\n", "brokers", "between 1 and 9"),
                Arguments.of("text for a number", "brokers: three\nreplicationFactor: 1\npartitions: 1\n", "brokers", "an integer"),
                Arguments.of("bad partitioning", VALID + "partitioning: hash\n", "partitioning", "key, round-robin, single"),
                Arguments.of("bad network", VALID + "network: tunnel\n", "network", "proxied, direct"),
                Arguments.of("broker id out of range", VALID + "brokerConfig: {\"4\": {num.io.threads: 8}}\n", "brokerConfig.4", "broker id from 1 to 3"),
                Arguments.of("reserved property", VALID + "brokerConfig: {all: {listeners: x}}\n", "brokerConfig.all.listeners", "does not set itself"),
                Arguments.of("nested value", VALID + "brokerConfig: {all: {num.io.threads: {a: 1}}}\n", "brokerConfig.all.num.io.threads", "scalar"),
                Arguments.of("not a mapping", "- 1\n- 2\n", "(root)", "mapping"),
                Arguments.of("broken YAML", "brokers: [1\n", "(file)", "readable YAML"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void badEnvFileIsRejectedWithExitCode2NamingFileAndField(String title, String yaml, String field, String expected) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), yaml);
        StringWriter err = new StringWriter();
        CommandLine cli = ChaosCli.commandLine();
        cli.setErr(new PrintWriter(err)).setOut(new PrintWriter(new StringWriter()));

        int exit = cli.execute("up", "--env", file.toString(), "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(file.toString(), "'" + field + "'", expected);
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void shippedEnvsMatchThePapersTableI() {
        ChaosPaths paths = ChaosPaths.defaults();
        EnvSpec c1 = EnvSpecReader.read(EnvFiles.resolve(paths, "c1"));
        EnvSpec c2 = EnvSpecReader.read(EnvFiles.resolve(paths, "c2"));
        EnvSpec c3 = EnvSpecReader.read(EnvFiles.resolve(paths, "c3"));
        assertThat(Stream.of(c1, c2, c3).map(e -> e.brokers() + "/" + e.replicationFactor() + "/" + e.partitions()
                + "/" + e.minInsyncReplicas() + "/" + e.partitioning().yamlName() + "/" + e.network().yamlName()))
                .containsExactly("1/1/1/1/round-robin/proxied", "2/2/3/1/round-robin/proxied", "3/3/6/2/key/proxied");
        assertThat(c3.brokerOverrides(1)).containsEntry("broker.session.timeout.ms", "3000")
                .containsEntry("broker.heartbeat.interval.ms", "500");
    }

    @Test
    void everyShippedEnvFileIsValid() {
        ChaosPaths paths = ChaosPaths.defaults();
        assertThat(EnvFiles.list(paths)).hasSizeGreaterThanOrEqualTo(5)
                .allSatisfy(file -> assertThat(EnvSpecReader.read(file).name()).isEqualTo(EnvFiles.name(file)));
    }

    @Test
    void perBrokerConfigOverridesAllAndDefaultsApply() throws IOException {
        Path file = Files.writeString(dir.resolve("tuned.yaml"), VALID
                + "brokerConfig:\n  all: {num.io.threads: 16, socket.send.buffer.bytes: 1024}\n  \"2\": {socket.send.buffer.bytes: 512}\n");
        EnvSpec spec = EnvSpecReader.read(file);
        assertThat(spec.name()).isEqualTo("tuned");
        assertThat(spec.partitioning()).isEqualTo(Partitioning.KEY);
        assertThat(spec.network()).isEqualTo(Network.PROXIED);
        assertThat(spec.brokerOverrides(1)).containsEntry("num.io.threads", "16").containsEntry("socket.send.buffer.bytes", "1024");
        assertThat(spec.brokerOverrides(2)).containsEntry("num.io.threads", "16").containsEntry("socket.send.buffer.bytes", "512");
    }

    @Test
    void aScenariosInlineEnvBlockGoesThroughTheSameValidation() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode good = yaml.readTree("name: quick\nenv: {brokers: 2, replicationFactor: 2, partitions: 3, network: direct}\n");
        JsonNode bad = yaml.readTree("name: quick\nenv: {brokers: 2, replicationFactor: 2, partitions: 3, minInsyncReplicas: 3}\n");

        EnvSpec spec = EnvSpecReader.fromNode(good.get("env"), "scenarios/quick.yaml: env", "quick");

        assertThat(spec).isEqualTo(new EnvSpec("quick", 2, 2, 3, 1, Partitioning.KEY, Network.DIRECT, Map.of()));
        assertThatThrownBy(() -> EnvSpecReader.fromNode(bad.get("env"), "scenarios/quick.yaml: env", "quick"))
                .isInstanceOf(EnvSpecException.class)
                .hasMessage("scenarios/quick.yaml: env: field 'minInsyncReplicas': an integer between 1 and replicationFactor (2), got 3");
    }
}
