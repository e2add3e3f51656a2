package io.supplychaos.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.history.Expectations;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecException;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.Partitioning;
import io.supplychaos.result.RunResult;
import io.supplychaos.paper.PaperTable;

/**
 * Reads a scenario file into a validated {@link Scenario}. Every problem — bad YAML, an unknown
 * key, a negative count, an unknown env or action — is a {@link ScenarioException} naming the
 * file, the field path and what was expected. Env names resolve through the given function
 * (env/NAME.yaml); an inline {@code env:} block is validated like an env file.
 */
public final class ScenarioLoader {

    /** Sending stops after this long with no acknowledgement, unless the scenario says otherwise. */
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(60);

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of("name", "env", "app", "producer", "workload", "faults", "expect",
            "drainTimeout", "stallTimeout", "repeat", "sweep", "reuseEnv", "paper");
    private static final Set<String> APP = Set.of("instances", "processingGuarantee", "config");
    private static final Set<String> WORKLOAD = Set.of("warmup", "orders", "durationSeconds", "ratePerSecond",
            "producers", "partitioning");
    private static final Set<String> EXPECT = Set.of("lost", "duplicates", "outOfOrder", "inventoryConserved",
            "maxP99Ms", "minOrdersPerSec", "maxRecoverySeconds", "minAcked");
    private static final Set<String> SWEEP = Set.of("env", "orders");
    private static final Set<String> FAULT_KEYS = Set.of("at", "action", "target", "for");
    private static final Set<String> GUARANTEES = Set.of("exactly_once_v2", "at_least_once");
    private static final String PAPER_RATE = "paper";

    private final Function<String, Path> envFiles;

    /** @param envFiles resolves an env name (c3) or path to its file; throws EnvSpecException when unknown */
    public ScenarioLoader(Function<String, Path> envFiles) {
        this.envFiles = envFiles;
    }

