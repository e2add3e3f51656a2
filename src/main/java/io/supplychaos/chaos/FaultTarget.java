package io.supplychaos.chaos;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a fault acts on, as written after {@code target:} in a scenario (or derived from CLI
 * options): a broker id ({@code 2}), {@code all}, {@code random} or {@code random:SEED},
 * {@code leader-of TOPIC:PARTITION}, {@code controller}, {@code killed} (the broker this run
 * killed or stopped last, to bring it back), an app instance ({@code app:N}), or a set of brokers
 * ({@code 1,3}: for the faults that take several at once, {@code power-loss}).
 *
 * @param ids the brokers of a set, ascending and distinct; empty for every other kind
 */
public record FaultTarget(Kind kind, int id, String topic, int partition, Long seed, List<Integer> ids) {

    public enum Kind { BROKER, ALL, RANDOM, LEADER, CONTROLLER, KILLED, APP, BROKERS }

    public FaultTarget {
        ids = ids == null ? List.of() : ids.stream().distinct().sorted().toList();
    }

    private FaultTarget(Kind kind, int id, String topic, int partition, Long seed) {
        this(kind, id, topic, partition, seed, List.of());
    }

    private static final Pattern LEADER = Pattern.compile("leader-of\\s+(\\S+):(\\d+)");
    private static final Pattern RANDOM = Pattern.compile("random(?::(-?\\d+))?");
    private static final Pattern APP = Pattern.compile("app:(\\d+)");
    private static final Pattern BROKER_SET = Pattern.compile("\\d+(?:\\s*,\\s*\\d+)+");

    /** Every form {@link #parse} takes, as one JSON Schema pattern (a bare broker id may also be a YAML number). */
    public static final String SCHEMA_PATTERN = "^\\s*(?:\\d+|all|controller|killed|random(?::-?\\d+)?"
            + "|leader-of\\s+\\S+:\\d+|app:\\d+|\\d+(?:\\s*,\\s*\\d+)+)\\s*$";

    public static FaultTarget broker(int id) {
        return new FaultTarget(Kind.BROKER, id, null, -1, null);
    }

    public static FaultTarget all() {
        return new FaultTarget(Kind.ALL, -1, null, -1, null);
    }

    public static FaultTarget random(Long seed) {
        return new FaultTarget(Kind.RANDOM, -1, null, -1, seed);
    }

    public static FaultTarget leaderOf(String topic, int partition) {
        return new FaultTarget(Kind.LEADER, -1, topic, partition, null);
    }

    public static FaultTarget controller() {
        return new FaultTarget(Kind.CONTROLLER, -1, null, -1, null);
    }

    public static FaultTarget killed() {
        return new FaultTarget(Kind.KILLED, -1, null, -1, null);
    }

    /** A set of brokers, for a fault that takes several at once. */
    public static FaultTarget brokers(List<Integer> ids) {
        return new FaultTarget(Kind.BROKERS, -1, null, -1, null, ids);
    }

    public static FaultTarget app(int instance) {
        return new FaultTarget(Kind.APP, instance, null, -1, null);
    }

    /** Parses a target, or empty when the text is none of the forms above (or a number overflows). */
    public static Optional<FaultTarget> parse(String text) {
        try {
            return parseForm(text.trim());
        } catch (NumberFormatException overflow) {
            return Optional.empty();
        }
    }

    private static Optional<FaultTarget> parseForm(String value) {
        if (value.matches("\\d+")) {
            return Optional.of(broker(Integer.parseInt(value)));
        }
        if (BROKER_SET.matcher(value).matches()) {
            return Optional.of(brokers(Arrays.stream(value.split(",")).map(String::trim).map(Integer::parseInt).toList()));
        }
        Matcher leader = LEADER.matcher(value);
        if (leader.matches()) {
            return Optional.of(leaderOf(leader.group(1), Integer.parseInt(leader.group(2))));
        }
        Matcher random = RANDOM.matcher(value);
        if (random.matches()) {
            return Optional.of(random(random.group(1) == null ? null : Long.parseLong(random.group(1))));
        }
        Matcher app = APP.matcher(value);
        if (app.matches()) {
            return Optional.of(app(Integer.parseInt(app.group(1))));
        }
        return switch (value) {
            case "all" -> Optional.of(all());
            case "controller" -> Optional.of(controller());
            case "killed" -> Optional.of(killed());
            default -> Optional.empty();
        };
    }

    public OptionalLong seedValue() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BROKER -> Integer.toString(id);
            case ALL -> "all";
            case RANDOM -> seed == null ? "random" : "random:" + seed;
            case LEADER -> "leader-of " + topic + ":" + partition;
            case CONTROLLER -> "controller";
            case KILLED -> "killed";
            case APP -> "app:" + id;
            case BROKERS -> ids.stream().map(String::valueOf).collect(Collectors.joining(","));
        };
    }
}
