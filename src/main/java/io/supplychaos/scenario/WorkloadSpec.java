package io.supplychaos.scenario;

import java.util.List;

import io.supplychaos.env.Partitioning;

/**
 * The orders a run sends.
 *
 * @param warmup          order counts sent (and drained) before measuring, each a phase of its own
 * @param orders          orders in the measured phase (0 when only durationSeconds bounds it)
 * @param durationSeconds measured phase length for soak runs (0 when only orders bounds it); with
 *                        both, whichever ends first
 * @param ratePerSecond   orders per second over all producers; 0 = as fast as possible. A scenario
 *                        file may say {@code paper}: the loader puts Table II's throughput here
 * @param producers       producer threads, each with its own KafkaProducer
 * @param partitioning    how orders are spread over order-placed's partitions; null = the env's
 */
public record WorkloadSpec(List<Long> warmup, long orders, long durationSeconds, double ratePerSecond,
                           int producers, Partitioning partitioning) {

    public WorkloadSpec {
        warmup = List.copyOf(warmup);
    }

    public WorkloadSpec withDurationSeconds(long seconds) {
        return new WorkloadSpec(warmup, orders, seconds, ratePerSecond, producers, partitioning);
    }

    public WorkloadSpec withRatePerSecond(double rate) {
        return new WorkloadSpec(warmup, orders, durationSeconds, rate, producers, partitioning);
    }

    public WorkloadSpec withWarmup(List<Long> phases) {
        return new WorkloadSpec(phases, orders, durationSeconds, ratePerSecond, producers, partitioning);
    }

    public WorkloadSpec withOrders(long newOrders) {
        return new WorkloadSpec(warmup, newOrders, durationSeconds, ratePerSecond, producers, partitioning);
    }
}
