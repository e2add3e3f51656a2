package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.result.RunResult;

/**
 * How far a re-run of a point lands, measured on the runs that set the band, per {@link Origin}
 * (machine and sweep): runs of different machines or sweeps are never pooled.
 *
 * <p>The factor of one origin, experiment, config and metric: for every point of it run two or
 * more times there, each run is set against the median of the point's other runs, as a ratio of
 * the larger to the smaller ("how far a re-run landed"); the factor is the {@link #COVERAGE}
 * quantile (nearest rank) of those ratios over every such point. The band of a point is then the
 * median of its runs there, times and divided by that factor once: {@code [median / f, median x f]}.
 * A faithful re-run is expected outside for about one figure in ten; {@link RangeCheck} says how
 * many land outside against that.
 *
 * <p>Why a ratio: latencies on a shared machine spread multiplicatively (a GC pause or a busy core
 * doubles a figure, it does not add a constant). Why each run against the others rather than
 * against a median it is part of: a re-run is not part of the median it is checked against.
 * Why pooled over the config's points: three repeats of one point say little about its spread;
 * the config's twenty say more. Throughput at the paper's offered rate echoes the offered rate
 * and has no band ({@link Metric#echoes}). Pure: run results in, factors and bands out.
 */
public final class RerunBand {

    /** The share of the repeats' ratios a factor covers. */
    public static final double COVERAGE = 0.9;

    /**
     * The re-run spread of one origin, experiment, config and metric.
     *
     * @param factor the {@link #COVERAGE} quantile of the ratios (at least 1)
     * @param points how many points of it were run two or more times
     * @param ratios how many ratios it was taken over (one per run of those points)
     */
    public record Factor(Origin origin, Experiment experiment, String config, Metric metric, double factor, int points,
                         int ratios) {
    }

    /**
     * The band a re-run of one point is expected within.
     *
     * @param median the median of the point's runs that set it
     * @param runs   how many runs of the point set it
     */
    public record Band(double median, double factor, int runs) {

        public double low() {
            return median / factor;
        }

        public double high() {
            return median * factor;
        }

        public boolean contains(double value) {
            return value >= low() && value <= high();
        }
    }

    private record Key(Origin origin, Experiment experiment, String config, Metric metric) {
    }

    private final Map<Origin, OurTable2> tables;
    private final Map<Key, Factor> factors;

    private RerunBand(Map<Origin, OurTable2> tables, Map<Key, Factor> factors) {
        this.tables = tables;
        this.factors = factors;
    }

    /** The bands the paper runs among {@code runs} set, each origin apart. */
    public static RerunBand of(List<RunResult> runs) {
        Map<Origin, List<RunResult>> byOrigin = new LinkedHashMap<>();
        runs.stream().filter(r -> r.paper() != null)
                .forEach(r -> byOrigin.computeIfAbsent(Origin.of(r), o -> new ArrayList<>()).add(r));
        Map<Origin, OurTable2> tables = new LinkedHashMap<>();
        byOrigin.forEach((origin, group) -> tables.put(origin, OurTable2.of(group)));
        Map<Key, List<Double>> ratios = new LinkedHashMap<>();
        Map<Key, Integer> points = new LinkedHashMap<>();
        tables.forEach((origin, table) -> {
            for (OurTable2.Cell cell : table.cells()) {
                for (Metric metric : Metric.values()) {
                    if (metric.echoes(cell.experiment())) {
                        continue;
                    }
                    double[] values = cell.runs().stream().mapToDouble(metric.read)
                            .filter(v -> Double.isFinite(v) && v > 0).toArray(); // a zero has no ratio
                    if (values.length < 2) {
                        continue;
                    }
                    Key key = new Key(origin, cell.experiment(), cell.config(), metric);
                    points.merge(key, 1, Integer::sum);
                    ratios.computeIfAbsent(key, k -> new ArrayList<>()).addAll(leaveOneOut(values));
                }
            }
        });
        Map<Key, Factor> factors = new LinkedHashMap<>();
        ratios.forEach((key, list) -> factors.put(key, new Factor(key.origin(), key.experiment(), key.config(),
                key.metric(), quantile(list, COVERAGE), points.get(key), list.size())));
        return new RerunBand(tables, factors);
    }

    /** Each value against the median of the others, as larger over smaller. */
    static List<Double> leaveOneOut(double[] values) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double[] others = new double[values.length - 1];
            for (int j = 0, k = 0; j < values.length; j++) {
                if (j != i) {
                    others[k++] = values[j];
                }
            }
            double median = Spread.of(others).median();
            ratios.add(Math.max(values[i] / median, median / values[i]));
        }
        return ratios;
    }

    /** The nearest-rank quantile: the smallest value with at least {@code share} of the values at or below it. */
    static double quantile(List<Double> values, double share) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int rank = (int) Math.ceil(share * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    /** The factor of one origin, experiment, config and metric, when one of its points was repeated there. */
    public Optional<Factor> factor(Origin origin, Experiment experiment, String config, Metric metric) {
        return Optional.ofNullable(factors.get(new Key(origin, experiment, config.toUpperCase(Locale.ROOT), metric)));
    }

    /**
     * The band of one point: empty when the origin ran no run of the point, when none of the config's
     * points was repeated there (no spread measured), or for a figure that only echoes the offered rate.
     */
    public Optional<Band> band(Origin origin, Experiment experiment, String config, long messages, Metric metric) {
        OurTable2 table = tables.get(origin);
        if (table == null || metric.echoes(experiment)) {
            return Optional.empty();
        }
        Spread spread = table.spread(experiment, config, messages, metric);
        if (!spread.measured() || !(spread.median() > 0)) {
            return Optional.empty();
        }
        return factor(origin, experiment, config, metric).map(f -> new Band(spread.median(), f.factor(), spread.n()));
    }

    /** The runs of one origin that set its bands, by experiment, config and message count. */
    public Optional<OurTable2> runs(Origin origin) {
        return Optional.ofNullable(tables.get(origin));
    }

    /** Every origin with runs, most runs first. */
    public List<Origin> origins() {
        return tables.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<Origin, OurTable2> e) -> count(e.getValue())).reversed())
                .map(Map.Entry::getKey).toList();
    }

    /** Every factor measured. */
    public List<Factor> factors() {
        return List.copyOf(factors.values());
    }

    private static long count(OurTable2 table) {
        return table.cells().stream().mapToLong(c -> c.runs().size()).sum();
    }
}