    public Scenario load(Path file) {
        String source = file.toString();
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new ScenarioException(source, "(file)", "a readable YAML file ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(source, "(root)", "a mapping with name, env, workload, ...");
        }
        Fields top = new Fields(root, source, "");
        top.only(TOP);
        String name = top.has("name") ? top.text("name") : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new ScenarioException(source, "name", "letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        List<Scenario.SweepPoint> sweep = top.has("sweep") ? sweep(top.object("sweep")) : List.of();
        if (!top.has("env") && sweep.isEmpty()) {
            throw new ScenarioException(source, "env", "required: an env name (c1, c2, c3, ...) or an inline env block");
        }
        EnvSpec env = top.has("env") ? env(root.get("env"), source, "env", name)
                : sweep.get(0).env();
        Fields workloadFields = top.has("workload") ? top.object("workload") : new Fields(
                YAML.createObjectNode(), source, "workload");
        WorkloadSpec workload = workload(workloadFields);
        if (workload.orders() == 0 && workload.durationSeconds() == 0 && sweep.isEmpty()) {
            throw new ScenarioException(source, "workload.orders", "orders > 0 or durationSeconds > 0");
        }
        if (paperRate(workloadFields)) {
            PaperTable paper = PaperTable.load();
            if (sweep.isEmpty()) {
                workload = workload.withRatePerSecond(paperThroughput(paper, workloadFields, env, workload.orders()));
            } else {
                sweep = sweep.stream().map(point -> point.withRatePerSecond(
                        paperThroughput(paper, workloadFields, point.env(), point.orders()))).toList();
            }
        }
        return new Scenario(name, source, env,
                app(top.has("app") ? top.object("app") : new Fields(YAML.createObjectNode(), source, "app")),
                top.has("producer") ? top.object("producer").properties() : Map.of(),
                workload, faults(top, source), expect(top.has("expect") ? top.object("expect") : null),
                top.has("drainTimeout") ? top.duration("drainTimeout") : Duration.ofSeconds(60),
                top.has("stallTimeout") ? top.duration("stallTimeout") : DEFAULT_STALL_TIMEOUT,
                top.has("repeat") ? (int) top.integer("repeat", 1, 100) : 1, sweep,
                top.has("reuseEnv") && top.bool("reuseEnv"), top.has("paper") && top.bool("paper"));
    }

    private EnvSpec env(JsonNode node, String source, String field, String scenarioName) {
        try {
            if (node.isTextual()) {
                Path file = envFiles.apply(node.asText());
                return EnvSpecReader.read(file);
            }
            return EnvSpecReader.fromNode(node, source + " (" + field + ")", scenarioName);
        } catch (EnvSpecException e) {
            throw new ScenarioException(source, field, e.getMessage());
        }
    }

    private AppSpec app(Fields app) {
        app.only(APP);
        String guarantee = app.has("processingGuarantee") ? app.text("processingGuarantee") : "exactly_once_v2";
        if (!GUARANTEES.contains(guarantee)) {
            throw app.error("processingGuarantee", "one of " + GUARANTEES + ", got '" + guarantee + "'");
        }
        return new AppSpec(app.has("instances") ? (int) app.integer("instances", 1, 8) : 1, guarantee,
                app.has("config") ? app.object("config").properties() : Map.of());
    }

    private WorkloadSpec workload(Fields workload) {
        workload.only(WORKLOAD);
        List<Long> warmup = new ArrayList<>();
        if (workload.has("warmup")) {
            JsonNode list = workload.node("warmup");
            if (list.isIntegralNumber()) {
                warmup.add(workload.integer("warmup", 1, Long.MAX_VALUE));
            } else if (list.isArray()) {
                for (int i = 0; i < list.size(); i++) {
                    if (!list.get(i).isIntegralNumber() || list.get(i).asLong() < 1) {
                        throw workload.error("warmup[" + i + "]", "a positive order count, got " + list.get(i));
                    }
                    warmup.add(list.get(i).asLong());
                }
            } else {
                throw workload.error("warmup", "an order count or a list of them, got " + list);
            }
        }
        Partitioning partitioning = workload.has("partitioning")
                ? workload.choice("partitioning", Partitioning.values(), Partitioning::yamlName) : null;
        return new WorkloadSpec(warmup, workload.has("orders") ? workload.integer("orders", 0, Long.MAX_VALUE) : 0,
                workload.has("durationSeconds") ? workload.integer("durationSeconds", 0, Long.MAX_VALUE) : 0,
                workload.has("ratePerSecond") && !paperRate(workload) ? rate(workload) : 0,
                workload.has("producers") ? (int) workload.integer("producers", 1, 64) : 1, partitioning);
    }

    private List<FaultSpec> faults(Fields top, String source) {
        if (!top.has("faults")) {
            return List.of();
        }
        JsonNode list = top.node("faults");
        if (!list.isArray()) {
            throw top.error("faults", "a list of {at, action, target, ...}");
        }
        List<FaultSpec> faults = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            Fields fault = new Fields(list.get(i), source, "faults[" + i + "]");
            if (!list.get(i).isObject()) {
                throw top.error("faults[" + i + "]", "a mapping {at, action, target, ...}");
            }
            String action = fault.text("action");
            FaultType type = FaultType.byCliName(action).orElseThrow(() -> fault.error("action",
                    "one of " + FaultType.cliNames() + ", got '" + action + "'"));
            Map<String, String> attributes = new LinkedHashMap<>();
            for (Iterator<String> keys = list.get(i).fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (FAULT_KEYS.contains(key)) {
                    continue;
                }
                if (!type.accepts(key)) {
                    throw fault.error(key, "not an attribute of " + action + (type.kind() == FaultType.Kind.NETWORK
                            ? " (network faults take " + FaultType.NETWORK_ATTRIBUTES + " and their own)" : ""));
                }
                attributes.put(key, fault.scalar(key));
            }
            for (String required : type.requiredAttributes()) {
                if (!attributes.containsKey(required)) {
                    throw fault.error(required, "required by " + action);
                }
            }
            FaultTarget target = fault.has("target") ? FaultTarget.parse(fault.scalar("target")).orElseThrow(() ->
                    fault.error("target", "a broker id, all, random[:SEED], leader-of TOPIC:PARTITION, controller, "
                            + "killed or app:N, got '" + fault.scalar("target") + "'")) : null;
            if (target == null && type.kind() != FaultType.Kind.ENVIRONMENT && type.kind() != FaultType.Kind.NETWORK) {
                throw fault.error("target", "required by " + action);
            }
            faults.add(new FaultSpec(type, target, attributes, fault.duration("at"),
                    fault.has("for") ? fault.duration("for") : null));
        }
        return faults;
    }

