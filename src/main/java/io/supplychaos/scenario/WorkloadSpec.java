package io.supplychaos.scenario;

import java.util.Objects;

import io.supplychaos.env.Partitioning;

/**
 * The orders a run sends.
 *
 * @param warmup          what is sent before measuring: order counts (each a phase of its own, drained), or
 *                        until steady; as the scenario says it ({@link #warmupAsRun()} is what a run does)
 * @param orders          orders in the measured phase (0 when only durationSeconds bounds it)
 * @param durationSeconds measured phase length for soak runs (0 when only orders bounds it); with
 *                        both, whichever ends first
 * @param ratePerSecond   orders per second over all producers; 0 = as fast as possible. A scenario
 *                        file may say {@code paper}: the loader puts Table II's throughput here
 * @param producers       producer threads, each with its own KafkaProducer
 * @param partitioning    how orders are spread over order-placed's partitions; null = the env's
 */
public record WorkloadSpec(Warmup warmup, long orders, long durationSeconds, double ratePerSecond,
                           int producers, Partitioning partitioning) {

    public WorkloadSpec {
        Objects.requireNonNull(warmup, "warmup");
    }

    /** The warm-up a run of this workload does: the default until-steady is none as fast as possible. */
    public Warmup warmupAsRun() {
        return warmup.at(ratePerSecond);
    }

    /**
     * How long the measured phase is meant to send, in seconds: its duration, or its orders at its
     * rate, whichever is shorter; NaN when it sends a count as fast as possible.
     */
    public double plannedSeconds() {
        double byOrders = orders > 0 && ratePerSecond > 0 ? orders / ratePerSecond : Double.NaN;
        if (durationSeconds > 0) {
            return Double.isNaN(byOrders) ? durationSeconds : Math.min(durationSeconds, byOrders);
        }
        return byOrders;
    }

    public WorkloadSpec withDurationSeconds(long seconds) {
        return new WorkloadSpec(warmup, orders, seconds, ratePerSecond, producers, partitioning);
    }

    public WorkloadSpec withRatePerSecond(double rate) {
        return new WorkloadSpec(warmup, orders, durationSeconds, rate, producers, partitioning);
    }

    public WorkloadSpec withWarmup(Warmup other) {
        return new WorkloadSpec(other, orders, durationSeconds, ratePerSecond, producers, partitioning);
    }

    public WorkloadSpec withOrders(long newOrders) {
        return new WorkloadSpec(warmup, newOrders, durationSeconds, ratePerSecond, producers, partitioning);
    }
}
