package io.supplychaos.report;

import java.util.List;
import java.util.Locale;

/**
 * Text and number formatting shared by the HTML and SVG writers: escaping of everything that goes
 * into markup, and figures rounded for reading. Reads and writes no files.
 */
final class Html {

    private Html() {
    }

    /** Escapes text for element content and for double- or single-quoted attribute values; null is "". */
    static String esc(Object value) {
        if (value == null) {
            return "";
        }
        String text = value.toString();
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A figure for a table cell: "n/a" when not a number, fewer decimals as it grows. */
    static String num(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        double abs = Math.abs(value);
        String pattern = abs >= 1000 ? "%,.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** A whole count with thousands separators. */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** An SVG coordinate: one decimal is finer than a pixel and keeps the file small. */
    static String coord(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
    /** The styles of the charts' own elements, shared by pages and standalone chart files. */
    static final String CHART_STYLE = """
            .grid{stroke:#eee}.axis{stroke:#888}.tick{fill:#444}.axis-label{fill:#444;font-size:11px}
            .fault-band{fill:#f4a261;fill-opacity:.25}.fault-label{fill:#a0522d;font-size:9px}
            .fault-marker{stroke:#c62828;stroke-width:1.2}.phase-band{fill:#9aa5b1;fill-opacity:.18}.phase-label{fill:#555;font-size:9px}
            """;

    /** The styles of every page, inline so that a report opens offline and from a mail attachment. */
    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:960px;color:#222}
            h1{margin-bottom:4px}h2{margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}
            table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
            th{background:#f4f4f4}td.text,th.text{text-align:left}
            .verdict{font-weight:bold;padding:2px 10px;border-radius:4px;color:#fff}
            .verdict-PASS{background:#2a9d40}.verdict-FAIL{background:#c62828}.verdict-other{background:#e08a00}
            .interrupted{color:#e08a00;font-weight:bold}.bad{color:#c62828;font-weight:bold}
            .bar{display:inline-block;height:.8em;background:#4a7bd0;vertical-align:middle}
            svg.chart{display:block;margin:4px 0 16px;font-size:10px}
            """ + CHART_STYLE + """
            .gap-mark{fill:#999}.banner{background:#fff4e0;border:1px solid #e08a00;border-radius:4px;padding:8px 12px;margin:12px 0}
            .cite{font-size:12px;color:#444;font-style:italic}
            .compare td.best{background:#e8f5e9}.heal-marker{stroke:#2a9d40;stroke-dasharray:4 3}
            .nodata{fill:#999;font-size:14px}dt{font-weight:bold;margin-top:6px}dd{margin-left:16px}
            """;

    /** A complete HTML document around {@code body} (already markup); the title is escaped here. */
    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
    }
    /**
     * A table; the header texts are escaped here, the cells are markup the caller escaped (so that a
     * cell may be a link). The first column is left-aligned text, the others are figures.
     */
    static String table(List<String> headers, List<List<String>> rows) {
        StringBuilder out = new StringBuilder("<table>\n<tr>");
        for (int i = 0; i < headers.size(); i++) {
            out.append(i == 0 ? "<th class=\"text\">" : "<th>").append(esc(headers.get(i))).append("</th>");
        }
        out.append("</tr>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? "<td class=\"text\">" : "<td>").append(row.get(i)).append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</table>\n").toString();
    }
}