    private static Expectations expect(Fields expect) {
        if (expect == null) {
            return Expectations.strict();
        }
        expect.only(EXPECT);
        boolean lossExpected = expect.has("lost") && expect.node("lost").isTextual()
                && expect.node("lost").asText().equals("expected");
        Long lost = !expect.has("lost") ? Long.valueOf(0) : lossExpected ? null : expect.integer("lost", 0, Long.MAX_VALUE);
        return new Expectations(lost, lossExpected,
                expect.has("duplicates") ? expect.integer("duplicates", 0, Long.MAX_VALUE) : Long.valueOf(0),
                expect.has("outOfOrder") ? expect.integer("outOfOrder", 0, Long.MAX_VALUE) : Long.valueOf(0),
                !expect.has("inventoryConserved") || expect.bool("inventoryConserved"),
                expect.has("maxP99Ms") ? expect.number("maxP99Ms", 0) : null,
                expect.has("minOrdersPerSec") ? expect.number("minOrdersPerSec", 0) : null,
                expect.has("maxRecoverySeconds") ? expect.number("maxRecoverySeconds", 0) : null,
                expect.has("minAcked") ? expect.integer("minAcked", 0, Long.MAX_VALUE) : Long.valueOf(1));
    }

    private List<Scenario.SweepPoint> sweep(Fields sweep) {
        sweep.only(SWEEP);
        JsonNode envs = sweep.node("env");
        JsonNode counts = sweep.node("orders");
        if (envs == null || !envs.isArray() || envs.isEmpty()) {
            throw sweep.error("env", "a non-empty list of env names");
        }
        if (counts == null || !counts.isArray() || counts.isEmpty()) {
            throw sweep.error("orders", "a non-empty list of order counts");
        }
        List<Scenario.SweepPoint> points = new ArrayList<>();
        for (int e = 0; e < envs.size(); e++) {
            EnvSpec env = env(envs.get(e), sweep.source, sweep.path("env[" + e + "]"), "sweep");
            for (int c = 0; c < counts.size(); c++) {
                if (!counts.get(c).isIntegralNumber() || counts.get(c).asLong() < 1) {
                    throw sweep.error("orders[" + c + "]", "a positive order count, got " + counts.get(c));
                }
                points.add(new Scenario.SweepPoint(env, counts.get(c).asLong(), null));
            }
        }
        return points;
    }

    private static double rate(Fields workload) {
        JsonNode value = workload.node("ratePerSecond");
        if (!value.isNumber() || value.asDouble() < 0) {
            throw workload.error("ratePerSecond", "orders per second (0 = as fast as possible) or '" + PAPER_RATE
                    + "' (Table II's throughput for the env and order count), got " + value);
        }
        return value.asDouble();
    }

    /** {@code ratePerSecond: paper}: the paper's own throughput, resolved per run once env and order count are known. */
    private static boolean paperRate(Fields workload) {
        return workload.has("ratePerSecond") && PAPER_RATE.equals(workload.node("ratePerSecond").asText());
    }

