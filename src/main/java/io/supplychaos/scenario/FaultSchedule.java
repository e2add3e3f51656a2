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
            + "controller, killed, app:N or a set of broker ids (1,3; power-loss)", FaultTarget::parse, Shape.json("anyOf", List.of(
                    Shape.json("type", "integer", "minimum", 0),
                    Shape.json("type", "string", "pattern", FaultTarget.SCHEMA_PATTERN))));
    /** When a fault starts, from the start of the measured phase. */
    static final Rule<Duration> AT = Rule.duration(Duration.ZERO, Duration.ofHours(24));
    /** How long a fault lasts before it is healed. */
    static final Rule<Duration> FOR = Rule.duration(Duration.ofMillis(1), Duration.ofHours(1));
    /** How often a repeating fault comes back. */
    static final Rule<Duration> EVERY = Rule.duration(Duration.ofSeconds(1), Duration.ofHours(1));
    static final Rule<Long> SEED = Rule.whole(Long.MIN_VALUE, Long.MAX_VALUE);
    static final Rule<Long> MAX_DOWN = Rule.whole(1, 100);
    static final Rule<Duration> UNTIL = Rule.duration(Duration.ofSeconds(1), Duration.ofHours(24));
    static final Rule<Long> COUNT = Rule.whole(1, 10_000);
    /** The fields of a repeating fault that mean nothing without {@code every}. */
    private static final List<String> REPEAT_KEYS = List.of("seed", "maxDown", "until", "count");
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
                Shape.optional("for", FOR, "How long the fault lasts before it is healed; absent: until the run heals it"),
                Shape.optional("every", EVERY, "Repeat the fault every period from at, on a random target among those"
                        + " that can take it (target: random), until until or count"),
                Shape.optional("seed", SEED, "With every: the seed of the random targets (the same seed, the same schedule)"),
                Shape.optional("maxDown", MAX_DOWN, "With every: most targets in the fault at once (default 1)"),
                Shape.optional("until", UNTIL, "With every: when the repetition ends, from the start of the measured phase (exclusive)"),
                Shape.optional("count", COUNT, "With every: how many faults at most")),
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
            checkRepeat(fault, type, target);
            faults.add(new FaultSpec(type, target, attributes, fault.get("at").as(AT),
                    fault.has("for") ? fault.get("for").as(FOR) : null));
        }
        return faults;
    }

    /**
     * The rules of a repeating fault ({@code every}): a random target (a seed comes from {@code seed}),
     * a bound ({@code until} or {@code count}), a {@code for} when the fault lasts (its targets must
     * come back); and no {@code seed}, {@code maxDown}, {@code until} or {@code count} without it.
     */
    private static void checkRepeat(SpecNode fault, FaultType type, FaultTarget target) {
        if (!fault.has("every")) {
            for (String key : REPEAT_KEYS) {
                if (fault.has(key)) {
                    throw fault.get(key).error("only with every: a repeating fault");
                }
            }
            return;
        }
        fault.get("every").as(EVERY);
        if (type.kind() != FaultType.Kind.BROKER && type.kind() != FaultType.Kind.APP) {
            throw fault.get("every").error("a broker or app fault: " + type.cliName() + " does not repeat on random targets");
        }
        if (target == null || target.kind() != FaultTarget.Kind.RANDOM || target.seed() != null) {
            throw fault.get("target").error("random with every (the seed goes in seed:)");
        }
        if (!fault.has("until") && !fault.has("count")) {
            throw fault.get("until").error("until or count with every: a bound on the repetition");
        }
        if (!type.isInstantaneous() && !fault.has("for")) {
            throw fault.get("for").error("required with every for a lasting fault: its targets must come back");
        }
        Duration start = fault.get("at").as(AT);
        if (fault.has("until") && fault.get("until").as(UNTIL).compareTo(start) <= 0) {
            throw fault.get("until").refuse("a time after at (" + Durations.format(start) + ")");
        }
    }

    /**
     * The schedule with each repeating entry of {@code list} ({@code every}) replaced by the concrete
     * faults it expands to ({@link RepeatingFault#expand}) among the targets {@code env} and
     * {@code app} offer: app instances for an app fault, broker ids for a broker fault.
     */
    static List<FaultSpec> expandRepeats(List<FaultSpec> faults, SpecNode list, EnvSpec env, int instances) {
        if (faults.isEmpty()) {
            return faults;
        }
        List<SpecNode> nodes = list.items("faults");
        List<FaultSpec> expanded = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec fault = faults.get(i);
            SpecNode node = nodes.get(i);
            if (!node.has("every")) {
                expanded.add(fault);
                continue;
            }
            List<FaultTarget> eligible = new ArrayList<>();
            if (fault.type().kind() == FaultType.Kind.APP) {
                for (int instance = 1; instance <= instances; instance++) {
                    eligible.add(FaultTarget.app(instance));
                }
            } else {
                for (int broker = 1; broker <= env.brokers(); broker++) {
                    eligible.add(FaultTarget.broker(broker));
                }
            }
            RepeatingFault repeating = new RepeatingFault(fault.type(), fault.attributes(), fault.start(),
                    node.get("every").as(EVERY), fault.duration(), node.get("seed").as(SEED, 0L),
                    Math.toIntExact(node.get("maxDown").as(MAX_DOWN, 1L)),
                    node.has("until") ? node.get("until").as(UNTIL) : null,
                    node.has("count") ? Math.toIntExact(node.get("count").as(COUNT)) : null);
            expanded.addAll(repeating.expand(eligible));
        }
        return List.copyOf(expanded);
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
        return expandRepeats(faults, top.get("faults"), env, instances).stream()
                .filter(fault -> fault.start().compareTo(horizon) < 0).toList();
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
                boolean several = target != null && (target.kind() == FaultTarget.Kind.ALL || target.kind() == FaultTarget.Kind.BROKERS);
                if (target != null && (target.kind() == FaultTarget.Kind.APP || several && !type.takesSeveralBrokers())) {
                    throw targetNode.refuse(type.cliName() + " acts on one broker: " + brokers + point);
                }
            }
            case PROTOCOL -> {
                if (target != null && target.kind() == FaultTarget.Kind.APP) {
                    throw targetNode.refuse("the brokers whose client links " + type.cliName() + " acts on: all or " + brokers + point);
                }
            }
            case NETWORK -> {
                if (target != null && (target.kind() == FaultTarget.Kind.APP || target.kind() == FaultTarget.Kind.BROKERS)) {
                    throw targetNode.refuse("the brokers whose proxies " + type.cliName() + " acts on: all or " + brokers + point);
                }
                if (!"client".equals(fault.attribute("link", "client")) && env.brokers() == 1) {
                    throw node.get("link").refuse("client: env '" + env.name() + "' has one broker, so no replication link" + point);
                }
            }
            case APP -> {
                boolean repeating = node.has("every") && target != null && target.kind() == FaultTarget.Kind.RANDOM;
                if (!repeating && (target == null || target.kind() != FaultTarget.Kind.APP)) {
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
            case BROKERS -> {
                if (target.ids().stream().anyMatch(id -> id < 1 || id > env.brokers())) {
                    throw targetNode.refuse("broker ids from 1 to " + env.brokers() + " (env '" + env.name() + "' has "
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

    /**
     * How each fault of {@code faults} differs in effect on {@code env} from the same fault on the
     * embedded env, as the env's kind says ({@link EnvCapabilities#difference}): "faults[0]
     * (kill-broker at 10s): the broker comes back at once ...". Empty when none does. Stated before a
     * run starts and recorded in its history, so its result says it too.
     */
    public static List<String> differences(List<FaultSpec> faults, EnvSpec env) {
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec fault = faults.get(i);
            int index = i;
            EnvCapabilities.difference(env, fault).ifPresent(how -> differences.add("faults[" + index + "] ("
                    + fault.type().cliName() + " at " + Durations.format(fault.start())
                    + (fault.duration() == null ? "" : " for " + Durations.format(fault.duration())) + "): " + how));
        }
        return List.copyOf(differences);
    }

    private static String apps(Bounds bounds) {
        return "an app instance app:N with N from 1 to " + bounds.instances() + " (" + bounds.instancesFrom() + ")";
    }
}
