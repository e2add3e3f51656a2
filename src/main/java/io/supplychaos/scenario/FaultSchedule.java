package io.supplychaos.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.chaos.FaultAttributeException;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.kind.EnvCapabilities;
import io.supplychaos.spec.Durations;
import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;
import io.supplychaos.topology.Topics;

/**
 * The rules a fault schedule (a scenario's, or a faults file for {@code ./chaos verify}) must meet
 * before anything starts, against the env it runs on (each env of a sweep): the target exists (broker id within the env's brokers, {@code app:N}
 * within the app's instances, {@code leader-of TOPIC:P} on a pipeline topic and partition), the env
 * can take the fault (network faults need proxies, replication links need two brokers), and the
 * times are bounded. Touches nothing.
 */
public final class FaultSchedule {

    static final Rule<FaultTarget> TARGET = Rule.of("a broker id, all, random[:SEED], leader-of TOPIC:PARTITION, "
            + "controller, killed or app:N", FaultTarget::parse, Shape.json("anyOf", List.of(
                    Shape.json("type", "integer", "minimum", 0),
                    Shape.json("type", "string", "pattern", FaultTarget.SCHEMA_PATTERN))));
    /** When a fault starts, from the start of the measured phase. */
    static final Rule<Duration> AT = Rule.duration(Duration.ZERO, Duration.ofHours(24));
    /** How long a fault lasts before it is healed. */
    static final Rule<Duration> FOR = Rule.duration(Duration.ofMillis(1), Duration.ofHours(1));
    private static final Rule<String> ACTION_NAMES = Rule.oneOf(Arrays.stream(FaultType.values()).map(FaultType::cliName).toList());
    static final Rule<FaultType> ACTION = Rule.of(ACTION_NAMES.expected(), FaultType::byCliName, ACTION_NAMES.schema());

    /**
     * A fault entry: its own keys ({@code at}, {@code action}, {@code target}, {@code for}), and per
     * action the attributes {@link FaultType} says it takes, and no others.
     */
    public static final Shape.Keys FAULT = fault();
    /** The keys of a fault entry that are not attributes of the fault. */
    static final List<String> KEYS = FAULT.names();

    private FaultSchedule() {
    }

    /**
     * What a schedule's targets are checked against: the env, the app instances and the topics a
     * {@code leader-of} may name, each with the words that say where the bound comes from.
     */
    private record Bounds(EnvSpec env, int instances, String instancesFrom, Collection<String> topics, int partitions,
                          String partitionsFrom, String point) {
    }

    /** A {@code faults:} list. */
    public static final Shape.ListOf LIST = new Shape.ListOf(FAULT, false);
    /** A faults file ({@code ./chaos verify --faults FILE}). */
    public static final Shape.Keys FILE = Shape.keys(
            Shape.optional("description", Shape.text("a string"), "What the schedule does and why"),
            Shape.required("faults", LIST, "The faults, each at its time from the start of the run"));

    private static Shape.Keys fault() {
        Shape.Keys own = new Shape.Keys(List.of(
                Shape.required("at", AT, "When the fault starts, from the start of the measured phase"),
                Shape.required("action", ACTION, "The fault to inject"),
                Shape.optional("target", TARGET, "What the fault acts on (broker and app faults need one)"),
                Shape.optional("for", FOR, "How long the fault lasts before it is healed; absent: until the run heals it")),
                false, List.of());
        List<Shape.Constraint> actions = new ArrayList<>();
        for (FaultType type : FaultType.values()) {
            List<Shape.Field> attributes = type.attributes().stream()
                    .map(a -> new Shape.Field(a.name(), Shape.value(a.rule()), a.required(), null)).toList();
            actions.add(new Shape.When("action", type.cliName(), false, List.of(), List.of(), attributes, true));
        }
        return own.and(actions.toArray(Shape.Constraint[]::new));
    }

    /** Reads a {@code faults:} list (a scenario's, or a faults file's) into specs, each fault's attributes checked. */
    static List<FaultSpec> parse(SpecNode list) {
        if (!list.present()) {
            return List.of();
        }
        List<FaultSpec> faults = new ArrayList<>();
        for (SpecNode fault : list.items("faults {at, action, target, ...}")) {
            fault.mapping("{at, action, target, ...}");
            FaultType type = fault.get("action").as(ACTION);
            Map<String, String> attributes = new LinkedHashMap<>();
            for (Map.Entry<String, SpecNode> entry : fault.entries().entrySet()) {
                if (!KEYS.contains(entry.getKey())) {
                    attributes.put(entry.getKey(), entry.getValue().scalar());
                }
            }
            try {
                type.checkAttributes(attributes);
            } catch (FaultAttributeException e) {
                throw fault.get(e.attribute()).error(e.expected());
            }
            FaultTarget target = fault.has("target") ? fault.get("target").as(TARGET) : null;
            faults.add(new FaultSpec(type, target, attributes, fault.get("at").as(AT),
                    fault.has("for") ? fault.get("for").as(FOR) : null));
        }
        return faults;
    }

