package io.supplychaos.report;

import io.supplychaos.result.RunResult;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The headline figures of several runs of the same thing (one config and message count: the runs
 * of a {@code repeat: N}, or one cell of a sweep), each as median, minimum and maximum. Part of the
 * parent directory's summary.json written by {@link SweepReport}; reads and writes no file itself.
 *
 * @param env      the environment (config) the runs ran on
 * @param messages the message count of the runs, null when the workload gave none (a soak by duration)
 * @param runs     how many runs the figures are over
 */
public record RepeatSummary(String scenario, String env, Long messages, int runs, Spread throughputOrdersPerSec,
                            Spread latencyAvgMs, Spread latencyP99Ms, Spread requestTimeAvgMs, Spread jitterAvgMs) {

    /** Median, minimum and maximum of one figure; runs where it is NaN are left out, all NaN when every one is. */
    public record Spread(double median, double min, double max) {

        static Spread of(List<RunResult> runs, ToDoubleFunction<RunResult> figure) {
            double[] values = runs.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
            if (values.length == 0) {
                return new Spread(Double.NaN, Double.NaN, Double.NaN);
            }
            int mid = values.length / 2;
            double median = values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
            return new Spread(median, values[0], values[values.length - 1]);
        }
    }

    /** Aggregates runs that are repeats of each other; the scenario, env and message count are the first run's. */
    public static RepeatSummary of(List<RunResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to summarise");
        }
        RunResult first = runs.get(0);
        return new RepeatSummary(first.scenario(), first.env(), messages(first), runs.size(),
                Spread.of(runs, r -> r.throughput().ordersPerSec()),
                Spread.of(runs, r -> r.latencyMs().avg()),
                Spread.of(runs, r -> r.latencyMs().p99()),
                Spread.of(runs, r -> r.requestTimeMs().avg()),
                Spread.of(runs, r -> r.jitterMs().avg()));
    }

    /** The run's message count: the paper's when it is one of the paper's runs, else the workload's "orders". */
    static Long messages(RunResult run) {
        if (run.paper() != null) {
            return run.paper().messages();
        }
        Object orders = run.workload() == null ? null : run.workload().get("orders");
        return orders instanceof Number n ? n.longValue() : null;
    }

    /** The spreads in the order of the columns {@link SweepReport} shows them in. */
    List<Spread> spreads() {
        return Arrays.asList(throughputOrdersPerSec, latencyAvgMs, latencyP99Ms, requestTimeAvgMs, jitterAvgMs);
    }
}
