package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.spec.SpecException;
import io.supplychaos.topology.Topics;

/**
 * The committed schema/*.schema.json, checked with a real JSON Schema validator: every scenario,
 * env and fault-schedule file in the repo is accepted, and each kind of mistake is refused by the
 * schema and by the project's own reader alike, so an editor never flags what a run takes, nor
 * stays quiet where the reader's verdict is knowable from the file alone.
 */
class FileSchemasValidationTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path dir;

    enum Kind {
        SCENARIO(FileSchemas.SCENARIO), ENV(FileSchemas.ENV), FAULTS(FileSchemas.FAULTS);

        final String schemaFile;

        Kind(String schemaFile) {
            this.schemaFile = schemaFile;
        }

        JsonSchema schema() {
            try {
                return FACTORY.getSchema(new ObjectMapper().readTree(Path.of(FileSchemas.DIR, schemaFile).toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void shouldBeValidDraft202012Schemas() throws IOException {
        JsonSchema meta = FACTORY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (Kind kind : Kind.values()) {
            JsonNode schema = new ObjectMapper().readTree(Path.of(FileSchemas.DIR, kind.schemaFile).toFile());

            assertThat(meta.validate(schema)).as(kind.schemaFile).isEmpty();
        }
    }

    @Test
    void shouldAcceptEveryScenarioEnvAndFaultScheduleInTheRepo() {
        List<Path> scenarios = yamlFiles(Path.of("scenarios"));
        List<Path> schedules = yamlFiles(Path.of("scenarios", "verify"));
        List<Path> envs = yamlFiles(Path.of("env"));

        assertThat(scenarios).hasSizeGreaterThan(10);
        assertThat(schedules).hasSizeGreaterThan(5);
        assertThat(envs).hasSizeGreaterThan(10);
        List<String> refused = new ArrayList<>();
        scenarios.forEach(file -> refused.addAll(problems(Kind.SCENARIO, file)));
        schedules.forEach(file -> refused.addAll(problems(Kind.FAULTS, file)));
        envs.forEach(file -> refused.addAll(problems(Kind.ENV, file)));
        assertThat(refused).isEmpty();
    }

    @Test
    void shouldPointEveryFileAtItsSchemaOnTheFirstLine() {
        Stream.of(new Object[] {Path.of("scenarios"), "../schema/" + FileSchemas.SCENARIO},
                new Object[] {Path.of("scenarios", "verify"), "../../schema/" + FileSchemas.FAULTS},
                new Object[] {Path.of("env"), "../schema/" + FileSchemas.ENV}).forEach(dirAndSchema -> {
                    for (Path file : yamlFiles((Path) dirAndSchema[0])) {
                        String schema = (String) dirAndSchema[1];
                        assertThat(firstLine(file)).as(file.toString()).isEqualTo("# yaml-language-server: $schema=" + schema);
                        assertThat(file.getParent().resolve(schema)).as("%s names an existing schema", file).isRegularFile();
                    }
                });
    }

    /** A scenario both the schema and the loader take; each bad case below is it with one mistake. */
    private static final String GOOD_SCENARIO = """
            name: good
            env: c3
            app: {instances: 2, processingGuarantee: exactly_once_v2, config: {kafka-streams.num.stream.threads: 2}}
            producer: {acks: all, linger.ms: 5}
            workload: {warmup: [100], orders: 1000, ratePerSecond: 100}
            faults:
              - {at: 5s, action: kill-broker, target: leader-of order-placed:0}
              - {at: 10s, action: delay, ms: 100, jitter: 10, link: client, for: 5s}
            expect: {lost: 0, duplicates: 0}
            drainTimeout: 60s
            """;

    private static final String GOOD_ENV = """
            name: good
            brokers: 3
            replicationFactor: 3
            partitions: 6
            minInsyncReplicas: 2
            partitioning: key
            network: proxied
            brokerConfig:
              all: {num.io.threads: 8}
              2: {num.network.threads: 3}
            """;

    private static final String GOOD_EXTERNAL_ENV = """
            name: ext
            kind: external
            brokers: 1
            replicationFactor: 1
            partitions: 1
            bootstrapServers: kafka-1.example:9092
            """;

    private static final String GOOD_FAULTS = """
            description: kills
            faults:
              - {at: 15s, action: kill-app, target: app:1, for: 5s}
            """;

    @Test
    void shouldAcceptTheGoodBasesOfTheBadCases() throws IOException {
        for (Object[] good : new Object[][] {{Kind.SCENARIO, GOOD_SCENARIO},
                {Kind.SCENARIO, GOOD_SCENARIO.replace("warmup: [100]", "warmup: steady")},
                {Kind.SCENARIO, GOOD_SCENARIO.replace("warmup: [100]", "warmup: none")},
                {Kind.SCENARIO, GOOD_SCENARIO.replace("warmup: [100]", "warmup: 100")},
                {Kind.SCENARIO, GOOD_SCENARIO.replace("warmup: [100]",
                        "warmup: {until: steady, max: 60s, window: 5s, windows: 3, tolerancePercent: 12.5}")},
                {Kind.ENV, GOOD_ENV},
                {Kind.ENV, GOOD_EXTERNAL_ENV}, {Kind.FAULTS, GOOD_FAULTS}}) {
            Kind kind = (Kind) good[0];
            String text = (String) good[1];

            assertThat(kind.schema().validate(YAML.readTree(text))).as(text).isEmpty();
            read(kind, write(text));
        }
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                // scenarios
                Arguments.of("unknown top-level key", Kind.SCENARIO, GOOD_SCENARIO + "colour: red\n"),
                Arguments.of("unknown fault action", Kind.SCENARIO, GOOD_SCENARIO.replace("kill-broker", "melt-broker")),
                Arguments.of("a string for a whole number", Kind.SCENARIO, GOOD_SCENARIO.replace("orders: 1000", "orders: many")),
                Arguments.of("a negative rate", Kind.SCENARIO, GOOD_SCENARIO.replace("ratePerSecond: 100", "ratePerSecond: -5")),
                Arguments.of("too many app instances", Kind.SCENARIO, GOOD_SCENARIO.replace("instances: 2", "instances: 9")),
                Arguments.of("neither env nor sweep", Kind.SCENARIO, GOOD_SCENARIO.replace("env: c3\n", "")),
                Arguments.of("a fault without at", Kind.SCENARIO, GOOD_SCENARIO.replace("{at: 5s, action", "{action")),
                Arguments.of("an attribute of another action", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("target: leader-of order-placed:0}", "target: leader-of order-placed:0, ms: 100}")),
                Arguments.of("a missing required attribute", Kind.SCENARIO, GOOD_SCENARIO.replace("ms: 100, jitter: 10, ", "")),
                Arguments.of("an attribute out of range", Kind.SCENARIO, GOOD_SCENARIO.replace("link: client", "link: client, toxicity: 1.5")),
                Arguments.of("an attribute value outside its enum", Kind.SCENARIO, GOOD_SCENARIO.replace("link: client", "link: uplink")),
                Arguments.of("a target of no known form", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("leader-of order-placed:0", "the-leader")),
                Arguments.of("a duration that is not one", Kind.SCENARIO, GOOD_SCENARIO.replace("drainTimeout: 60s", "drainTimeout: soon")),
                Arguments.of("an unknown processing guarantee", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("exactly_once_v2", "exactly_once")),
                Arguments.of("an unknown producer config", Kind.SCENARIO, GOOD_SCENARIO.replace("linger.ms: 5", "lingerMs: 5")),
                Arguments.of("an app property without a known prefix", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("kafka-streams.num.stream.threads", "num.stream.threads")),
                Arguments.of("an unknown expect key", Kind.SCENARIO, GOOD_SCENARIO.replace("duplicates: 0", "dupes: 0")),
                Arguments.of("a negative tolerance", Kind.SCENARIO, GOOD_SCENARIO.replace("lost: 0", "lost: -1")),
                Arguments.of("repeat out of range", Kind.SCENARIO, GOOD_SCENARIO + "repeat: 0\n"),
                Arguments.of("an empty sweep", Kind.SCENARIO, GOOD_SCENARIO.replace("env: c3\n", "sweep: {env: [], orders: [1000]}\n")),
                Arguments.of("an inline env with a key of another kind", Kind.SCENARIO, GOOD_SCENARIO.replace("env: c3\n",
                        "env: {kind: compose, brokers: 1, replicationFactor: 1, partitions: 1, network: direct}\n")),
                Arguments.of("an inline env without partitions", Kind.SCENARIO, GOOD_SCENARIO.replace("env: c3\n",
                        "env: {brokers: 1, replicationFactor: 1}\n")),
                Arguments.of("a name with a space", Kind.SCENARIO, GOOD_SCENARIO.replace("name: good", "name: my run")),
                Arguments.of("a warm-up word of no known kind", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("warmup: [100]", "warmup: sometimes")),
                Arguments.of("a warm-up mapping without until", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("warmup: [100]", "warmup: {max: 60s}")),
                Arguments.of("an unknown warm-up key", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("warmup: [100]", "warmup: {until: steady, patience: 60s}")),
                Arguments.of("a warm-up tolerance out of range", Kind.SCENARIO,
                        GOOD_SCENARIO.replace("warmup: [100]", "warmup: {until: steady, tolerancePercent: 100}")),
                // envs
                Arguments.of("unknown env key", Kind.ENV, GOOD_ENV + "zookeeper: true\n"),
                Arguments.of("too many brokers", Kind.ENV, GOOD_ENV.replace("brokers: 3", "brokers: 10")),
                Arguments.of("a string for brokers", Kind.ENV, GOOD_ENV.replace("brokers: 3", "brokers: three")),
                Arguments.of("no partitions", Kind.ENV, GOOD_ENV.replace("partitions: 6\n", "")),
                Arguments.of("minInsyncReplicas of zero", Kind.ENV, GOOD_ENV.replace("minInsyncReplicas: 2", "minInsyncReplicas: 0")),
                Arguments.of("an unknown env kind", Kind.ENV, GOOD_ENV + "kind: cloud\n"),
                Arguments.of("an unknown network", Kind.ENV, GOOD_ENV.replace("network: proxied", "network: tunnel")),
                Arguments.of("bootstrapServers on an embedded env", Kind.ENV, GOOD_ENV + "bootstrapServers: a:9092\n"),
                Arguments.of("network on an external env", Kind.ENV, GOOD_EXTERNAL_ENV + "network: direct\n"),
                Arguments.of("brokerConfig on a kubernetes env", Kind.ENV, GOOD_ENV.replace("network: proxied\n", "")
                        + "kind: kubernetes\nkubernetes: {namespace: kafka, cluster: c3}\n"),
                Arguments.of("an external env without bootstrapServers", Kind.ENV,
                        GOOD_EXTERNAL_ENV.replace("bootstrapServers: kafka-1.example:9092\n", "")),
                Arguments.of("a kubernetes env without its block", Kind.ENV,
                        "kind: kubernetes\nbrokers: 1\nreplicationFactor: 1\npartitions: 1\n"),
                Arguments.of("appDeployment with local apps", Kind.ENV, "kind: kubernetes\nbrokers: 1\nreplicationFactor: 1\n"
                        + "partitions: 1\nkubernetes: {namespace: kafka, cluster: c3, appDeployment: app}\n"),
                Arguments.of("a namespace Kubernetes refuses", Kind.ENV, "kind: kubernetes\nbrokers: 1\nreplicationFactor: 1\n"
                        + "partitions: 1\nkubernetes: {namespace: Kafka_NS, cluster: c3}\n"),
                Arguments.of("metrics on an embedded env", Kind.ENV, GOOD_ENV + "metrics: none\n"),
                Arguments.of("metrics from jmx and prometheus", Kind.ENV, GOOD_EXTERNAL_ENV
                        + "metrics: {jmx: {1: 'k:9999'}, prometheus: {1: 'http://k:9404/metrics'}}\n"),
                Arguments.of("a jmx username without password", Kind.ENV, GOOD_EXTERNAL_ENV
                        + "metrics: {jmx: {1: 'k:9999'}, username: monitor}\n"),
                Arguments.of("metrics of an unknown word", Kind.ENV, GOOD_EXTERNAL_ENV + "metrics: some\n"),
                Arguments.of("a broker property the env sets itself", Kind.ENV, GOOD_ENV.replace("num.io.threads", "node.id")),
                Arguments.of("brokerConfig for broker 0", Kind.ENV, GOOD_ENV.replace("  2: {", "  0: {")),
                Arguments.of("a client config Kafka does not know", Kind.ENV, GOOD_EXTERNAL_ENV + "clientConfig: {ssl.colour: red}\n"),
                Arguments.of("bootstrap.servers in clientConfig", Kind.ENV, GOOD_EXTERNAL_ENV
                        + "clientConfig: {bootstrap.servers: 'a:9092'}\n"),
                Arguments.of("security with clientConfig", Kind.ENV, GOOD_ENV
                        + "security: {protocol: SASL_SSL}\nclientConfig: {security.protocol: SASL_SSL}\n"),
                Arguments.of("an unknown SASL mechanism", Kind.ENV, GOOD_ENV + "security: {mechanism: GSSAPI}\n"),
                Arguments.of("bootstrapServers without a port", Kind.ENV,
                        GOOD_EXTERNAL_ENV.replace("kafka-1.example:9092", "kafka-1.example")),
                Arguments.of("an empty broker command", Kind.ENV, GOOD_EXTERNAL_ENV + "brokerCommands: {kill: []}\n"),
                Arguments.of("an unknown broker command", Kind.ENV, GOOD_EXTERNAL_ENV + "brokerCommands: {reboot: [ssh, x]}\n"),
                // fault schedules
                Arguments.of("unknown schedule key", Kind.FAULTS, GOOD_FAULTS + "env: c3\n"),
                Arguments.of("a schedule without faults", Kind.FAULTS, "description: nothing\n"),
                Arguments.of("a fault for that lasts no time", Kind.FAULTS, GOOD_FAULTS.replace("for: 5s", "for: -5s")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void shouldRejectBadFileInSchemaAndReaderAlike(String mistake, Kind kind, String text) throws IOException {
        Path file = write(text);

        Set<ValidationMessage> schemaSays = kind.schema().validate(YAML.readTree(text));

        assertThat(schemaSays).as("the schema refuses: %s", mistake).isNotEmpty();
        assertThatThrownBy(() -> read(kind, file)).as("the reader refuses: %s", mistake).isInstanceOf(SpecException.class);
    }

    private static void read(Kind kind, Path file) {
        switch (kind) {
            case SCENARIO -> new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name)).load(file);
            case ENV -> EnvSpecReader.read(file);
            case FAULTS -> FaultSchedule.readFile(file, EnvSpecReader.read(Path.of("env", "c3.yaml")), 2,
                    Topics.SUPPLY_CHAIN_TOPIC_NAMES, 6, Duration.ofMinutes(5), "the run's length");
        }
    }

    private Path write(String text) throws IOException {
        Path file = Files.createTempFile(dir, "case", ".yaml");
        return Files.writeString(file, text);
    }

    private static List<String> problems(Kind kind, Path file) {
        try {
            return kind.schema().validate(YAML.readTree(file.toFile())).stream()
                    .map(message -> file + ": " + message.getMessage()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.findFirst().orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> yamlFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
