package io.supplychaos.paper;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;

/**
 * How far one run of a point lands from another run of the same point on the machine that ran
 * them, measured rather than assumed: for each experiment, config and metric, the largest ratio
 * (max / min) between the repeats of any point that was run more than once. A re-run of a point
 * is then expected within its stated range widened by that factor on each side:
 * [min / factor, max x factor]. Where no point of that experiment, config and metric was repeated,
 * no factor is known and the band is the bare range.
 *
 * <p>Why a factor and not the range alone: a new run lands inside the range of n earlier ones
 * only with probability (n-1)/(n+1) even when nothing changed (one in two for three repeats), so
 * the bare range would call half of all faithful re-runs off. Why a ratio: latencies on a shared
 * machine spread multiplicatively (a GC pause or a busy core doubles a figure, it does not add a
 * constant). Pure: a table in, factors and bands out.
 */
public final class RerunBand {

    /**
     * The repeat-to-repeat factor of one experiment, config and metric.
     *
     * @param factor  the largest max/min over the repeated points (at least 1)
     * @param points  how many points of it were run more than once
     */
    public record Factor(Experiment experiment, String config, Metric metric, double factor, int points) {
    }

    /** The band a re-run of one point is expected within. */
    public record Band(double low, double high) {

        /** Whether {@code value} lies in the band widened by {@code tolerance} (a fraction of {@code median}) each side. */
        public boolean contains(double value, double median, double tolerance) {
            double slack = Math.abs(median) * tolerance;
            return value >= low - slack && value <= high + slack;
        }
    }

    private final Map<String, Factor> factors;

    private RerunBand(Map<String, Factor> factors) {
        this.factors = factors;
    }

    /** The factors measured over every point of {@code ours} that has two or more runs. */
    public static RerunBand of(OurTable2 ours) {
        Map<String, Factor> factors = new LinkedHashMap<>();
        for (OurTable2.Cell cell : ours.cells()) {
            for (Metric metric : Metric.values()) {
                Spread spread = cell.spread(metric);
                if (spread.n() < 2 || !(spread.min() > 0)) {
                    continue; // a zero or missing figure has no ratio
                }
                double ratio = spread.max() / spread.min();
                factors.merge(key(cell.experiment(), cell.config(), metric),
                        new Factor(cell.experiment(), cell.config(), metric, ratio, 1),
                        (a, b) -> new Factor(a.experiment(), a.config(), a.metric(), Math.max(a.factor(), b.factor()),
                                a.points() + 1));
            }
        }
        return new RerunBand(factors);
    }

    /** The factor of one experiment, config and metric, when one of its points was repeated. */
    public Optional<Factor> factor(Experiment experiment, String config, Metric metric) {
        return Optional.ofNullable(factors.get(key(experiment, config, metric)));
    }

    /** The band a re-run of a point with this stated range is expected within. */
    public Band band(Experiment experiment, String config, Metric metric, Spread stated) {
        double factor = factor(experiment, config, metric).map(Factor::factor).orElse(1.0);
        return new Band(stated.min() / factor, stated.max() * factor);
    }

    private static String key(Experiment experiment, String config, Metric metric) {
        return experiment + "|" + config.toUpperCase(Locale.ROOT) + "|" + metric;
    }
}
