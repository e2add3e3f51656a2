package io.supplychaos.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Axis ticks at "nice" values (1, 2 or 5 times a power of ten) that cover a range, with labels
 * rounded to the step (12k, 1.5M, 0.25). Pure computation; no files.
 */
final class Ticks {

    private Ticks() {
    }

    /**
     * About {@code target} ticks from at most {@code min} to at least {@code max}; the first and
     * last tick are the axis ends. An empty or one-value range is widened so that the step is never 0.
     */
    static List<Double> nice(double min, double max, int target) {
        if (!(max > min)) {
            double pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
            min -= pad;
            max += pad;
        }
        double step = step(min, max, target);
        long first = (long) Math.floor(min / step + 1e-9);
        long last = (long) Math.ceil(max / step - 1e-9);
        List<Double> ticks = new ArrayList<>();
        for (long i = first; i <= last; i++) {
            // i * step, not a running sum, so that 0.1 + 0.2 never shows up as 0.30000000000000004
            ticks.add(i * step);
        }
        return ticks;
    }

    static double step(double min, double max, int target) {
        double rough = (max - min) / Math.max(1, target);
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double normalised = rough / magnitude;
        double factor = normalised < 1.5 ? 1 : normalised < 3 ? 2 : normalised < 7 ? 5 : 10;
        return factor * magnitude;
    }

    /**
     * A tick label: k and M suffixes chosen by the step, so that one axis uses one of them throughout,
     * and as many decimals as the step needs.
     */
    static String label(double value, double step) {
        if (value == 0) {
            return "0";
        }
        if (step >= 100_000) {
            return trim(value / 1_000_000, step / 1_000_000) + "M";
        }
        if (step >= 1000) {
            return trim(value / 1000, step / 1000) + "k";
        }
        return trim(value, step);
    }

    private static String trim(double value, double step) {
        int decimals = step >= 1 ? 0 : (int) Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
        String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
        return text.equals("-0") ? "0" : text;
    }
}
