package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.paper.RerunBand.Band;
import io.supplychaos.result.RunResult;

/**
 * Whether a re-run lands where earlier runs say it should: each figure of the re-run (its median
 * per point, when a point was run more than once) against the {@link RerunBand} of the same
 * machine, sweep, experiment, config, message count and metric, set by the other runs only. A run
 * that is among those checked is left out of the runs that set the bands, so that a run can never
 * widen the band it is checked against. A figure with no band is not judged, with the reason; the
 * throughput of a run at the paper's offered rate echoes that rate and is never judged or counted.
 *
 * <p>A faithful re-run lands outside for about {@code 1 - RerunBand.COVERAGE} of its figures (one in
 * ten); a re-run is called off when more than twice that share ({@link #OFF_SHARE}) lands outside.
 * Pure: runs in, comparisons out.
 */
public final class RangeCheck {

    /** The share of judged figures outside beyond which a re-run is off: twice what a faithful one misses. */
    public static final double OFF_SHARE = 2 * (1 - RerunBand.COVERAGE);

    /** One figure of the re-run against its band. */
    public record Comparison(Origin origin, Experiment experiment, String config, long messages, Metric metric,
                             double value, Band band) {

        public boolean within() {
            return band.contains(value);
        }

        public String describe() {
            return String.format(Locale.ROOT, "%-10s %s %,7d %-24s %9.1f  band %.1f-%.1f (median %.1f of %d %s, x/%.2f)  %s",
                    experiment.name().toLowerCase(Locale.ROOT), config, messages, metric.label(), value, band.low(),
                    band.high(), band.median(), band.runs(), band.runs() == 1 ? "run" : "runs", band.factor(),
                    within() ? "within" : "OUTSIDE");
        }
    }

    /** A figure of the re-run that has no band, and why. */
    public record NotJudged(Origin origin, Experiment experiment, String config, long messages, Metric metric,
                            String reason) {
    }

    /**
     * The whole check.
     *
     * @param leftOut how many of the band runs were left out because they are among the runs checked
     */
    public record Outcome(List<Comparison> comparisons, List<NotJudged> notJudged, int leftOut) {

        public long outside() {
            return comparisons.stream().filter(c -> !c.within()).count();
        }

        public int judged() {
            return comparisons.size();
        }

        /** How many figures a faithful re-run would be expected to leave outside. */
        public double expectedOutside() {
            return judged() * (1 - RerunBand.COVERAGE);
        }

        /** Whether more figures land outside than a faithful re-run leaves outside twice over; false when none was judged. */
        public boolean off() {
            return judged() > 0 && outside() > OFF_SHARE * judged();
        }

        /** One line: how many judged, how many outside against how many a faithful re-run leaves outside. */
        public String summary() {
            if (judged() == 0) {
                return "no figure judged: " + notJudged.size() + " without a band";
            }
            return String.format(Locale.ROOT, "%d of %d figures outside their bands (a faithful re-run: about %.0f,"
                            + " %.0f %%; off above %.0f %%): %s; %d not judged (no band)", outside(), judged(),
                    expectedOutside(), 100 * (1 - RerunBand.COVERAGE), 100 * OFF_SHARE,
                    off() ? "OFF" : "as a re-run lands", notJudged.size());
        }
    }

    private record Point(Origin origin, Experiment experiment, String config, long messages) {
    }

    private RangeCheck() {
    }

    /**
     * Checks {@code rerun}'s paper runs against the bands {@code bandRuns} set, with every run that
     * is among {@code rerun} left out of {@code bandRuns} first (a run read twice compares equal).
     */
    public static Outcome check(List<RunResult> rerun, List<RunResult> bandRuns) {
        return check(rerun, bandRuns, 1);
    }

    /**
     * As {@link #check(List, List)}, with every figure of {@code rerun} as a machine {@code slowdown}
     * times slower would have measured it ({@link Metric#slowed}): how sharp the check is, shown by
     * planting a slowdown (2) or a speed-up (0.5) in runs that were kept.
     */
    public static Outcome check(List<RunResult> rerun, List<RunResult> bandRuns, double slowdown) {
        Set<RunResult> checked = new HashSet<>(rerun);
        List<RunResult> others = bandRuns.stream().filter(r -> !checked.contains(r)).toList();
        RerunBand bands = RerunBand.of(others);
        Map<Point, List<RunResult>> points = new LinkedHashMap<>();
        for (RunResult run : rerun) {
            if (run.paper() == null) {
                continue;
            }
            Origin origin = Origin.of(run);
            OurTable2.of(List.of(run)).cells().forEach(cell -> points.computeIfAbsent(
                    new Point(origin, cell.experiment(), cell.config(), cell.messages()), p -> new ArrayList<>()).add(run));
        }
        List<Comparison> comparisons = new ArrayList<>();
        List<NotJudged> notJudged = new ArrayList<>();
        points.forEach((point, runs) -> {
            for (Metric metric : Metric.values()) {
                if (metric.echoes(point.experiment())) {
                    continue;
                }
                Spread value = Spread.of(runs.stream().mapToDouble(r -> metric.slowed(metric.of(r), slowdown)).toArray());
                if (!value.measured()) {
                    continue;
                }
                Optional<Band> band = bands.band(point.origin(), point.experiment(), point.config(), point.messages(),
                        metric);
                if (band.isPresent()) {
                    comparisons.add(new Comparison(point.origin(), point.experiment(), point.config(), point.messages(),
                            metric, value.median(), band.get()));
                } else {
                    notJudged.add(new NotJudged(point.origin(), point.experiment(), point.config(), point.messages(),
                            metric, why(bands, point, metric)));
                }
            }
        });
        return new Outcome(comparisons, notJudged, bandRuns.size() - others.size());
    }

    private static String why(RerunBand bands, Point point, Metric metric) {
        boolean ran = bands.runs(point.origin()).map(t -> t.cell(point.experiment(), point.config(), point.messages())
                .isPresent()).orElse(false);
        String where = "on " + point.origin().machine() + " in " + point.origin().sweep();
        if (!ran) {
            return "no other run of this point " + where;
        }
        return "no point of " + point.config() + " " + metric.label() + " was repeated " + where
                + ", so no spread is measured";
    }
}
