package io.supplychaos.report;

import io.supplychaos.result.TimeSeriesRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The text of timeseries.csv: one header row, then one row a second with the columns of
 * {@link TimeSeriesRow} in declaration order. Fields are quoted (RFC 4180) when they hold a comma,
 * a quote or a line break; the active faults share one field joined with ';' (a ';' or '\' inside
 * a fault is escaped with '\'). NaN is written as {@code NaN}. Formats and parses text only; the
 * file itself is written and read by {@link ResultFiles}.
 */
final class TimeSeriesCsv {

    static final List<String> COLUMNS = List.of("second", "sent", "acked", "completed", "inFlight",
            "recordsPerSec", "p50Ms", "p99Ms", "maxMs", "requestP99Ms", "activeFaults",
            "underReplicatedPartitions", "bytesInPerSec", "bytesOutPerSec", "isrShrinksPerSec",
            "isrExpandsPerSec", "requestHandlerIdlePct", "produceTotalTimeP99Ms", "hostCpuPct", "hostMemUsedMb");

    private TimeSeriesCsv() {
    }

    static String format(List<TimeSeriesRow> rows) {
        StringBuilder out = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        for (TimeSeriesRow r : rows) {
            Object[] cells = {r.second(), r.sent(), r.acked(), r.completed(), r.inFlight(), r.recordsPerSec(),
                    r.p50Ms(), r.p99Ms(), r.maxMs(), r.requestP99Ms(), joinFaults(r.activeFaults()),
                    r.underReplicatedPartitions(), r.bytesInPerSec(), r.bytesOutPerSec(), r.isrShrinksPerSec(),
                    r.isrExpandsPerSec(), r.requestHandlerIdlePct(), r.produceTotalTimeP99Ms(), r.hostCpuPct(),
                    r.hostMemUsedMb()};
            for (int i = 0; i < cells.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(quote(String.valueOf(cells[i])));
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
        List<String> header = records.get(0);
        for (int i = 0; i < header.size(); i++) {
            index.put(header.get(i).trim(), i);
        }
        for (String column : COLUMNS) {
            if (!index.containsKey(column)) {
                throw new IllegalArgumentException(source + ": header has no column '" + column + "'");
            }
        }
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int line = 1; line < records.size(); line++) {
            rows.add(new Cells(records.get(line), index, source, line + 1).row());
        }
        return rows;
    }

    /** One record's fields, looked up by column name, with errors that say where. */
    private record Cells(List<String> fields, Map<String, Integer> index, String source, int line) {

        TimeSeriesRow row() {
            return new TimeSeriesRow(l("second"), l("sent"), l("acked"), l("completed"), l("inFlight"),
                    d("recordsPerSec"), d("p50Ms"), d("p99Ms"), d("maxMs"), d("requestP99Ms"),
                    splitFaults(text("activeFaults")), d("underReplicatedPartitions"), d("bytesInPerSec"),
                    d("bytesOutPerSec"), d("isrShrinksPerSec"), d("isrExpandsPerSec"), d("requestHandlerIdlePct"),
                    d("produceTotalTimeP99Ms"), d("hostCpuPct"), d("hostMemUsedMb"));
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
