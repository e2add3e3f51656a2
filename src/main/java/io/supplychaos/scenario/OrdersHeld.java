package io.supplychaos.scenario;

import java.time.Duration;
import java.util.Optional;

import io.supplychaos.env.AppHeap;
import io.supplychaos.spec.Durations;
import io.supplychaos.time.Timeouts;

/**
 * How many orders one app instance of a run holds at most, and so the heap it gets ({@link AppHeap}):
 * every order stays in each stage's store, and in its memory, until {@code supply.order-retention}
 * (ten minutes unless the scenario's {@code app.config} says otherwise) after it ended. That is
 * the orders the run sends, or those the app can finish within one retention when it sends more:
 * its rate's worth, or {@link #APP_CEILING_PER_SECOND} when it sends as fast as it can. Spread over
 * the instances by partition.
 *
 * <p>What a run sends is bounded from its workload: a warm-up of counts, or its rate for the
 * warm-up's bound (as fast as possible: {@link #LOAD_CEILING_PER_SECOND}); rounds until the JIT is quiet as fast as possible are at most as many as fit in
 * the bound, each at the app's ceiling and then drained for {@link Timeouts#DRAIN_SETTLE}; the
 * measured phase's orders, or its duration at its rate (as fast as possible:
 * {@link #LOAD_CEILING_PER_SECOND}).
 */
public final class OrdersHeld {

    static final String RETENTION_KEY = "supply.order-retention";
    /** application.properties' retention. */
    static final Duration DEFAULT_RETENTION = Duration.ofMinutes(10);
    /** More orders a second than the app has finished here (the bench's best, session 18: 4,711). */
    static final double APP_CEILING_PER_SECOND = 5_000;
    /** More orders a second than the load generator sends as fast as it can (ingest soaks: about 20,000). */
    static final double LOAD_CEILING_PER_SECOND = 25_000;

    private OrdersHeld() {
    }

    /** The heap for each app instance of {@code scenario}. */
    public static AppHeap heap(Scenario scenario) {
        return AppHeap.forOrdersHeld(perInstance(scenario));
    }

    static long perInstance(Scenario scenario) {
        WorkloadSpec load = scenario.workload();
        double rate = load.ratePerSecond();
        double retentionSeconds = retention(scenario).toMillis() / 1000.0;
        double sent = warmupOrders(load.warmupAsRun(), rate) + measuredOrders(load);
        double finishable = (rate > 0 ? rate : APP_CEILING_PER_SECOND) * retentionSeconds;
        double held = Math.min(sent, finishable);
        return (long) Math.ceil(held / Math.max(1, scenario.app().instances()));
    }

    static Duration retention(Scenario scenario) {
        String text = scenario.app().config().get(RETENTION_KEY);
        if (text == null) {
            return DEFAULT_RETENTION;
        }
        return Durations.parse(text).or(() -> iso(text)).orElse(DEFAULT_RETENTION);
    }

    private static Optional<Duration> iso(String text) {
        try {
            return Optional.of(Duration.parse(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static double warmupOrders(Warmup warmup, double rate) {
        if (warmup instanceof Warmup.Orders counts) {
            return counts.total();
        }
        if (warmup instanceof Warmup.UntilSteady steady) {
            return (rate > 0 ? rate : LOAD_CEILING_PER_SECOND) * steady.rule().max().toMillis() / 1000.0;
        }
        Warmup.UntilJitQuiet rounds = (Warmup.UntilJitQuiet) warmup;
        double roundSeconds = rounds.roundOrders() / (rate > 0 ? rate : APP_CEILING_PER_SECOND)
                + Timeouts.DRAIN_SETTLE.toMillis() / 1000.0;
        return Math.ceil(rounds.max().toMillis() / 1000.0 / roundSeconds) * rounds.roundOrders();
    }

    private static double measuredOrders(WorkloadSpec load) {
        double byDuration = load.durationSeconds() > 0
                ? load.durationSeconds() * (load.ratePerSecond() > 0 ? load.ratePerSecond() : LOAD_CEILING_PER_SECOND)
                : Double.POSITIVE_INFINITY;
        return load.orders() > 0 ? Math.min(load.orders(), byDuration) : byDuration;
    }
}
