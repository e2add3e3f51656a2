package io.supplychaos.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/**
 * A fault entry that repeats ({@code every: 30s}): from {@code start}, once every {@code every},
 * on a target drawn from a seeded random among those that can take it, with at most
 * {@code maxDown} of its targets in its fault at once, until {@code until} (exclusive) or
 * {@code count} faults, whichever comes first. {@link #expand} turns it into the concrete faults the
 * runner schedules, the same ones for the same seed and targets. A tick where {@code maxDown}
 * targets are still in the fault (their {@code for:} has not ended) is skipped: no fault then.
 *
 * @param duration how long each fault lasts ({@code for:}); null for a moment's fault (restart-app)
 * @param until    the end of the repetition from the start of the measured phase (exclusive), or null
 * @param count    how many faults at most, or null
 */
public record RepeatingFault(FaultType type, Map<String, String> attributes, Duration start, Duration every,
                             Duration duration, long seed, int maxDown, Duration until, Integer count) {

    /** More ticks than any scenario needs (24 h every second): a bound on the expansion itself. */
    static final int MAX_TICKS = 86_400;

    public RepeatingFault {
        Objects.requireNonNull(type, "type");
        attributes = Map.copyOf(attributes);
        if (every == null || every.isZero() || every.isNegative()) {
            throw new IllegalArgumentException("every must be positive");
        }
        if (until == null && count == null) {
            throw new IllegalArgumentException("a repeating fault needs until or count");
        }
        if (maxDown < 1) {
            throw new IllegalArgumentException("maxDown must be at least 1");
        }
    }

    /**
     * The concrete faults, in time order, each on one of {@code eligible} (the targets that can take
     * the fault, e.g. app:1..app:N or the broker ids). Pure: the same seed and targets give the same list.
     */
    public List<FaultSpec> expand(List<FaultTarget> eligible) {
        if (eligible.isEmpty()) {
            throw new IllegalArgumentException("no target can take " + type.cliName());
        }
        Random random = new Random(seed);
        List<FaultSpec> faults = new ArrayList<>();
        Duration at = start;
        for (int tick = 0; tick < MAX_TICKS; tick++, at = at.plus(every)) {
            if (until != null && at.compareTo(until) >= 0 || count != null && faults.size() >= count) {
                break;
            }
            List<FaultTarget> down = downAt(faults, at);
            if (duration != null && down.size() >= maxDown) {
                continue;
            }
            List<FaultTarget> candidates = eligible.stream().filter(target -> !down.contains(target)).toList();
            if (candidates.isEmpty()) {
                continue;
            }
            FaultTarget target = candidates.get(random.nextInt(candidates.size()));
            faults.add(new FaultSpec(type, target, attributes, at, duration));
        }
        return List.copyOf(faults);
    }

    /** The targets still in one of {@code faults} at {@code at}: started at or before it, not yet healed. */
    private static List<FaultTarget> downAt(List<FaultSpec> faults, Duration at) {
        return faults.stream().filter(f -> f.duration() != null && f.start().compareTo(at) <= 0
                && f.start().plus(f.duration()).compareTo(at) > 0).map(FaultSpec::target).distinct().toList();
    }
}