    /**
     * Reads a faults file (a {@code faults:} list in the scenario format, and an optional
     * {@code description}) and checks it whole against the env, the number of app instances and
     * the topics a {@code leader-of} target may name; every fault must start before {@code horizon}
     * (when the workload ends). Throws a {@link ScenarioException} naming file, field, line and column.
     */
    public static List<FaultSpec> readFile(Path file, EnvSpec env, int instances, Collection<String> topics,
                                           int partitions, Duration horizon, String horizonWhy) {
        SpecNode top = SpecFile.read(file, ScenarioException::new).mapping("with description and faults").only(FILE);
        if (!top.has("faults")) {
            throw top.get("faults").error("required: a list of faults {at, action, target, ...}");
        }
        List<FaultSpec> faults = parse(top.get("faults"));
        check(faults, top.get("faults"), new Bounds(env, instances, "--instances", topics, partitions,
                "the suite's topics have", ""));
        List<SpecNode> nodes = top.get("faults").items("faults");
        for (int i = 0; i < faults.size(); i++) {
            if (faults.get(i).start().compareTo(horizon) >= 0) {
                throw nodes.get(i).get("at").refuse("a start before " + Durations.format(horizon) + " (" + horizonWhy + ")");
            }
        }
        return faults;
    }

    /** Checks every fault of {@code faults} (read from {@code list}) against {@code env} and {@code app}. */
    static void check(List<FaultSpec> faults, SpecNode list, EnvSpec env, AppSpec app, boolean sweep) {
        check(faults, list, new Bounds(env, app.instances(), "app.instances", Topics.SUPPLY_CHAIN_TOPIC_NAMES,
                env.partitions(), "env '" + env.name() + "' has", sweep ? " (sweep point env '" + env.name() + "')" : ""));
    }

    private static void check(List<FaultSpec> faults, SpecNode list, Bounds bounds) {
        if (faults.isEmpty()) {
            return;
        }
        List<SpecNode> nodes = list.items("faults");
        for (int i = 0; i < faults.size(); i++) {
            check(faults.get(i), nodes.get(i), bounds);
        }
    }

    private static void check(FaultSpec fault, SpecNode node, Bounds bounds) {
        EnvSpec env = bounds.env();
        String point = bounds.point();
        FaultType type = fault.type();
        FaultTarget target = fault.target();
        SpecNode targetNode = node.get("target");
        String brokers = "a broker id from 1 to " + env.brokers() + ", random, leader-of TOPIC:PARTITION, controller or killed";
        EnvCapabilities.refusal(env, fault).ifPresent(why -> {
            throw node.get("action").refuse("a fault env '" + env.name() + "' can take: " + why + point);
        });
        switch (type.kind()) {
            case BROKER -> {
                if (target == null && type.defaultTarget().isEmpty()) {
                    throw targetNode.error("required by " + type.cliName() + ": " + brokers + point);
                }
                if (target != null && (target.kind() == FaultTarget.Kind.ALL || target.kind() == FaultTarget.Kind.APP)) {
                    throw targetNode.refuse(type.cliName() + " acts on one broker: " + brokers + point);
                }
            }
            case PROTOCOL -> {
                if (target != null && target.kind() == FaultTarget.Kind.APP) {
                    throw targetNode.refuse("the brokers whose client links " + type.cliName() + " acts on: all or " + brokers + point);
                }
            }
            case NETWORK -> {
                if (target != null && target.kind() == FaultTarget.Kind.APP) {
                    throw targetNode.refuse("the brokers whose proxies " + type.cliName() + " acts on: all or " + brokers + point);
                }
                if (!"client".equals(fault.attribute("link", "client")) && env.brokers() == 1) {
                    throw node.get("link").refuse("client: env '" + env.name() + "' has one broker, so no replication link" + point);
                }
            }
            case APP -> {
                if (target == null || target.kind() != FaultTarget.Kind.APP) {
                    throw (target == null ? targetNode.error("required by " + type.cliName() + ": " + apps(bounds))
                            : targetNode.refuse(apps(bounds)));
                }
            }
            case ENVIRONMENT -> {
                // heal acts on the whole env: a target is ignored
            }
        }
        if (target == null) {
            return;
        }
        switch (target.kind()) {
            case BROKER -> {
                if (target.id() < 1 || target.id() > env.brokers()) {
                    throw targetNode.refuse("a broker id from 1 to " + env.brokers() + " (env '" + env.name() + "' has "
                            + env.brokers() + " broker" + (env.brokers() == 1 ? "" : "s") + ")" + point);
                }
            }
            case APP -> {
                if (target.id() < 1 || target.id() > bounds.instances()) {
                    throw targetNode.refuse(apps(bounds));
                }
            }
            case LEADER -> {
                if (!bounds.topics().contains(target.topic())) {
                    throw targetNode.refuse("leader-of TOPIC:PARTITION with TOPIC one of " + String.join(", ", bounds.topics()));
                }
                int partitions = bounds.partitions();
                if (target.partition() >= partitions) {
                    throw targetNode.refuse("leader-of TOPIC:PARTITION with PARTITION from 0 to " + (partitions - 1)
                            + " (" + bounds.partitionsFrom() + " " + partitions + " partition" + (partitions == 1 ? "" : "s")
                            + ")" + point);
                }
            }
            default -> {
                // all, random, controller, killed: resolved against the live cluster when the fault is bound
            }
        }
    }

    private static String apps(Bounds bounds) {
        return "an app instance app:N with N from 1 to " + bounds.instances() + " (" + bounds.instancesFrom() + ")";
    }
}
