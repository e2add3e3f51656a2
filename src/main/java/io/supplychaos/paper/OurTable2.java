package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;

/**
 * Our side of the paper's Table II: the runs of its sweeps grouped by experiment, config and
 * message count, each figure as median, minimum and maximum over the repeats. Built from run
 * results only (summary.json); reads and writes no file.
 *
 * <p>Two experiments answer the paper's four metrics:
 * <ul>
 * <li>{@link Experiment#PAPER_RATE}: each point offered at the throughput Table II reports for it,
 * so that latency, request time and jitter compare at the paper's own load;
 * <li>{@link Experiment#CAPACITY}: each point sent as fast as the chain takes it, so that throughput
 * is ours rather than the offered rate echoed back.
 * </ul>
 */
public final class OurTable2 {

    /** Which sweep a run belongs to, from its offered rate. */
    public enum Experiment {
        PAPER_RATE, CAPACITY;

        public static Experiment of(RunResult run) {
            Object rate = run.workload() == null ? null : run.workload().get("ratePerSecond");
            return rate instanceof Number n && n.doubleValue() > 0 ? PAPER_RATE : CAPACITY;
        }
    }

    /** The figures this table holds, with how to read each from a run. */
    public enum Metric {
        LATENCY_E2E("end-to-end latency avg", "ms", r -> r.latencyMs().avg()),
        LATENCY_ONE_HOP("one-hop latency avg", "ms", r -> r.firstReadMs() == null || r.firstReadMs().count() == 0
                ? Double.NaN : r.firstReadMs().latencyMs().avg()),
        REQUEST_TIME("request time avg", "ms", r -> r.requestTimeMs().avg()),
        JITTER_E2E("end-to-end jitter", "ms", r -> r.jitterMs().avg()),
        JITTER_ONE_HOP("one-hop jitter", "ms", r -> r.firstReadMs() == null || r.firstReadMs().count() == 0
                ? Double.NaN : r.firstReadMs().jitterMs()),
        THROUGHPUT("throughput", "orders/s", r -> r.throughput().ordersPerSec());

        final String label;
        final String unit;
        final ToDoubleFunction<RunResult> read;

        Metric(String label, String unit, ToDoubleFunction<RunResult> read) {
            this.label = label;
            this.unit = unit;
            this.read = read;
        }

        public String label() {
            return label;
        }

        public String unit() {
            return unit;
        }

        /**
         * Whether this figure of a run of {@code experiment} only echoes what the run was told to do:
         * throughput at the paper's offered rate is the offered rate whenever the chain keeps up, so it
         * is shown but never checked or counted.
         */
        public boolean echoes(Experiment experiment) {
            return this == THROUGHPUT && experiment == Experiment.PAPER_RATE;
        }

        /**
         * {@code value} as a machine {@code k} times slower would have measured it: latency, request time
         * and jitter times k, throughput divided by k.
         */
        public double slowed(double value, double k) {
            return this == THROUGHPUT ? value / k : value * k;
        }

        /** The figure of one run. */
        public double of(RunResult run) {
            return read.applyAsDouble(run);
        }
    }

    /** Median, minimum and maximum of one figure over {@code n} runs; NaN throughout when none had it. */
    public record Spread(double median, double min, double max, int n) {

        public static Spread of(double... values) {
            double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
            if (sorted.length == 0) {
                return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
            }
            int mid = sorted.length / 2;
            double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
            return new Spread(median, sorted[0], sorted[sorted.length - 1], sorted.length);
        }

        public boolean measured() {
            return n > 0;
        }

        /** Whether {@code value} lies in [min, max] widened by {@code tolerance} (a fraction of the median) on each side. */
        public boolean contains(double value, double tolerance) {
            double slack = Math.abs(median) * tolerance;
            return measured() && value >= min - slack && value <= max + slack;
        }

        /** Whether the two ranges [min, max] share a value. */
        public boolean overlaps(Spread other) {
            return measured() && other.measured() && min <= other.max && other.min <= max;
        }
    }

    /** One point of the sweep: an experiment, a config and a message count, with its runs. */
    public record Cell(Experiment experiment, String config, long messages, List<RunResult> runs) {

        public Spread spread(Metric metric) {
            return Spread.of(runs.stream().mapToDouble(metric.read).toArray());
        }
    }

    private final Map<String, Cell> cells;

    private OurTable2(Map<String, Cell> cells) {
        this.cells = cells;
    }

    /**
     * Groups the runs that carry the paper's figures (the scenario said {@code paper: true}) by
     * experiment, config and message count; other runs are left out. Interrupted runs and runs whose
     * tool failed describe nothing and are left out too; a FAIL (an order lost, say) is kept, and
     * the report names it.
     */
    public static OurTable2 of(List<RunResult> runs) {
        Map<String, List<RunResult>> groups = new TreeMap<>();
        for (RunResult run : runs) {
            if (run.paper() == null || run.interrupted() || run.verdict() == Verdict.ERROR
                    || run.verdict() == Verdict.INTERRUPTED) {
                continue;
            }
            groups.computeIfAbsent(key(Experiment.of(run), run.paper().config(), run.paper().messages()),
                    k -> new ArrayList<>()).add(run);
        }
        Map<String, Cell> cells = new LinkedHashMap<>();
        groups.forEach((key, group) -> {
            RunResult first = group.get(0);
            cells.put(key, new Cell(Experiment.of(first), first.paper().config().toUpperCase(Locale.ROOT),
                    first.paper().messages(), List.copyOf(group)));
        });
        return new OurTable2(cells);
    }

    private static String key(Experiment experiment, String config, long messages) {
        return experiment + "|" + config.toUpperCase(Locale.ROOT) + "|" + String.format("%08d", messages);
    }

    public Optional<Cell> cell(Experiment experiment, String config, long messages) {
        return Optional.ofNullable(cells.get(key(experiment, config, messages)));
    }

    /** The spread of a metric at a point; NaN (n = 0) where the point was not run. */
    public Spread spread(Experiment experiment, String config, long messages, Metric metric) {
        return cell(experiment, config, messages).map(c -> c.spread(metric)).orElse(Spread.of());
    }

    /** Every cell, by experiment, config and message count. */
    public List<Cell> cells() {
        return cells.values().stream().sorted(Comparator.comparing(Cell::experiment).thenComparing(Cell::config)
                .thenComparingLong(Cell::messages)).toList();
    }

    /** Every run of an experiment, in cell order. */
    public List<RunResult> runs(Experiment experiment) {
        return cells().stream().filter(c -> c.experiment() == experiment).flatMap(c -> c.runs().stream()).toList();
    }

    /** How many of the paper's points (config x message count) an experiment covers. */
    public long points(Experiment experiment) {
        return cells.values().stream().filter(c -> c.experiment() == experiment).count();
    }
}
