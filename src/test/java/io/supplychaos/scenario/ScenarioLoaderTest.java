package io.supplychaos.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.supplychaos.history.Expectations;
import io.supplychaos.app.Tuning;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.Partitioning;
import io.supplychaos.metrics.SteadyState;

/** Scenario files: every shipped one loads; each kind of mistake names the file, line:column, the field and what was expected. */
class ScenarioLoaderTest {

    private static final ChaosPaths PATHS = new ChaosPaths(Path.of("."), Path.of(".chaos"));
    private final ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(PATHS, name));

    @TempDir
    Path dir;

    static Stream<Arguments> badScenarios() {
        return Stream.of(
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10\n",
                        "(file)", "valid YAML (while parsing a flow mapping"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\ncolour: red\n",
                        "colour", "unknown key; expected one of"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nenv: c2\n",
                        "env", "a key given once; 'env' is also at line 2"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: -5}\n",
                        "workload.orders", "a whole number of orders from 0 to 1000000000, got '-5'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 99999999999999999999}\n",
                        "workload.orders", "a whole number of orders from 0 to 1000000000, got '99999999999999999999'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, producers: 0}\n",
                        "workload.producers", "a whole number from 1 to 64, got '0'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: [100, -1]}\n",
                        "workload.warmup[1]", "a whole number of orders from 1 to 1000000000, got '-1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: sometimes}\n",
                        "workload.warmup", "a whole number of orders from 1 to 1000000000, 'steady' or 'none', got 'sometimes'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: tomorrow}}\n",
                        "workload.warmup.until", "one of steady, jit-quiet, got 'tomorrow'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {max: 60s}}\n",
                        "workload.warmup.until", "required: one of steady, jit-quiet"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, colour: red}}\n",
                        "workload.warmup.colour", "unknown key; expected one of [max, orders, tolerancePercent, until, window, windows]"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: {until: jit-quiet, max: 2m}}\n",
                        "workload.warmup", "until: jit-quiet needs orders: the orders of each round"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: {until: jit-quiet, orders: 0}}\n",
                        "workload.warmup.orders", "got '0'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: {until: jit-quiet, orders: 500, windows: 3}}\n",
                        "workload.warmup.windows", "only with until: steady"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, orders: 500}}\n",
                        "workload.warmup.orders", "only with until: jit-quiet"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, max: 2h}}\n",
                        "workload.warmup.max", "from 1s to 30m, got '2h'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, windows: 0}}\n",
                        "workload.warmup.windows", "a whole number from 1 to 20, got '0'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, tolerancePercent: 150}}\n",
                        "workload.warmup.tolerancePercent", "a number of percent from 0 to 99, got '150'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, window: 30s}}\n",
                        "workload.warmup.max", "at least 2m ((windows + 1) x window: the rule needs a window before the last 3), "
                                + "got 90s (the default)"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5, warmup: {until: steady, max: 30s, window: 10s}}\n",
                        "workload.warmup.max", "at least 40s ((windows + 1) x window"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, warmup: steady}\n",
                        "workload.warmup", "warm-up until steady needs an offered rate (ratePerSecond above 0)"),
                Arguments.of("name: x\nsweep: {env: [c3], orders: [100], ratePerSecond: [100, 0]}\nworkload: {warmup: steady}\n",
                        "workload.warmup", "run x-c3-100-max-rate sends as fast as possible"),
                Arguments.of("name: x\nenv: c3\nworkload: {durationSeconds: 100000}\n",
                        "workload.durationSeconds", "a whole number of seconds from 0 to 86400, got '100000'"),
                Arguments.of("name: x\nenv: c3\nworkload: {}\n",
                        "workload.orders", "orders > 0 or durationSeconds > 0"),
                Arguments.of("name: x\nenv: c9\nworkload: {orders: 10}\n",
                        "env", "the name of a file in"),
                Arguments.of("name: x\nenv: {brokers: 1, replicationFactor: 3, partitions: 1}\nworkload: {orders: 10}\n",
                        "env.replicationFactor", "a whole number from 1 to 1 (at most brokers), got '3'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: explode, target: 1}\n",
                        "faults[0].action", "one of kill-broker, stop-broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, link: client}\n",
                        "faults[0].ms", "required by delay: a whole number of milliseconds from 0 to 60000"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 100ms}\n",
                        "faults[0].ms", "a whole number of milliseconds from 0 to 60000, got '100ms'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: -5}\n",
                        "faults[0].ms", "a whole number of milliseconds from 0 to 60000, got '-5'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 100, jitter: 150}\n",
                        "faults[0].jitter", "a whole number of milliseconds from 0 to 100 (at most ms), got '150'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 100, toxicity: 1.5}\n",
                        "faults[0].toxicity", "a number from 0 to 1, got '1.5'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 100, link: sideways}\n",
                        "faults[0].link", "one of client, replication, both, got 'sideways'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 100, stream: sideways}\n",
                        "faults[0].stream", "one of upstream, downstream, both, got 'sideways'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: bandwidth, kbps: 0}\n",
                        "faults[0].kbps", "a whole number of KB/s from 1 to 10000000, got '0'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: timeout, ms: -1}\n",
                        "faults[0].ms", "a whole number of milliseconds from 0 to 3600000, got '-1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: slice, averageSize: 100, sizeVariation: 100}\n",
                        "faults[0].sizeVariation", "a whole number of bytes from 0 to 99 (smaller than averageSize), got '100'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: slice, averageSize: -1}\n",
                        "faults[0].averageSize", "a whole number of bytes from 1 to 1048576, got '-1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: cut, stream: upstream}\n",
                        "faults[0].stream", "not an attribute of cut; it takes link"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: soon, action: heal}\n",
                        "faults[0].at", "a duration such as 10s, 500ms or 2m, from 0s to 24h, got 'soon'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: -1s, action: heal}\n",
                        "faults[0].at", "from 0s to 24h, got '-1s'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 25h, action: heal}\n",
                        "faults[0].at", "from 0s to 24h, got '25h'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 5, for: 0s}\n",
                        "faults[0].for", "from 1ms to 1h, got '0s'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 5, for: 2h}\n",
                        "faults[0].for", "from 1ms to 1h, got '2h'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: the-big-one}\n",
                        "faults[0].target", "a broker id, all, random"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: 99999999999}\n",
                        "faults[0].target", "a broker id, all, random"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: 7}\n",
                        "faults[0].target", "a broker id from 1 to 3 (env 'c3' has 3 brokers), got '7'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: all}\n",
                        "faults[0].target", "kill-broker acts on one broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker}\n",
                        "faults[0].target", "required by kill-broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: 1, ms: 5}\n",
                        "faults[0].ms", "not an attribute of kill-broker; it takes none"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: leader-of orders:0}\n",
                        "faults[0].target", "with TOPIC one of order-placed, drug-manufactured"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: leader-of order-placed:6}\n",
                        "faults[0].target", "with PARTITION from 0 to 5 (env 'c3' has 6 partitions), got 'leader-of order-placed:6'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-app, target: app:2}\n",
                        "faults[0].target", "an app instance app:N with N from 1 to 1 (app.instances), got 'app:2'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-app}\n",
                        "faults[0].target", "required by kill-app: an app instance app:N"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: stop-app, target: 1}\n",
                        "faults[0].target", "an app instance app:N with N from 1 to 1 (app.instances), got '1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: stop-app, target: app:1, ms: 5}\n",
                        "faults[0].ms", "not an attribute of stop-app; it takes none"),
                Arguments.of("name: x\nenv: {name: k8s-pods, kind: kubernetes, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "kubernetes: {namespace: kafka, cluster: c3, apps: pods, appDeployment: supply-chaos}}\n"
                                + "workload: {orders: 10}\nfaults:\n  - {at: 1s, action: stop-app, target: app:1}\n",
                        "faults[0].action", "a fault env 'k8s-pods' can take: stop-app: with apps: pods the app Deployment "
                                + "replaces a stopped pod at once"),
                Arguments.of("name: x\nenv: c1\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: cut, link: replication}\n",
                        "faults[0].link", "client: env 'c1' has one broker, so no replication link"),
                Arguments.of("name: x\nenv: c3-direct\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 5}\n",
                        "faults[0].action", "it has network: direct, so no network fault"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: drop-response, share: 0.2}\n",
                        "faults[0].action", "it has network: proxied, so drop-response has no protocol proxy to act on"),
                Arguments.of("name: x\nenv: {name: staging, kind: external, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "bootstrapServers: \"k:9092\"}\nworkload: {orders: 10}\nfaults:\n"
                                + "  - {at: 1s, action: protocol-error, api: produce, error: NOT_ENOUGH_REPLICAS}\n",
                        "faults[0].action", "protocol-error needs the protocol proxy, which only an embedded env runs "
                                + "(network: protocol); a kind: external env has none"),
                Arguments.of("name: x\nenv: {name: p3, brokers: 3, replicationFactor: 3, partitions: 6, network: protocol}\n"
                                + "workload: {orders: 10}\nfaults:\n  - {at: 1s, action: protocol-delay, api: fetch, ms: 0}\n",
                        "faults[0].ms", "a whole number of milliseconds from 1 to 60000"),
                Arguments.of("name: x\nenv: {name: staging, kind: external, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "bootstrapServers: \"k:9092\", brokerCommands: {kill: [x]}}\nworkload: {orders: 10}\n"
                                + "faults:\n  - {at: 1s, action: kill-broker, target: 2}\n",
                        "faults[0].action", "a fault env 'staging' can take: it is kind: external without brokerCommands.start, "
                                + "so kill-broker cannot be done (or undone), got 'kill-broker'"),
                Arguments.of("name: x\nenv: {name: staging, kind: external, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "bootstrapServers: \"k:9092\"}\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: pause-broker, target: 1}\n",
                        "faults[0].action", "without brokerCommands.pause and brokerCommands.resume, so pause-broker"),
                Arguments.of("name: x\nenv: {name: staging, kind: external, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "bootstrapServers: \"k:9092\"}\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: cut}\n",
                        "faults[0].action", "a fault env 'staging' can take: it is kind: external and names no Toxiproxy"),
                Arguments.of("name: x\nenv: compose-c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: power-loss, target: all}\n",
                        "faults[0].action", "a fault env 'compose-c3' can take: it is kind: compose, and power-loss rewrites the"
                                + " broker's log segments on disk, which the tool reaches only for brokers it runs as local processes"),
                Arguments.of("name: x\nenv: {name: staging, kind: external, brokers: 3, replicationFactor: 3, partitions: 6, "
                                + "bootstrapServers: \"k:9092\", brokerCommands: {kill: [x], start: [y]}}\nworkload: {orders: 10}\n"
                                + "faults:\n  - {at: 1s, action: power-loss, target: 2}\n",
                        "faults[0].action", "a fault env 'staging' can take: it is kind: external, and power-loss rewrites"),
                Arguments.of("name: x\nenv: k8s-c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: power-loss, target: 1}\n",
                        "faults[0].action", "a fault env 'k8s-c3' can take: power-loss: power-loss rewrites the broker's log segments"
                                + " on disk, which the tool does not reach in a pod's volume"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: power-loss, target: \"1,4\"}\n",
                        "faults[0].target", "broker ids from 1 to 3 (env 'c3' has 3 brokers), got '1,4'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: \"1,2\"}\n",
                        "faults[0].target", "kill-broker acts on one broker"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: delay, ms: 5, target: \"1,2\"}\n",
                        "faults[0].target", "the brokers whose proxies delay acts on"),
                Arguments.of("name: x\nenv: c3\napp: {instances: 2}\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: random, every: 20s, for: 5s}\n",
                        "faults[0].until", "until or count with every"),
                Arguments.of("name: x\nenv: c3\napp: {instances: 2}\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: app:1, every: 20s, for: 5s, count: 3}\n",
                        "faults[0].target", "random with every"),
                Arguments.of("name: x\nenv: c3\napp: {instances: 2}\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: random, every: 20s, count: 3}\n",
                        "faults[0].for", "required with every for a lasting fault"),
                Arguments.of("name: x\nenv: c3\napp: {instances: 2}\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: app:1, seed: 3}\n",
                        "faults[0].seed", "only with every"),
                Arguments.of("name: x\nenv: c3\napp: {instances: 2}\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: random, every: 20s, for: 5s, maxDown: 0, count: 2}\n",
                        "faults[0].maxDown", "from 1 to 100"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n  - {at: 5s, action: delay, ms: 5, target: random, every: 20s, for: 5s, count: 2}\n",
                        "faults[0].every", "a broker or app fault"),
                Arguments.of("name: x\nenv: k8s-c3\nworkload: {orders: 10}\nfaults:\n  - {at: 1s, action: reset-peer}\n",
                        "faults[0].action", "a fault env 'k8s-c3' can take: reset-peer: Chaos Mesh has no reset-peer action"),
                Arguments.of("name: x\nsweep: {env: [c3, c1], orders: [100]}\nfaults:\n  - {at: 1s, action: kill-broker, target: 2}\n",
                        "faults[0].target", "a broker id from 1 to 1 (env 'c1' has 1 broker) (sweep point env 'c1'), got '2'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nstallTimeout: 1s\n",
                        "stallTimeout", "a duration such as 10s, 500ms or 2m, from 5s to 10m, got '1s'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\ndrainTimeout: 2h\n",
                        "drainTimeout", "from 1s to 1h, got '2h'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nrepeat: 0\n",
                        "repeat", "a whole number from 1 to 100, got '0'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nrepeat: 99999999999999999999\n",
                        "repeat", "a whole number from 1 to 100, got '99999999999999999999'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {instances: 9}\n",
                        "app.instances", "a whole number from 1 to 8, got '9'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {processingGuarantee: exactly_once}\n",
                        "app.processingGuarantee", "one of exactly_once_v2, at_least_once, got 'exactly_once'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {tuning: fast}\n",
                        "app.tuning", "one of auto, latency, throughput, got 'fast'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, partitioning: sideways}\n",
                        "workload.partitioning", "one of key, round-robin, single, got 'sideways'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {lost: some}\n",
                        "expect.lost", "a whole number from 0 to 1000000000 or 'expected', got 'some'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {minAcked: -1}\n",
                        "expect.minAcked", "a whole number from 0 to 1000000000, got '-1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {minAckedShare: 1.5}\n",
                        "expect.minAckedShare", "a number from 0 to 1, got '1.5'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {minLost: 1}\n",
                        "expect.minLost", "only with lost: 'expected' (a scenario that sets out to show a loss); lost is 0 by default"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {lost: 5, minLost: 1}\n",
                        "expect.minLost", "lost is 5"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {lost: expected, minLost: many}\n",
                        "expect.minLost", "a whole number from 0 to 1000000000, got 'many'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nexpect: {minAckedShare: half}\n",
                        "expect.minAckedShare", "a number from 0 to 1, got 'half'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: fast}\n",
                        "workload.ratePerSecond", "orders per second from 0 to 1000000 (0 = as fast as possible) or 'paper'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: -1}\n",
                        "workload.ratePerSecond", "got '-1'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 777, ratePerSecond: paper}\n",
                        "workload.ratePerSecond", "'paper' only for an env named c1, c2 or c3 and an order count of the paper's Table II (100, 250,"),
                Arguments.of("name: x\nsweep: {env: [c3, c3-direct], orders: [100]}\nworkload: {ratePerSecond: paper}\n",
                        "workload.ratePerSecond", "got env 'c3-direct' with 100 orders"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nproducer: {linger.ms: abc}\n",
                        "producer.linger.ms", "a valid long for linger.ms (Kafka says: "),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nproducer: {acks: maybe}\n",
                        "producer.acks", "a valid string for acks"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\nproducer: {lingerms: 5}\n",
                        "producer.lingerms", "a Kafka producer config (ProducerConfig"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {num.stream.threads: 2}}\n",
                        "app.config.num.stream.threads", "an app property starting with kafka-streams."),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {kafka-streams.processing.guarantee: at_least_once}}\n",
                        "app.config.kafka-streams.processing.guarantee", "app.processingGuarantee to choose the guarantee"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {kafka-streams.num.stream.thread: 2}}\n",
                        "app.config.kafka-streams.num.stream.thread", "a Kafka Streams config (StreamsConfig) or a consumer, producer or admin config"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {kafka-streams.num.stream.threads: two}}\n",
                        "app.config.kafka-streams.num.stream.threads", "a valid int for kafka-streams.num.stream.threads"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {kafka-streams.consumer.max.poll.record: 1}}\n",
                        "app.config.kafka-streams.consumer.max.poll.record", "kafka-streams.consumer.X with X a Kafka consumer config, not 'max.poll.record'"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {kafka-streams.topic.retention: 1}}\n",
                        "app.config.kafka-streams.topic.retention", "with X a topic config"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {supply.transit: 1s}}\n",
                        "app.config.supply.transit", "supply.X with X one of batch-size, drugs,"),
                Arguments.of("name: x\nenv: c3\nworkload: {orders: 10}\napp: {config: {supply.transit-time: soon}}\n",
                        "app.config.supply.transit-time", "a duration such as 10s, 500ms, 2m or PT1S for supply.transit-time, got 'soon'"));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource("badScenarios")
    void shouldRejectABadScenarioNamingFileLineFieldAndExpectation(String yaml, String field, String expected) throws IOException {
        // given a scenario with one mistake
        Path file = Files.writeString(dir.resolve("bad.yaml"), yaml);

        // when it is loaded, then the error says where, which field and what was expected
        assertThatThrownBy(() -> loader.load(file)).isInstanceOf(ScenarioException.class)
                .hasMessageMatching(Pattern.quote(file.toString()) + ":[0-9]+:[0-9]+: field '" + Pattern.quote(field) + "': .*")
                .hasMessageContaining(expected);
    }

    @Test
    void shouldExpandARepeatingFaultIntoItsConcreteFaultsTheSameForTheSameSeed() throws IOException {
        // given kill-app every 20 s from 5 s until 65 s on a random one of two instances, seed 7
        Path file = Files.writeString(dir.resolve("repeat.yaml"), "name: x\nenv: c3\napp: {instances: 2}\n"
                + "workload: {orders: 10}\nfaults:\n  - {at: 5s, action: kill-app, target: random, every: 20s, for: 8s,"
                + " seed: 7, until: 65s}\n");

        // when it is loaded twice
        List<FaultSpec> faults = loader.load(file).faults();

        // then it is three kill-apps at 5, 25 and 45 s, each on an instance and for 8 s, the same both times
        assertThat(faults).extracting(FaultSpec::start).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(25),
                Duration.ofSeconds(45));
        assertThat(faults).allSatisfy(f -> {
            assertThat(f.type()).isEqualTo(FaultType.KILL_APP);
            assertThat(f.target()).isIn(FaultTarget.app(1), FaultTarget.app(2));
            assertThat(f.duration()).isEqualTo(Duration.ofSeconds(8));
        });
        assertThat(loader.load(file).faults()).isEqualTo(faults);
    }

    @Test
    void shouldPointAtTheLineAndColumnOfTheBadValue() throws IOException {
        Path file = Files.writeString(dir.resolve("where.yaml"), "name: x\nenv: c3\nworkload: {orders: 10}\nfaults:\n"
                + "  - {at: 1s, action: kill-broker, target: 1}\n  - {at: 2s, action: delay, ms: 100ms}\n");

        assertThatThrownBy(() -> loader.load(file)).hasMessage(file + ":6:33: field 'faults[1].ms': "
                + "a whole number of milliseconds from 0 to 60000, got '100ms'");
    }

    @Test
    void shouldGiveTheLineAndColumnOfAYamlSyntaxError() throws IOException {
        Path file = Files.writeString(dir.resolve("syntax.yaml"), "name: x\nenv: c3\nworkload:\n  orders: 10\n   ratePerSecond: 5\n");

        assertThatThrownBy(() -> loader.load(file)).hasMessageStartingWith(file + ":5:17: field '(file)': valid YAML (");
    }

    @Test
    void shouldAcceptKafkasOwnConfigNamesBehindStreamsPrefixesAndTheAppsSettings() throws IOException {
        Path file = Files.writeString(dir.resolve("config.yaml"), H_OK + "producer: {linger.ms: 5, acks: all, enable.idempotence: true}\n"
                + "app:\n  config:\n    kafka-streams.num.stream.threads: 2\n    kafka-streams.main.consumer.max.poll.records: 10\n"
                + "    kafka-streams.producer.linger.ms: 1\n    kafka-streams.topic.retention.ms: 60000\n"
                + "    kafka-streams.session.timeout.ms: 6000\n    supply.transit-time: 2s\n    supply.order-retention: 10m\n"
                + "    supply.max-quantity: 500\n    supply.store-type: IN_MEMORY\n    quarkus.log.level: WARN\n");

        Scenario scenario = loader.load(file);

        assertThat(scenario.producer()).containsEntry("linger.ms", "5");
        assertThat(scenario.app().config()).hasSize(10).containsEntry("kafka-streams.main.consumer.max.poll.records", "10")
                .containsEntry("supply.max-quantity", "500").containsEntry("quarkus.log.level", "WARN");
    }

    @Test
    void shouldDefaultAndBoundTheStallTimeoutAndMinAcked() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.yaml"), H_OK);
        Path set = Files.writeString(dir.resolve("set.yaml"), H_OK + "stallTimeout: 10m\ndrainTimeout: 90s\nexpect: {minAcked: 0}\n");

        assertThat(loader.load(plain).stallTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(loader.load(plain).expect().minAcked()).isEqualTo(1L);
        assertThat(loader.load(set).stallTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(loader.load(set).drainTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(loader.load(set).expect().minAcked()).isZero();
    }

    @Test
    void shouldAskHalfTheMeasuredOrdersAcknowledgedUnlessTheScenarioSaysOtherwise() throws IOException {
        // given a scenario without expectations, one with other expectations, one with a share, one with minAcked alone
        Path plain = Files.writeString(dir.resolve("plain.yaml"), H_OK);
        Path other = Files.writeString(dir.resolve("other.yaml"), H_OK + "expect: {duplicates: 3}\n");
        Path share = Files.writeString(dir.resolve("share.yaml"), H_OK + "expect: {minAckedShare: 0.9}\n");
        Path absolute = Files.writeString(dir.resolve("absolute.yaml"), H_OK + "expect: {minAcked: 0}\n");
        Path both = Files.writeString(dir.resolve("both.yaml"), H_OK + "expect: {minAcked: 10, minAckedShare: 0.25}\n");

        // then the share is half by default, as set when set, and not checked when only the absolute floor is given
        assertThat(loader.load(plain).expect().minAckedShare()).isEqualTo(0.5);
        assertThat(loader.load(other).expect().minAckedShare()).isEqualTo(0.5);
        assertThat(loader.load(share).expect().minAckedShare()).isEqualTo(0.9);
        assertThat(loader.load(absolute).expect().minAckedShare()).isNull();
        assertThat(loader.load(both).expect().minAcked()).isEqualTo(10L);
        assertThat(loader.load(both).expect().minAckedShare()).isEqualTo(0.25);
    }

    @Test
    void shouldReadTheLossAScenarioSetsOutToShow() throws IOException {
        // given a scenario that expects loss and at least 10 orders of it, and one that expects loss only
        Path atLeast = Files.writeString(dir.resolve("at-least.yaml"), H_OK + "expect: {lost: expected, minLost: 10}\n");
        Path allowed = Files.writeString(dir.resolve("allowed.yaml"), H_OK + "expect: {lost: expected}\n");

        // then the first requires 10 lost orders, the second none
        assertThat(loader.load(atLeast).expect().minLost()).isEqualTo(10L);
        assertThat(loader.load(atLeast).expect().lossExpected()).isTrue();
        assertThat(loader.load(allowed).expect().minLost()).isNull();
    }

    @Test
    void shouldAllowSendsWrittenTwiceOnlyForAProducerWithoutIdempotence() throws IOException {
        // given acks=1 (idempotence off), enable.idempotence: false, and the default producer (idempotent)
        Path acks1 = Files.writeString(dir.resolve("acks1.yaml"), "name: x\nenv: c3\nproducer: {acks: \"1\"}\n"
                + "workload: {orders: 10}\nexpect: {writtenTwice: expected}\n");
        Path off = Files.writeString(dir.resolve("off.yaml"), "name: x\nenv: c3\nproducer: {enable.idempotence: false}\n"
                + "workload: {orders: 10}\nexpect: {writtenTwice: 3}\n");
        Path idempotent = Files.writeString(dir.resolve("idempotent.yaml"), H_OK + "expect: {writtenTwice: expected}\n");
        Path zero = Files.writeString(dir.resolve("zero.yaml"), H_OK + "expect: {writtenTwice: 0}\n");

        // then the first two allow them (any, 3), an idempotent producer is refused naming the field, 0 stays 0
        assertThat(loader.load(acks1).expect().writtenTwice()).isEqualTo(Expectations.ANY);
        assertThat(loader.load(off).expect().writtenTwice()).isEqualTo(3L);
        assertThatThrownBy(() -> loader.load(idempotent)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining(idempotent + ":4:")
                .hasMessageContaining("the producer is idempotent");
        assertThat(loader.load(zero).expect().writtenTwice()).isZero();
        assertThat(loader.load(Path.of("scenarios/rf3-leader-kill-acks-1.yaml")).expect().writtenTwice())
                .isEqualTo(Expectations.ANY);
        assertThat(loader.load(Path.of("scenarios/quickstart.yaml")).expect().writtenTwice())
                .as("a strict scenario counts them as duplicates").isNull();
    }

    private static final String H_OK = "name: x\nenv: c3\nworkload: {orders: 10}\n";

    @Test
    void shouldChooseTheTuningFromTheOfferedRateUnlessTheScenarioNamesOne() throws IOException {
        Path light = Files.writeString(dir.resolve("light.yaml"), "name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 100}\n");
        Path heavy = Files.writeString(dir.resolve("heavy.yaml"), "name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5000}\n");
        Path burst = Files.writeString(dir.resolve("burst.yaml"), H_OK);
        Path named = Files.writeString(dir.resolve("named.yaml"), H_OK + "app: {tuning: latency}\n");
        Path auto = Files.writeString(dir.resolve("auto.yaml"), "name: x\nenv: c3\nworkload: {orders: 10, ratePerSecond: 5000}\n"
                + "app: {tuning: auto}\n");

        assertThat(loader.load(light).tuning()).isEqualTo(Tuning.LATENCY);
        assertThat(loader.load(heavy).tuning()).isEqualTo(Tuning.THROUGHPUT);
        assertThat(loader.load(burst).tuning()).isEqualTo(Tuning.THROUGHPUT);
        assertThat(loader.load(named).tuning()).isEqualTo(Tuning.LATENCY);
        assertThat(loader.load(auto).tuning()).isEqualTo(Tuning.THROUGHPUT);
    }

    @Test
    void shouldLoadTheQuickstartWithItsFaultSchedule() {
        Scenario quickstart = loader.load(Path.of("scenarios/quickstart.yaml"));

        assertThat(quickstart.env().brokers()).isEqualTo(3);
        assertThat(quickstart.workload().orders()).isEqualTo(6000);
        assertThat(quickstart.app().processingGuarantee()).isEqualTo("exactly_once_v2");
        assertThat(quickstart.faults()).extracting(fault -> fault.type()).containsExactly(FaultType.KILL_BROKER,
                FaultType.START_BROKER, FaultType.DELAY);
        assertThat(quickstart.faults().get(0).target()).isEqualTo(FaultTarget.leaderOf("order-placed", 0));
        assertThat(quickstart.faults().get(2).duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(quickstart.faults().get(2).attributes()).containsEntry("ms", "100").containsEntry("link", "client");
        assertThat(quickstart.expect().lost()).isZero();
    }

    @Test
    void shouldLoadAStopAppHeldForAWhileAndAStartAppOfAnotherInstance() throws IOException {
        // given two app instances, one stopped for 10 s, the other stopped and started again by start-app
        Path file = Files.writeString(dir.resolve("stop-app.yaml"), "name: x\nenv: c3\nworkload: {orders: 10}\n"
                + "app: {instances: 2}\nfaults:\n  - {at: 10s, action: stop-app, target: app:1, for: 10s}\n"
                + "  - {at: 20s, action: stop-app, target: app:2}\n  - {at: 30s, action: start-app, target: app:2}\n");

        // when it is loaded
        Scenario scenario = loader.load(file);

        // then the faults are what the file says
        assertThat(scenario.faults()).extracting(FaultSpec::type, FaultSpec::target, FaultSpec::duration).containsExactly(
                tuple(FaultType.STOP_APP, FaultTarget.app(1), Duration.ofSeconds(10)),
                tuple(FaultType.STOP_APP, FaultTarget.app(2), null),
                tuple(FaultType.START_APP, FaultTarget.app(2), null));
    }

    @Test
    void shouldExpandThePaperSweepIntoOneRunPerConfigAndMessageCount() {
        Scenario sweep = loader.load(Path.of("scenarios/paper-table2.yaml"));

        // 66 points, each at the paper's rate and as fast as possible
        assertThat(sweep.runs()).hasSize(132);
        assertThat(sweep.runs().get(0).name()).isEqualTo("paper-table2-c1-100-paper-rate");
        assertThat(sweep.runs().get(22).name()).isEqualTo("paper-table2-c1-100-max-rate");
        assertThat(sweep.runs().get(131).env().partitioning()).isEqualTo(Partitioning.KEY);
        assertThat(sweep.comparePaper()).isTrue();
    }

    @Test
    void shouldOfferThePapersThroughputAtEachPointWhenTheRateIsPaper() throws IOException {
        // given a sweep whose rate is the paper's
        Path file = dir.resolve("paper-rate.yaml");
        Files.writeString(file, "name: p\nsweep: {env: [c1, c3], orders: [100, 50000]}\n"
                + "workload: {warmup: [100], ratePerSecond: paper}\npaper: true\n");

        // when it is expanded into its runs
        var runs = loader.load(file).runs();

        // then each run offers Table II's throughput for its config and message count
        assertThat(runs).extracting(run -> run.env().name() + "@" + run.workload().orders() + "="
                + run.workload().ratePerSecond())
                .containsExactly("c1@100=93.5", "c1@50000=165.8", "c3@100=140.8", "c3@50000=310.2");
    }

    @Test
    void shouldRunEachEnvAndCountAtEveryRateTheSweepListsNamedByTheirRate() throws IOException {
        // given a sweep listing the paper's rate, as fast as possible and a fixed rate
        Path file = dir.resolve("rates.yaml");
        Files.writeString(file, "name: r\nsweep: {env: [c1, c2], orders: [100], ratePerSecond: [paper, 0, 400]}\n"
                + "workload: {ratePerSecond: 50}\n");

        // when
        var runs = loader.load(file).runs();

        // then: per env, each rate in the listed order; the listed rate wins over the workload's
        assertThat(runs).extracting(run -> run.name() + "=" + run.workload().ratePerSecond()).containsExactly(
                "r-c1-100-paper-rate=93.5", "r-c1-100-max-rate=0.0", "r-c1-100-400-per-s=400.0",
                "r-c2-100-paper-rate=125.7", "r-c2-100-max-rate=0.0", "r-c2-100-400-per-s=400.0");
    }

    @Test
    void shouldRefuseASweepRateThatIsNeitherANumberNorPaper() throws IOException {
        Path file = dir.resolve("bad-rate.yaml");
        Files.writeString(file, "name: r\nsweep: {env: [c1], orders: [100], ratePerSecond: [fast]}\n");

        assertThatThrownBy(() -> loader.load(file)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("sweep.ratePerSecond").hasMessageContaining("or 'paper'");
    }

    @Test
    void shouldOfferThePapersThroughputToASingleRunWhenTheRateIsPaper() throws IOException {
        Path file = dir.resolve("paper-c2.yaml");
        Files.writeString(file, "name: p\nenv: c2\nworkload: {orders: 1000, ratePerSecond: paper}\n");

        assertThat(loader.load(file).workload().ratePerSecond()).isEqualTo(235.1);
    }

    @Test
    void shouldDeclareLossExpectedWhereTheScenarioSaysSo() {
        Scenario rf2 = loader.load(Path.of("scenarios/rf2-leader-kill-acks-1.yaml"));

        assertThat(rf2.expect().lossExpected()).isTrue();
        assertThat(loader.load(Path.of("scenarios/rf3-leader-kill-acks-all.yaml")).expect().lossExpected()).isFalse();
        assertThat(loader.load(Path.of("scenarios/rf1-leader-kill-acks-all.yaml")).expect().lossExpected())
                .as("acks=all excuses no loss, and one replica moves no leader").isFalse();
    }

    @Test
    void shouldLoadEveryShippedScenario() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            files.filter(file -> file.toString().endsWith(".yaml"))
                    .forEach(file -> assertThat(loader.load(file).name()).as(file.toString())
                            .isEqualTo(file.getFileName().toString().replace(".yaml", "")));
        }
    }

    @Test
    void givenNoWarmup_whenLoaded_thenItWarmsUpUntilSteadyAtARateAndNotAtAllAsFastAsPossible() throws IOException {
        Path atRate = Files.writeString(dir.resolve("rate.yaml"), "name: x\nenv: c3\nworkload: {orders: 6000, ratePerSecond: 100}\n");
        Path burst = Files.writeString(dir.resolve("burst.yaml"), H_OK);

        WorkloadSpec rated = loader.load(atRate).workload();
        WorkloadSpec fast = loader.load(burst).workload();

        assertThat(rated.warmupAsRun()).isEqualTo(new Warmup.UntilSteady(SteadyState.Rule.DEFAULT, true));
        assertThat(fast.warmupAsRun()).isEqualTo(Warmup.none());
        // a rate set later (a sweep point, 'paper') decides again
        assertThat(fast.withRatePerSecond(50).warmupAsRun()).isInstanceOf(Warmup.UntilSteady.class);
    }

    @Test
    void givenEachFormOfWarmup_whenLoaded_thenCountsNoneAndSteadyAreReadAsWritten() throws IOException {
        String head = "name: x\nenv: c3\nworkload: {orders: 6000, ratePerSecond: 100, warmup: ";

        assertThat(warmup(head + "500}\n")).isEqualTo(Warmup.orders(List.of(500L)));
        assertThat(warmup(head + "[1000, 500]}\n")).isEqualTo(Warmup.orders(List.of(1000L, 500L)));
        assertThat(warmup(head + "none}\n")).isEqualTo(Warmup.none());
        assertThat(warmup(head + "[]}\n")).isEqualTo(Warmup.none());
        assertThat(warmup(head + "steady}\n")).isEqualTo(new Warmup.UntilSteady(SteadyState.Rule.DEFAULT, false));
        assertThat(warmup(head + "{until: steady, max: 60s, window: 2s, windows: 4, tolerancePercent: 5}}\n"))
                .isEqualTo(new Warmup.UntilSteady(new SteadyState.Rule(Duration.ofSeconds(2), 4, 0.05,
                        Duration.ofSeconds(60)), false));
        assertThat(warmup(head + "{until: steady}}\n")).isEqualTo(new Warmup.UntilSteady(SteadyState.Rule.DEFAULT, false));
        assertThat(warmup(head + "{until: jit-quiet, orders: 5000, max: 3m}}\n"))
                .isEqualTo(new Warmup.UntilJitQuiet(5000, Duration.ofMinutes(3)));
        assertThat(warmup(head + "{until: jit-quiet, orders: 5000}}\n"))
                .isEqualTo(new Warmup.UntilJitQuiet(5000, SteadyState.Rule.DEFAULT.max()));
    }

    @Test
    void givenAWarmUpUntilTheJitIsQuiet_whenLoadedAsFastAsPossible_thenAcceptedWhereUntilSteadyIsRefused() throws IOException {
        // given: no offered rate, where a latency has no steady state but the compilers do settle
        String yaml = "name: x\nenv: c3\nworkload: {orders: 10000, warmup: {until: jit-quiet, orders: 10000, max: 4m}}\n";

        // when
        Warmup warmup = warmup(yaml);

        // then
        assertThat(warmup).isEqualTo(new Warmup.UntilJitQuiet(10000, Duration.ofMinutes(4)));
        assertThat(warmup.asJson()).isEqualTo(Map.of("until", "jit-quiet", "orders", 10000L, "max", "4m"));
    }

    private Warmup warmup(String yaml) throws IOException {
        return loader.load(Files.writeString(dir.resolve("warmup.yaml"), yaml)).workload().warmupAsRun();
    }

    @Test
    void givenAMeasuredPhaseShorterThanTheSteadyRuleNeeds_whenLoaded_thenWarnedNamingFileFieldAndLengths() throws IOException {
        Path brief = Files.writeString(dir.resolve("brief.yaml"), "name: x\nenv: c3\nworkload: {orders: 500, ratePerSecond: 100}\n");
        Path counted = Files.writeString(dir.resolve("counted.yaml"),
                "name: x\nenv: c3\nworkload: {orders: 500, ratePerSecond: 100, warmup: [100]}\n");
        Path soak = Files.writeString(dir.resolve("soak.yaml"), "name: x\nenv: c3\nworkload: {durationSeconds: 60, ratePerSecond: 100}\n");

        assertThat(loader.load(brief).measuredPhaseWarnings()).containsExactly(brief + ": field 'workload.orders': the "
                + "measured phase of x sends for about 5 s, shorter than the 20 s the steady rule needs to see a steady "
                + "state (4 windows of 5s): its figures may not describe one");
        assertThat(loader.load(counted).measuredPhaseWarnings()).isEmpty();
        assertThat(loader.load(soak).measuredPhaseWarnings()).isEmpty();
    }

    @Test
    void givenBrokerFaultsOnAKubernetesEnv_whenLoaded_thenHowTheyDifferIsStatedBeforeTheRunAndTheSameFaultsOnC3StateNothing()
            throws IOException {
        String faults = "workload: {orders: 10}\nfaults:\n  - {at: 1s, action: kill-broker, target: 1, for: 20s}\n"
                + "  - {at: 30s, action: pause-broker, target: 2, for: 10s}\n  - {at: 50s, action: pause-broker, target: 3, for: 2m}\n"
                + "  - {at: 3m, action: delay, ms: 100}\n";
        Path k8s = Files.writeString(dir.resolve("k8s.yaml"), "name: x\nenv: k8s-c3\n" + faults);
        Path c3 = Files.writeString(dir.resolve("c3.yaml"), "name: x\nenv: c3\n" + faults);

        Scenario onKubernetes = loader.load(k8s);

        // the kill: Strimzi brings the broker back at once; the 10 s pause fits in the readiness window, the 2 min one does not
        assertThat(onKubernetes.faultDifferences()).hasSize(2);
        assertThat(onKubernetes.faultDifferences().get(0)).startsWith("faults[0] (kill-broker at 1s for 20s): the broker comes back at once");
        assertThat(onKubernetes.faultDifferences().get(1)).startsWith("faults[2] (pause-broker at 50s for 2m): ")
                .contains("readiness probe");
        assertThat(onKubernetes.statedDifferences()).allSatisfy(line -> assertThat(line).startsWith(k8s + ": env 'k8s-c3' (kubernetes) faults["));
        assertThat(loader.load(c3).faultDifferences()).isEmpty();
        assertThat(loader.load(c3).statedDifferences()).isEmpty();
    }

    @Test
    void givenAPauseHeldUntilHealedOnAKubernetesEnv_whenLoaded_thenItsDifferenceIsStated() throws IOException {
        Path k8s = Files.writeString(dir.resolve("k8s.yaml"), "name: x\nenv: k8s-c3\nworkload: {orders: 10}\n"
                + "faults:\n  - {at: 1s, action: pause-broker, target: 2}\n");

        assertThat(loader.load(k8s).faultDifferences()).singleElement().asString()
                .startsWith("faults[0] (pause-broker at 1s): ").contains("NotReady");
    }
}
