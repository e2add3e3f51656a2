package io.supplychaos.report;

import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.TimeSeriesRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The text of timeseries.csv: one header row, then one row a second with the columns of
 * {@link TimeSeriesRow} in declaration order, the phase in lower case ("warmup", "measure",
 * "drain", "heal", "read_back") and the consumer lag as one column per sub-topology
 * ({@code lagSubtopology0}, ...), empty when not sampled. Fields are quoted (RFC 4180) when they
 * hold a comma, a quote or a line break; the active faults share one field joined with ';' (a ';'
 * or '\' inside a fault is escaped with '\'). NaN is written as {@code NaN}. Files written before
 * the phase, oldest-in-flight and lag columns existed still read: their rows at second -1 are
 * warm-up. Formats and parses text only; the file itself is written and read by {@link ResultFiles}.
 */
final class TimeSeriesCsv {

    static final List<String> COLUMNS = List.of("phase", "second", "sent", "acked", "completed", "inFlight",
            "oldestInFlightMs", "recordsPerSec", "p50Ms", "p99Ms", "maxMs", "requestP99Ms", "activeFaults",
            "underReplicatedPartitions", "bytesInPerSec", "bytesOutPerSec", "isrShrinksPerSec",
            "isrExpandsPerSec", "requestHandlerIdlePct", "produceTotalTimeP99Ms", "hostCpuPct", "hostMemUsedMb");

    /** Columns a file may lack: older files have none of them. */
    private static final Set<String> OPTIONAL = Set.of("phase", "oldestInFlightMs");

    /** The prefix of the consumer-lag columns; the sub-topology id follows. */
    static final String LAG = "lagSubtopology";

    private TimeSeriesCsv() {
    }

    static String format(List<TimeSeriesRow> rows) {
        SortedSet<Integer> subtopologies = new TreeSet<>();
        rows.forEach(r -> subtopologies.addAll(r.consumerLag().keySet()));
        List<String> header = new ArrayList<>(COLUMNS);
        subtopologies.forEach(id -> header.add(LAG + id));
        StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
        for (TimeSeriesRow r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.phase().name().toLowerCase(Locale.ROOT), r.second(),
                    r.sent(), r.acked(), r.completed(), r.inFlight(), r.oldestInFlightMs(), r.recordsPerSec(),
                    r.p50Ms(), r.p99Ms(), r.maxMs(), r.requestP99Ms(), joinFaults(r.activeFaults()),
                    r.underReplicatedPartitions(), r.bytesInPerSec(), r.bytesOutPerSec(), r.isrShrinksPerSec(),
                    r.isrExpandsPerSec(), r.requestHandlerIdlePct(), r.produceTotalTimeP99Ms(), r.hostCpuPct(),
                    r.hostMemUsedMb()));
            subtopologies.forEach(id -> cells.add(r.consumerLag().containsKey(id) ? r.consumerLag().get(id) : ""));
            for (int i = 0; i < cells.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(quote(String.valueOf(cells.get(i))));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * Parses the text of a timeseries.csv; columns are found by header name so that a file with
     * columns in another order still reads.
     *
     * @param source named in error messages
     * @throws IllegalArgumentException naming the source, line and column when the text is malformed
     */
    static List<TimeSeriesRow> parse(String text, String source) {
        List<List<String>> records = split(text, source);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(source + ": empty file, expected a header row " + COLUMNS);
        }
        Map<String, Integer> index = new HashMap<>();
        Map<Integer, Integer> lagColumns = new TreeMap<>();
        List<String> header = records.get(0);
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).trim();
            index.put(name, i);
            if (name.startsWith(LAG) && name.substring(LAG.length()).matches("\\d+")) {
                lagColumns.put(Integer.parseInt(name.substring(LAG.length())), i);
            }
        }
        for (String column : COLUMNS) {
            if (!index.containsKey(column) && !OPTIONAL.contains(column)) {
                throw new IllegalArgumentException(source + ": header has no column '" + column + "'");
            }
        }
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int line = 1; line < records.size(); line++) {
            rows.add(new Cells(records.get(line), index, lagColumns, source, line + 1).row());
        }
        return rows;
    }

    /** One record's fields, looked up by column name, with errors that say where. */
    private record Cells(List<String> fields, Map<String, Integer> index, Map<Integer, Integer> lagColumns,
                         String source, int line) {

        TimeSeriesRow row() {
            long second = l("second");
            return new TimeSeriesRow(phase(second), second, l("sent"), l("acked"), l("completed"), l("inFlight"),
                    index.containsKey("oldestInFlightMs") ? d("oldestInFlightMs") : Double.NaN,
                    d("recordsPerSec"), d("p50Ms"), d("p99Ms"), d("maxMs"), d("requestP99Ms"),
                    splitFaults(text("activeFaults")), d("underReplicatedPartitions"), d("bytesInPerSec"),
                    d("bytesOutPerSec"), d("isrShrinksPerSec"), d("isrExpandsPerSec"), d("requestHandlerIdlePct"),
                    d("produceTotalTimeP99Ms"), d("hostCpuPct"), d("hostMemUsedMb"), lag());
        }

        private Phase phase(long second) {
            if (!index.containsKey("phase")) {
                return second < 0 ? Phase.WARMUP : Phase.MEASURE;
            }
            String name = text("phase").trim();
            try {
                return Phase.valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + line + ", column 'phase': expected one of "
                        + Arrays.stream(Phase.values()).map(p -> p.name().toLowerCase(Locale.ROOT)).toList()
                        + ", got '" + name + "'");
            }
        }

        private Map<Integer, Long> lag() {
            Map<Integer, Long> lag = new TreeMap<>();
            lagColumns.forEach((id, column) -> {
                String cell = column < fields.size() ? fields.get(column).trim() : "";
                if (!cell.isEmpty()) {
                    lag.put(id, l(LAG + id));
                }
            });
            return lag;
        }

        private String text(String column) {
            int i = index.get(column);
            if (i >= fields.size()) {
                throw new IllegalArgumentException(source + " line " + line + ": no value for column '" + column + "'");
            }
            return fields.get(i);
        }

        private long l(String column) {
            try {
                return Long.parseLong(text(column).trim());
            } catch (NumberFormatException e) {
                throw notANumber(column, "a whole number");
            }
        }

        private double d(String column) {
            try {
                return Double.parseDouble(text(column).trim());
            } catch (NumberFormatException e) {
                throw notANumber(column, "a number or NaN");
            }
        }

        private IllegalArgumentException notANumber(String column, String expected) {
            return new IllegalArgumentException(source + " line " + line + ", column '" + column + "': expected "
                    + expected + ", got '" + text(column) + "'");
        }
    }

    private static String quote(String field) {
        boolean needsQuotes = field.indexOf(',') >= 0 || field.indexOf('"') >= 0
                || field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0;
        return needsQuotes ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }

    private static String joinFaults(List<String> faults) {
        List<String> escaped = new ArrayList<>();
        for (String fault : faults) {
            escaped.add(fault.replace("\\", "\\\\").replace(";", "\\;"));
        }
        return String.join(";", escaped);
    }

    private static List<String> splitFaults(String field) {
        List<String> faults = new ArrayList<>();
        if (field.isEmpty()) {
            return faults;
        }
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 1 < field.length()) {
                current.append(field.charAt(++i));
            } else if (c == ';') {
                faults.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        faults.add(current.toString());
        return faults;
    }

    /** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
    private static List<List<String>> split(String text, String source) {
        List<List<String>> records = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean recordHasContent = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                recordHasContent = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                recordHasContent = true;
            } else if (c == '\n' || c == '\r') {
                if (recordHasContent || field.length() > 0) {
                    fields.add(field.toString());
                    records.add(fields);
                }
                fields = new ArrayList<>();
                field.setLength(0);
                recordHasContent = false;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException(source + ": a quoted field is not closed before the end of the file");
        }
        if (recordHasContent || field.length() > 0) {
            fields.add(field.toString());
            records.add(fields);
        }
        return records;
    }
}
