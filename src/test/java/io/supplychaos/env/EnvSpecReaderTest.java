package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

import io.supplychaos.cli.ChaosCli;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;

/** Env files: shipped ones load; each kind of mistake is exit 2 naming the file, line:column, field and expectation. */
class EnvSpecReaderTest {
    private static final String VALID = """
            brokers: 3
            replicationFactor: 3
            partitions: 6
            minInsyncReplicas: 2
            """;

    private static final String EXTERNAL = VALID + "kind: external\nbootstrapServers: kafka-1:9092,kafka-2:9092\n";

    @TempDir
    Path dir;

    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("unknown key", VALID + "replicas: 3\n", "replicas", "unknown key"),
                Arguments.of("RF > brokers", "brokers: 2\nreplicationFactor: 3\npartitions: 1\n", "replicationFactor", "a whole number from 1 to 2 (at most brokers), got '3'"),
                Arguments.of("minISR > RF", "brokers: 3\nreplicationFactor: 2\npartitions: 1\nminInsyncReplicas: 3\n", "minInsyncReplicas", "a whole number from 1 to 2 (at most replicationFactor), got '3'"),
                Arguments.of("no partitions", "brokers: 1\nreplicationFactor: 1\npartitions: 0\n", "partitions", "a whole number from 1 to 10000, got '0'"),
                Arguments.of("missing brokers", "replicationFactor: 1\npartitions: 1\n", "brokers", "required: a whole number from 1 to 9"),
                Arguments.of("too many brokers", "brokers: 10\nreplicationFactor: 1\npartitions: 1\n", "brokers", "a whole number from 1 to 9, got '10'"),
                Arguments.of("overflowing partitions", "brokers: 1\nreplicationFactor: 1\npartitions: 99999999999999999999\n",
                        "partitions", "a whole number from 1 to 10000, got '99999999999999999999'"),
                Arguments.of("duplicate key", VALID + "brokers: 4\n", "brokers", "a key given once; 'brokers' is also at line 1"),
                Arguments.of("text for a number", "brokers: three\nreplicationFactor: 1\npartitions: 1\n", "brokers", "a whole number from 1 to 9, got 'three'"),
                Arguments.of("bad partitioning", VALID + "partitioning: hash\n", "partitioning", "key, round-robin, single"),
                Arguments.of("bad network", VALID + "network: tunnel\n", "network", "proxied, direct"),
                Arguments.of("broker id out of range", VALID + "brokerConfig: {\"4\": {num.io.threads: 8}}\n", "brokerConfig.4", "'all' or a broker id from 1 to 3, got '4'"),
                Arguments.of("reserved property", VALID + "brokerConfig: {all: {listeners: x}}\n", "brokerConfig.all.listeners", "does not set itself"),
                Arguments.of("nested value", VALID + "brokerConfig: {all: {num.io.threads: {a: 1}}}\n", "brokerConfig.all.num.io.threads", "a value (number, string or boolean), got a mapping"),
                Arguments.of("line break in a value", VALID + "brokerConfig: {all: {num.io.threads: \"8\\nnode.id=7\"}}\n",
                        "brokerConfig.all.num.io.threads", "a value on one line"),
                Arguments.of("not a mapping", "- 1\n- 2\n", "(root)", "a mapping with brokers"),
                Arguments.of("unknown kind", VALID + "kind: swarm\n", "kind", "embedded, compose, external, kubernetes"),
                Arguments.of("external without bootstrap", VALID + "kind: external\n", "bootstrapServers", "required: a string"),
                Arguments.of("bad bootstrap", VALID + "kind: external\nbootstrapServers: kafka-1\n", "bootstrapServers",
                        "HOST:PORT[,HOST:PORT...]"),
                Arguments.of("brokerConfig on a foreign cluster", EXTERNAL + "brokerConfig: {all: {num.io.threads: 8}}\n",
                        "brokerConfig", "no brokerConfig in an env of kind: external"),
                Arguments.of("bootstrap on embedded", VALID + "bootstrapServers: a:1\n", "bootstrapServers",
                        "no bootstrapServers in an env of kind: embedded"),
                Arguments.of("unknown placeholder", EXTERNAL + "brokerCommands: {kill: [ssh, \"{node}\", kill]}\n",
                        "brokerCommands.kill[1]", "placeholders are {id} and {host}, not {node}"),
                Arguments.of("command as a shell string", EXTERNAL + "brokerCommands: {kill: \"ssh {host} kill\"}\n",
                        "brokerCommands.kill", "a list of arguments (no shell)"),
                Arguments.of("unknown command", EXTERNAL + "brokerCommands: {reboot: [x]}\n", "brokerCommands.reboot", "unknown key"),
                Arguments.of("host that is an ssh option", EXTERNAL + "hosts: {\"1\": -oProxyCommand}\n", "hosts.1",
                        "an RFC 1123 host name, an IPv4 address or an IPv6 literal, got '-oProxyCommand'"),
                Arguments.of("host with an empty label", EXTERNAL + "hosts: {\"1\": kafka..example}\n", "hosts.1",
                        "an RFC 1123 host name, an IPv4 address or an IPv6 literal, got 'kafka..example'"),
                Arguments.of("host label ending in a dash", EXTERNAL + "hosts: {\"1\": kafka-.example}\n", "hosts.1",
                        "an RFC 1123 host name, an IPv4 address or an IPv6 literal, got 'kafka-.example'"),
                Arguments.of("host that is no IPv6 literal", EXTERNAL + "hosts: {\"1\": \"fe80::1::2\"}\n", "hosts.1",
                        "an RFC 1123 host name, an IPv4 address or an IPv6 literal, got 'fe80::1::2'"),
                Arguments.of("bad toxiproxy url", EXTERNAL + "toxiproxy: toxiproxy:8474\n", "toxiproxy", "the Toxiproxy API URL"),
                Arguments.of("proxy of a broker the env lacks", EXTERNAL + "toxiproxy: {api: \"http://t:8474\", proxies: {\"4\": {client: p}}}\n",
                        "toxiproxy.proxies.4", "a broker id from 1 to 3"),
                Arguments.of("unknown client config", EXTERNAL + "clientConfig: {security.protocl: SSL}\n",
                        "clientConfig.security.protocl", "a Kafka client config"),
                Arguments.of("bad client config value", EXTERNAL + "clientConfig: {security.protocol: TLS}\n",
                        "clientConfig.security.protocol", "Kafka says"),
                Arguments.of("bootstrap in client config", EXTERNAL + "clientConfig: {bootstrap.servers: \"a:1\"}\n",
                        "clientConfig.bootstrap.servers", "other than bootstrap.servers"),
                Arguments.of("missing client config file", EXTERNAL + "clientConfig: no-such.properties\n",
                        "clientConfig", "a client properties file that can be read"),
                Arguments.of("kubernetes without its block", VALID + "kind: kubernetes\n", "kubernetes", "required for kind: kubernetes"),
                Arguments.of("kubernetes block on external", EXTERNAL + "kubernetes: {namespace: k, cluster: c}\n", "kubernetes",
                        "no kubernetes in an env of kind: external"),
                Arguments.of("metrics on embedded", VALID + "metrics: none\n", "metrics", "no metrics in an env of kind: embedded"),
                Arguments.of("broken YAML", "brokers: [1\n", "(file)", "valid YAML"));
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
    void theProtocolNetworkIsReadAndRefusedWithASecuredListenerItCannotRead() {
        // given an env with network: protocol, and one that also asks for a SASL_SSL listener
        SpecNode plain = SpecFile.parse("name: p\nenv: {brokers: 3, replicationFactor: 3, partitions: 3, network: protocol}\n",
                "scenarios/p.yaml", EnvSpecException::new);
        SpecNode secured = SpecFile.parse("name: p\nenv: {brokers: 1, replicationFactor: 1, partitions: 1, network: protocol, "
                + "security: {mechanism: SCRAM-SHA-512}}\n", "scenarios/p.yaml", EnvSpecException::new);
        // then the first is proxied through both proxies, the second refused naming network
        EnvSpec spec = EnvSpecReader.fromNode(plain.get("env"), "p");
        assertThat(spec.network()).isEqualTo(Network.PROTOCOL);
        assertThat(spec.proxied()).isTrue();
        assertThatThrownBy(() -> EnvSpecReader.fromNode(secured.get("env"), "p"))
                .isInstanceOf(EnvSpecException.class)
                .hasMessageContaining("field 'env.network'").hasMessageContaining("the protocol proxy reads Kafka's frames");
    }

    @Test
    void aScenariosInlineEnvBlockGoesThroughTheSameValidation() {
        SpecNode good = SpecFile.parse("name: quick\nenv: {brokers: 2, replicationFactor: 2, partitions: 3, network: direct}\n",
                "scenarios/quick.yaml", EnvSpecException::new);
        SpecNode bad = SpecFile.parse("name: quick\nenv: {brokers: 2, replicationFactor: 2, partitions: 3, minInsyncReplicas: 3}\n",
                "scenarios/quick.yaml", EnvSpecException::new);

        EnvSpec spec = EnvSpecReader.fromNode(good.get("env"), "quick");

        assertThat(spec).isEqualTo(new EnvSpec("quick", 2, 2, 3, 1, Partitioning.KEY, Network.DIRECT, Map.of()));
        assertThatThrownBy(() -> EnvSpecReader.fromNode(bad.get("env"), "quick"))
                .isInstanceOf(EnvSpecException.class)
                .hasMessage("scenarios/quick.yaml:2:75: field 'env.minInsyncReplicas': a whole number from 1 to 2 "
                        + "(at most replicationFactor), got '3'");
    }

    @Test
    void shouldReadAnExternalClusterWithItsToxiproxyCommandsHostsAndClientConfig() throws IOException {
        Files.writeString(dir.resolve("client.properties"), "security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n");
        Path file = Files.writeString(dir.resolve("staging.yaml"), EXTERNAL + """
                clientConfig: client.properties
                toxiproxy:
                  api: http://toxiproxy.example:8474/
                  proxies: {"2": {client: kafka2-in}}
                hosts: {"1": kafka-1.example, "2": 10.0.0.2, "3": "fd00::3"}
                brokerCommands:
                  kill: [ssh, "{host}", sudo, systemctl, kill, -s, KILL, "kafka@{id}"]
                  start: [ssh, "{host}", sudo, systemctl, start, kafka]
                metrics:
                  prometheus: {"1": "http://kafka-1:9404/metrics", "2": "http://kafka-2:9404/metrics", "3": "http://kafka-3:9404/metrics"}
                """);

        EnvSpec spec = EnvSpecReader.read(file);

        assertThat(spec.kind()).isEqualTo(EnvKind.EXTERNAL);
        assertThat(spec.clientConfig()).containsExactly(Map.entry("sasl.mechanism", "SCRAM-SHA-512"),
                Map.entry("security.protocol", "SASL_SSL"));
        ExternalTarget external = spec.external();
        assertThat(external.bootstrapServers()).isEqualTo("kafka-1:9092,kafka-2:9092");
        assertThat(external.toxiproxy()).isEqualTo("http://toxiproxy.example:8474");
        assertThat(external.proxyName(2, ProxyLink.CLIENT)).isEqualTo("kafka2-in");
        assertThat(external.proxyName(2, ProxyLink.REPLICATION)).as("the convention where the map is silent")
                .isEqualTo("broker-2-replication");
        assertThat(external.hosts()).containsExactly(Map.entry(1, "kafka-1.example"), Map.entry(2, "10.0.0.2"),
                Map.entry(3, "fd00::3"));
        assertThat(external.command(ExternalTarget.BrokerCommand.KILL)).hasValue(
                java.util.List.of("ssh", "{host}", "sudo", "systemctl", "kill", "-s", "KILL", "kafka@{id}"));
        assertThat(external.command(ExternalTarget.BrokerCommand.PAUSE)).isEmpty();
        assertThat(spec.metrics().kind()).isEqualTo(io.supplychaos.env.MetricsSource.Kind.PROMETHEUS);
        assertThat(spec.proxied()).isTrue();
    }

    @Test
    void shouldResolveAComposeFileBesideTheEnvFile() throws IOException {
        Path file = Files.writeString(dir.resolve("compose.yaml"), VALID + "kind: compose\ncomposeFile: stack/compose.yml\n");

        EnvSpec spec = EnvSpecReader.read(file);

        assertThat(spec.compose().file()).isEqualTo(dir.resolve("stack/compose.yml").toAbsolutePath().toString());
        assertThat(spec.proxied()).isTrue();
    }

    @Test
    void aYamlSyntaxErrorNamesTheLineAndColumn() throws IOException {
        Path file = Files.writeString(dir.resolve("broken.yaml"), "brokers: 3\nreplicationFactor: 3\npartitions: [6\n");

        assertThatThrownBy(() -> EnvSpecReader.read(file)).isInstanceOf(EnvSpecException.class)
                .hasMessageStartingWith(file + ":4:1: field '(file)': valid YAML");
    }

    @Test
    void aBrokerPropertyWithALineBreakIsRefusedBeforeItReachesServerProperties() throws IOException {
        Path value = Files.writeString(dir.resolve("value.yaml"), VALID
                + "brokerConfig:\n  all: {num.io.threads: \"8\\nprocess.roles=broker\"}\n");
        Path carriage = Files.writeString(dir.resolve("carriage.yaml"), VALID
                + "brokerConfig:\n  \"2\": {num.io.threads: \"8\\rnode.id=9\"}\n");
        Path key = Files.writeString(dir.resolve("key.yaml"), VALID
                + "brokerConfig:\n  all: {\"num.io.threads=1\\nnode.id\": 9}\n");

        assertThatThrownBy(() -> EnvSpecReader.read(value)).hasMessageStartingWith(value + ":6:")
                .hasMessageContaining("field 'brokerConfig.all.num.io.threads': a value on one line");
        assertThatThrownBy(() -> EnvSpecReader.read(carriage))
                .hasMessageContaining("field 'brokerConfig.2.num.io.threads': a value on one line");
        assertThatThrownBy(() -> EnvSpecReader.read(key)).hasMessageContaining("a property name of letters, digits");
    }
}
