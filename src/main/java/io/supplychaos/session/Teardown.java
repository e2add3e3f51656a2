package io.supplychaos.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.supplychaos.time.Timeouts;

/**
 * Stops what a session or one of its runs started, in one order whatever order it was started in
 * ({@link Step}): the fault timeline first, so that nothing is stopped under an inject or heal still
 * running, then the samplers, the consumers, the connections, the apps and last the env. Each part
 * registers its stop as it is started, so that a phase that fails half-way stops exactly what it
 * started. Problems are reported ("teardown: ... failed"), never thrown: they must not cost a run
 * its results. Runs once.
 */
public final class Teardown {

    /** The order things are stopped in; within a step, the order they were registered in. */
    public enum Step {
        /** the fault timeline: scheduled faults cancelled, actions in flight awaited (bounded) */
        FAULT_TIMELINE,
        /** what samples the run each second: the per-second sampler, the partition watch */
        SAMPLERS,
        /** what reads or writes the run's topics beside the apps: the outcome consumer, a suite's driver and verifier */
        CONSUMERS,
        /** clients that only ask: JMX connections, the consumer-lag admin client */
        CONNECTIONS,
        /** the app instances */
        APPS,
        /** the env, when the session started it and keeps nothing */
        ENV
    }

    /** One thing to stop. */
    @FunctionalInterface
    public interface Stop {
        void run() throws Exception;
    }

    private record Part(String what, Stop stop) {
    }

    private final Map<Step, List<Part>> parts = new EnumMap<>(Step.class);
    private final BooleanSupplier interrupted;
    private final Consumer<String> out;
    private final AtomicBoolean ran = new AtomicBoolean();

    /**
     * @param interrupted true once Ctrl-C arrived: the apps then get less grace
     * @param out         where problems are reported
     */
    public Teardown(BooleanSupplier interrupted, Consumer<String> out) {
        this.interrupted = interrupted;
        this.out = out;
    }

    /** Registers {@code stop} ("stopping the sampler") to run at {@code step}. */
    public synchronized void add(Step step, String what, Stop stop) {
        parts.computeIfAbsent(step, s -> new ArrayList<>()).add(new Part(what, stop));
    }

    /** How long an app instance (or a suite's JVM) gets between SIGTERM and SIGKILL: less after Ctrl-C. */
    public Duration grace() {
        // after Ctrl-C the apps get less grace, so that apps and brokers are down within the 30 s promised
        return interrupted.getAsBoolean() ? Timeouts.APP_STOP_GRACE_INTERRUPTED : Timeouts.APP_STOP_GRACE;
    }

    /** Stops everything registered, step by step; a second call does nothing. */
    public void run() {
        if (!ran.compareAndSet(false, true)) {
            return;
        }
        List<Part> ordered = new ArrayList<>();
        synchronized (this) {
            for (Step step : Step.values()) {
                ordered.addAll(parts.getOrDefault(step, List.of()));
            }
        }
        ordered.forEach(this::quietly);
    }

    private void quietly(Part part) {
        try {
            part.stop().run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // teardown problems are reported, never thrown: they must not cost the run its results
            out.accept("teardown: " + part.what() + " failed: " + e.getMessage() + " (`./chaos down` stops what is left)");
        }
    }
}
