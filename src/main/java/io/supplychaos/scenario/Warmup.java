package io.supplychaos.scenario;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.supplychaos.metrics.SteadyState;
import io.supplychaos.spec.Durations;

/**
 * What a run sends before its measured phase: fixed order counts (none when empty), or orders at
 * the scenario's rate until the system is steady ({@link SteadyState}), bounded. A scenario that
 * says nothing warms up until steady when it offers a rate; as fast as possible it has no steady
 * state to wait for (its latency grows with its backlog), so there it warms up not at all, as
 * before ({@link #at}). As fast as possible, what does settle is the JIT: {@link UntilJitQuiet} sends
 * rounds of orders until the compilers of the JVMs on this machine are quiet.
 */
public sealed interface Warmup permits Warmup.Orders, Warmup.UntilSteady, Warmup.UntilJitQuiet {

    /**
     * Fixed counts, each a phase sent at the scenario's rate and drained before the next.
     *
     * @param phases order counts, in order; empty for no warm-up
     */
    record Orders(List<Long> phases) implements Warmup {

        public Orders {
            phases = List.copyOf(phases);
        }

        public long total() {
            return phases.stream().mapToLong(Long::longValue).sum();
        }

        @Override
        public Warmup at(double ratePerSecond) {
            return this;
        }

        @Override
        public Object asJson() {
            return phases;
        }

        @Override
        public String describe() {
            return phases.isEmpty() ? "none" : phases.stream().map(String::valueOf).collect(Collectors.joining(" + "))
                    + " orders";
        }
    }

    /**
     * Orders at the scenario's rate until {@code rule} holds or its bound passes; the measured phase
     * follows at once (the backlog is not drained: the chain stays in the state it reached).
     *
     * @param byDefault the scenario said nothing: none when it sends as fast as possible
     */
    record UntilSteady(SteadyState.Rule rule, boolean byDefault) implements Warmup {

        @Override
        public Warmup at(double ratePerSecond) {
            return byDefault && ratePerSecond <= 0 ? none() : this;
        }

        @Override
        public Object asJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("until", "steady");
            json.put("max", Durations.format(rule.max()));
            json.put("window", Durations.format(rule.window()));
            json.put("windows", rule.windows());
            json.put("tolerancePercent", rule.tolerance() * 100);
            return json;
        }

        @Override
        public String describe() {
            return "until steady (" + rule.describe() + ")";
        }
    }

    /**
     * Rounds of {@code roundOrders}, each sent at the scenario's rate (as fast as possible without
     * one) and drained, until a round in which the JIT compilers of the JVMs on this machine (the
     * tool's, an env's brokers it started, the app instances it started) used at most
     * {@link SteadyState#JIT_QUIET_CORES_PER_JVM} of a core each on average, or until {@code max} has
     * passed (then the measured phase starts anyway, "not steady"). A throughput measured while
     * the compilers still take half of each process's CPU describes the JIT, not the chain
     * (docs/PERFORMANCE.md, "A throughput after the JIT"). Where /proc cannot be read, one round.
     *
     * @param roundOrders orders per round, at least 1
     * @param max         the bound on the rounds together
     */
    record UntilJitQuiet(long roundOrders, Duration max) implements Warmup {

        public UntilJitQuiet {
            if (roundOrders < 1) {
                throw new IllegalArgumentException("roundOrders must be at least 1, got " + roundOrders);
            }
            if (max.isNegative() || max.isZero()) {
                throw new IllegalArgumentException("max must be positive, got " + max);
            }
        }

        @Override
        public Warmup at(double ratePerSecond) {
            return this;
        }

        @Override
        public Object asJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("until", "jit-quiet");
            json.put("orders", roundOrders);
            json.put("max", Durations.format(max));
            return json;
        }

        @Override
        public String describe() {
            return "rounds of " + roundOrders + " orders until the JIT is quiet (at most " + Durations.format(max) + ")";
        }
    }

    /** No warm-up. */
    static Orders none() {
        return new Orders(List.of());
    }

    /** Fixed counts. */
    static Orders orders(List<Long> phases) {
        return new Orders(phases);
    }

    /** What a scenario that says nothing gets: until steady by the default rule, at a finite rate. */
    static UntilSteady byDefault() {
        return new UntilSteady(SteadyState.Rule.DEFAULT, true);
    }

    /** The warm-up a run offering {@code ratePerSecond} (0: as fast as possible) does. */
    Warmup at(double ratePerSecond);

    /** As summary.json's {@code workload.warmup}: the counts (a list), or the rule's settings (a mapping). */
    Object asJson();

    /** "500 orders", "none", "until steady (p50 of 5s windows ...)". */
    String describe();
}