    /**
     * The throughput Table II gives for the env's config at this order count: offering the load
     * the paper's system carried makes the latencies comparable, where a burst would measure queueing.
     */
    private static double paperThroughput(PaperTable paper, Fields workload, EnvSpec env, long orders) {
        return paper.figures(env.name(), orders).map(RunResult.PaperFigures::throughputPerSec)
                .orElseThrow(() -> workload.error("ratePerSecond", "'" + PAPER_RATE + "' only for an env named c1, c2 "
                        + "or c3 and an order count of the paper's Table II (" + paper.messageCounts().stream()
                        .map(String::valueOf).collect(Collectors.joining(", ")) + "); got env '" + env.name() + "' with " + orders + " orders"));
    }

    /** "10s", "500ms", "2m", or a plain number of seconds. */
    public static Duration parseDuration(String text) {
        String value = text.trim();
        try {
            if (value.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2).trim()));
            }
            if (value.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(value.substring(0, value.length() - 1).trim()) * 1000));
            }
            if (value.endsWith("m")) {
                return Duration.ofSeconds(Math.round(Double.parseDouble(value.substring(0, value.length() - 1).trim()) * 60));
            }
            return Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The fields of one mapping, with the file and the path to it for error messages. */
    private static final class Fields {
        private final JsonNode node;
        private final String source;
        private final String prefix;

        Fields(JsonNode node, String source, String prefix) {
            this.node = node;
            this.source = source;
            this.prefix = prefix;
        }

        String path(String field) {
            return prefix.isEmpty() ? field : prefix + "." + field;
        }

        ScenarioException error(String field, String expected) {
            return new ScenarioException(source, path(field), expected);
        }

        boolean has(String field) {
            return node.has(field) && !node.get(field).isNull();
        }

        JsonNode node(String field) {
            return node.get(field);
        }

        void only(Set<String> known) {
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String field = names.next();
                if (!known.contains(field)) {
                    throw error(field, "unknown key; expected one of " + known.stream().sorted().toList());
                }
            }
        }

        Fields object(String field) {
            if (!node.get(field).isObject()) {
                throw error(field, "a mapping, got " + node.get(field));
            }
            return new Fields(node.get(field), source, path(field));
        }

        String text(String field) {
            if (!has(field) || !node.get(field).isTextual()) {
                throw error(field, (has(field) ? "a string, got " + node.get(field) : "required: a string"));
            }
            return node.get(field).asText();
        }

        String scalar(String field) {
            if (!has(field) || !node.get(field).isValueNode()) {
                throw error(field, "a value (number, string or boolean)");
            }
            return node.get(field).asText();
        }

        long integer(String field, long min, long max) {
            JsonNode value = node.get(field);
            if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
                throw error(field, "an integer" + (max == Long.MAX_VALUE ? " >= " + min : " from " + min + " to " + max)
                        + ", got " + value);
            }
            return value.asLong();
        }

        double number(String field, double min) {
            JsonNode value = node.get(field);
            if (!value.isNumber() || value.asDouble() < min) {
                throw error(field, "a number >= " + min + ", got " + value);
            }
            return value.asDouble();
        }

        boolean bool(String field) {
            if (!node.get(field).isBoolean()) {
                throw error(field, "true or false, got " + node.get(field));
            }
            return node.get(field).asBoolean();
        }

        Duration duration(String field) {
            Duration duration = has(field) ? parseDuration(node.get(field).asText()) : null;
            if (duration == null || duration.isNegative()) {
                throw error(field, "a duration such as 10s, 500ms or 2m" + (has(field) ? ", got '" + node.get(field).asText() + "'" : ""));
            }
            return duration;
        }

        <E extends Enum<E>> E choice(String field, E[] values, Function<E, String> yamlName) {
            String value = scalar(field);
            return Arrays.stream(values).filter(v -> yamlName.apply(v).equals(value)).findFirst().orElseThrow(() ->
                    error(field, "one of " + Arrays.stream(values).map(yamlName).toList() + ", got '" + value + "'"));
        }

        Map<String, String> properties() {
            Map<String, String> properties = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!field.getValue().isValueNode() || field.getValue().isNull()) {
                    throw error(field.getKey(), "a value (number, string or boolean)");
                }
                properties.put(field.getKey(), field.getValue().asText());
            }
            return properties;
        }
    }
}
