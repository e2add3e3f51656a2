package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.paper.RerunBand.Band;

/**
 * Whether a re-run lands within the ranges docs/PAPER.md states: each figure of the new runs (a
 * median per point) against the band stated for the same experiment, config, message count and
 * metric in {@code docs/paper/table2-ours.csv}: the range over the repeats widened by the
 * repeat-to-repeat factor measured on the machine that ran them ({@link RerunBand}). A CSV without
 * the band columns is judged on the bare range. Points the CSV has no range for are not judged.
 * Pure: the CSV's text and the new runs in, the comparisons out.
 */
public final class RangeCheck {

    /** The CSV's header: the range over the repeats, then the band a re-run is expected within. */
    public static final String HEADER = "experiment,config,messages,metric,median,min,max,runs,low,high";

    /** What the CSV states for one figure: the range over the repeats and the band a re-run is expected within. */
    public record Stated(Spread spread, Band band) {

        public boolean contains(double value, double tolerance) {
            return spread.measured() && band.contains(value, spread.median(), tolerance);
        }
    }

    /**
     * One figure compared.
     *
     * @param tolerance the fraction of the stated median the band was widened by on each side
     */
    public record Comparison(Experiment experiment, String config, long messages, Metric metric, double value,
                             Stated stated, double tolerance, boolean within) {

        public String describe() {
            Spread s = stated.spread();
            return String.format(Locale.ROOT, "%-10s %s %,7d %-24s %9.1f  stated %9.1f (%.1f-%.1f, %d runs; band %.1f-%.1f)  %s",
                    experiment.name().toLowerCase(Locale.ROOT), config, messages, metric.label(), value,
                    s.median(), s.min(), s.max(), s.n(), stated.band().low(), stated.band().high(),
                    within ? "within" : "OUTSIDE");
        }
    }

    private RangeCheck() {
    }

    /**
     * The stated ranges of a table2-ours.csv, by experiment|config|messages|metric; a malformed line
     * is named. Eight columns (no band) are read as a band equal to the range.
     */
    public static Map<String, Stated> parse(String csv, String file) {
        Map<String, Stated> ranges = new LinkedHashMap<>();
        String[] lines = csv.split("\n");
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String[] cells = lines[i].split(",");
            try {
                if (cells.length != 8 && cells.length != 10) {
                    throw new IllegalArgumentException("8 or 10 columns expected, found " + cells.length);
                }
                Experiment experiment = Experiment.valueOf(cells[0].trim().toUpperCase(Locale.ROOT));
                Metric metric = Metric.valueOf(cells[3].trim().toUpperCase(Locale.ROOT));
                Spread spread = new Spread(Double.parseDouble(cells[4]), Double.parseDouble(cells[5]),
                        Double.parseDouble(cells[6]), Integer.parseInt(cells[7].trim()));
                Band band = cells.length == 10 ? new Band(Double.parseDouble(cells[8]), Double.parseDouble(cells[9]))
                        : new Band(spread.min(), spread.max());
                ranges.put(key(experiment, cells[1].trim(), Long.parseLong(cells[2].trim()), metric), new Stated(spread, band));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": line " + (i + 1) + ": " + e.getMessage()
                        + " (expected " + HEADER + ")", e);
            }
        }
        return ranges;
    }

    /** Each figure of {@code rerun} that has a stated range, compared with it. */
    public static List<Comparison> compare(OurTable2 rerun, Map<String, Stated> stated, double tolerance) {
        List<Comparison> comparisons = new ArrayList<>();
        for (OurTable2.Cell cell : rerun.cells()) {
            for (Metric metric : Metric.values()) {
                Stated range = stated.get(key(cell.experiment(), cell.config(), cell.messages(), metric));
                Spread value = cell.spread(metric);
                if (range == null || !value.measured()) {
                    continue;
                }
                comparisons.add(new Comparison(cell.experiment(), cell.config(), cell.messages(), metric, value.median(),
                        range, tolerance, range.contains(value.median(), tolerance)));
            }
        }
        return comparisons;
    }

    private static String key(Experiment experiment, String config, long messages, Metric metric) {
        return experiment + "|" + config.toUpperCase(Locale.ROOT) + "|" + messages + "|" + metric;
    }
}
