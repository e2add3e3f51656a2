package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;

/**
 * Whether a re-run lands within the ranges docs/PAPER.md states: each figure of the new runs (a
 * median per point) against the range (min-max over the repeats) of the same experiment, config,
 * message count and metric in {@code docs/paper/table2-ours.csv}. Points the CSV has no range for
 * are not judged. Pure: the CSV's text and the new runs in, the comparisons out.
 */
public final class RangeCheck {

    /**
     * One figure compared.
     *
     * @param tolerance the fraction of the stated median the range was widened by on each side
     */
    public record Comparison(Experiment experiment, String config, long messages, Metric metric, double value,
                             Spread stated, double tolerance, boolean within) {

        public String describe() {
            return String.format(Locale.ROOT, "%-10s %s %,7d %-24s %9.1f  stated %9.1f (%.1f-%.1f, %d runs)  %s",
                    experiment.name().toLowerCase(Locale.ROOT), config, messages, metric.label(), value,
                    stated.median(), stated.min(), stated.max(), stated.n(), within ? "within" : "OUTSIDE");
        }
    }

    private RangeCheck() {
    }

    /** The stated ranges of a table2-ours.csv, by experiment|config|messages|metric; a malformed line is named. */
    public static Map<String, Spread> parse(String csv, String file) {
        Map<String, Spread> ranges = new LinkedHashMap<>();
        String[] lines = csv.split("\n");
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String[] cells = lines[i].split(",");
            try {
                if (cells.length != 8) {
                    throw new IllegalArgumentException("8 columns expected, found " + cells.length);
                }
                Experiment experiment = Experiment.valueOf(cells[0].trim().toUpperCase(Locale.ROOT));
                Metric metric = Metric.valueOf(cells[3].trim().toUpperCase(Locale.ROOT));
                ranges.put(key(experiment, cells[1].trim(), Long.parseLong(cells[2].trim()), metric),
                        new Spread(Double.parseDouble(cells[4]), Double.parseDouble(cells[5]),
                                Double.parseDouble(cells[6]), Integer.parseInt(cells[7].trim())));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": line " + (i + 1) + ": " + e.getMessage()
                        + " (expected experiment,config,messages,metric,median,min,max,runs)", e);
            }
        }
        return ranges;
    }

    /** Each figure of {@code rerun} that has a stated range, compared with it. */
    public static List<Comparison> compare(OurTable2 rerun, Map<String, Spread> stated, double tolerance) {
        List<Comparison> comparisons = new ArrayList<>();
        for (OurTable2.Cell cell : rerun.cells()) {
            for (Metric metric : Metric.values()) {
                Spread range = stated.get(key(cell.experiment(), cell.config(), cell.messages(), metric));
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
