package io.supplychaos.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads the Prometheus text exposition format (what a JMX exporter's {@code /metrics} answers):
 * one sample a line, {@code name{label="value",...} value [timestamp]}, with {@code #} lines
 * (HELP, TYPE, comments) and blank lines skipped. Label values may hold escaped quotes,
 * backslashes and line breaks, and commas; values may be {@code NaN}, {@code +Inf} and
 * {@code -Inf}. A line it cannot read is left out rather than failing the scrape: one odd metric
 * must not cost every figure of that second. Touches nothing.
 */
public final class PrometheusText {

    /** One sample line: the metric name, its labels in line order, and its value. */
    public record Series(String name, Map<String, String> labels, double value) {

        public Series {
            labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        }
    }

    /** The lines of one scrape, and lookups by name and exact label set. */
    public record Scrape(List<Series> series) {

        public Scrape {
            series = List.copyOf(series);
        }

        /**
         * The value of the series named {@code name} whose labels are exactly {@code labels}
         * (so that a per-topic series never stands in for the broker-wide one), or NaN when there
         * is none.
         */
        public double value(String name, Map<String, String> labels) {
            for (Series s : series) {
                if (s.name().equals(name) && s.labels().equals(labels)) {
                    return s.value();
                }
            }
            return Double.NaN;
        }

        /** {@link #value(String, Map)} without labels. */
        public double value(String name) {
            return value(name, Map.of());
        }
    }

    private static final Pattern DECIMAL = Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private PrometheusText() {
    }

    public static Scrape parse(String text) {
        List<Series> series = new ArrayList<>();
        for (String line : text.split("\r?\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            parseLine(trimmed).ifPresent(series::add);
        }
        return new Scrape(series);
    }

    /** One sample line, or empty when it is not one. */
    static Optional<Series> parseLine(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && nameChar(line.charAt(i), i == 0)) {
            i++;
        }
        if (i == 0) {
            return Optional.empty();
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < n && line.charAt(i) == '{') {
            i = labels(line, i + 1, labels);
            if (i < 0) {
                return Optional.empty();
            }
        }
        // the value, then an optional timestamp (and, in OpenMetrics, an exemplar after " # ")
        String rest = line.substring(i).strip();
        int hash = rest.indexOf(" #");
        if (hash >= 0) {
            rest = rest.substring(0, hash).strip();
        }
        String[] fields = rest.split("[ \t]+");
        if (rest.isEmpty() || fields.length > 2) {
            return Optional.empty();
        }
        return number(fields[0]).map(value -> new Series(name, labels, value));
    }

    /** Reads labels up to and including '}'; returns the index after it, or -1 when malformed. */
    private static int labels(String line, int i, Map<String, String> labels) {
        int n = line.length();
        while (true) {
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i < n && line.charAt(i) == '}') {
                return i + 1;
            }
            int start = i;
            while (i < n && nameChar(line.charAt(i), i == start)) {
                i++;
            }
            if (i == start) {
                return -1;
            }
            String key = line.substring(start, i);
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i >= n || line.charAt(i) != '=') {
                return -1;
            }
            i++;
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i >= n || line.charAt(i) != '"') {
                return -1;
            }
            i++;
            StringBuilder value = new StringBuilder();
            while (i < n && line.charAt(i) != '"') {
                char c = line.charAt(i);
                if (c == '\\' && i + 1 < n) {
                    char escaped = line.charAt(++i);
                    value.append(escaped == 'n' ? '\n' : escaped);
                } else {
                    value.append(c);
                }
                i++;
            }
            if (i >= n) {
                return -1;
            }
            labels.put(key, value.toString());
            i++;
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i < n && line.charAt(i) == ',') {
                i++;
            } else if (i >= n || line.charAt(i) != '}') {
                return -1;
            }
        }
    }

    private static boolean nameChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || !first && c >= '0' && c <= '9';
    }

    private static Optional<Double> number(String text) {
        switch (text) {
            case "NaN":
                return Optional.of(Double.NaN);
            case "+Inf":
            case "Inf":
                return Optional.of(Double.POSITIVE_INFINITY);
            case "-Inf":
                return Optional.of(Double.NEGATIVE_INFINITY);
            default:
                // Double.parseDouble would also take "Infinity", hex and a trailing 'd' or 'f'
                if (!DECIMAL.matcher(text).matches()) {
                    return Optional.empty();
                }
                try {
                    return Optional.of(Double.parseDouble(text));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
        }
    }
}
