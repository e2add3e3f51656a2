package io.supplychaos.report;

import java.util.ArrayList;
import java.util.List;

import static io.supplychaos.report.Html.coord;
import static io.supplychaos.report.Html.esc;

/**
 * An inline SVG line chart: one or more series on shared axes with nice ticks, optional shaded
 * bands (faults: from injection to heal or to the end) and vertical markers. Points that are NaN
 * break a line instead of being drawn. An empty chart or a single point renders without dividing
 * by zero. Native SVG {@code <title>} elements give hover tooltips without any script.
 * Produces markup only; no files.
 */
final class SvgChart {

    static final int WIDTH = 880;
    static final int HEIGHT = 250;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int BOTTOM = 40;
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};

    /**
     * A line; dashed lines are for reference figures such as the paper's. {@code colour} indexes the
     * palette so that related lines (ours and the paper's for one config) share one; -1 takes the
     * series' position.
     */
    record Series(String name, double[] x, double[] y, boolean dashed, int colour, boolean bridgeGaps) {
        Series(String name, double[] x, double[] y) {
            this(name, x, y, false, -1, false);
        }

        Series(String name, double[] x, double[] y, boolean dashed, int colour) {
            this(name, x, y, dashed, colour, false);
        }

        /**
         * This line drawn through its missing points (NaN) instead of broken there: for figures whose
         * missing points mean "nothing to measure this second", which the chart marks apart.
         */
        Series bridged() {
            return new Series(name, x, y, dashed, colour, true);
        }
    }

    /** What a band shades: a fault in effect, or a phase of the run such as the warm-up. */
    enum BandKind { FAULT, PHASE }

    /** A shaded x interval, e.g. a fault in effect, labelled on the chart and in its tooltip. */
    record Band(double from, double to, String label, BandKind kind) {
        Band(double from, double to, String label) {
            this(from, to, label, BandKind.FAULT);
        }
    }

    /**
     * A vertical line at x; dashed for a heal or a repair, solid for an injection. {@code shown}
     * writes the label beside the line (a moment such as a broker start has no band to carry it).
     */
    record Marker(double x, String label, boolean dashed, boolean shown) {
        Marker(double x, String label, boolean dashed) {
            this(x, label, dashed, false);
        }
    }

    /** An x tick at a chosen position with its own label, for axes that are not linear in the value. */
    record Tick(double x, String label) {
    }

    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<Double> gapMarks = new ArrayList<>();
    private String gapLabel = "";
    private List<Tick> xTicks;
    private List<Tick> fixedYTicks;
    private double xMin = Double.NaN;
    private double xMax = Double.NaN;

    SvgChart(String xLabel, String yLabel) {
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart add(Series s) {
        series.add(s);
        return this;
    }

    SvgChart band(Band b) {
        bands.add(b);
        return this;
    }

    SvgChart marker(Marker m) {
        markers.add(m);
        return this;
    }

    /**
     * Marks each x of {@code xs} with a short grey tick on the x axis, {@code label} as its tooltip:
     * e.g. the seconds in which no order completed, where a latency line has no point of its own.
     */
    SvgChart gapMarks(List<Double> xs, String label) {
        gapMarks.addAll(xs);
        gapLabel = label;
        return this;
    }

    /** Fixes the x range, so that charts of one run line up and bands show where there is no data. */
    SvgChart xRange(double min, double max) {
        xMin = min;
        xMax = max;
        return this;
    }

    SvgChart xTicks(List<Tick> ticks) {
        xTicks = ticks;
        return this;
    }

    /**
     * Fixes the y axis to these ticks, first to last, for axes that are not linear in the value
     * (a logarithmic one: the series carry log10 values, the ticks their labels).
     */
    SvgChart yTicks(List<Tick> ticks) {
        fixedYTicks = ticks;
        return this;
    }

    String render() {
        double[] xr = xRange();
        List<Tick> yTicks = yTicks();
        double y0 = yTicks.get(0).x();
        double y1 = yTicks.get(yTicks.size() - 1).x();
        Scale sx = new Scale(xr[0], xr[1], LEFT, WIDTH - RIGHT);
        Scale sy = new Scale(y0, y1, HEIGHT - BOTTOM, top());
        StringBuilder svg = new StringBuilder();
        // No xmlns: inline SVG in HTML needs none, and the page then holds no URL at all.
        svg.append("<svg class=\"chart\" viewBox=\"0 0 ")
                .append(WIDTH).append(' ').append(HEIGHT).append("\" width=\"").append(WIDTH)
                .append("\" height=\"").append(HEIGHT).append("\" role=\"img\">\n");
        drawBands(svg, sx);
        drawYAxis(svg, sy, yTicks);
        drawXAxis(svg, sx, xr);
        drawMarkers(svg, sx);
        drawGapMarks(svg, sx);
        drawSeries(svg, sx, sy);
        if (!hasData()) {
            svg.append("<text class=\"nodata\" x=\"").append(WIDTH / 2).append("\" y=\"").append(HEIGHT / 2)
                    .append("\" text-anchor=\"middle\">no data</text>\n");
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /**
     * The chart as a file of its own (docs/ embed it as an image): the namespace, the chart styles
     * and a white background, which inline SVG takes from its page.
     */
    String renderStandalone() {
        String inline = render();
        String head = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" ";
        return head + inline.substring("<svg class=\"chart\" ".length()).replaceFirst(">\n",
                ">\n<style>\nsvg{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;font-size:10px}\n"
                        + Html.CHART_STYLE + "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
    }

    /** Linear map from data to pixels; a zero-width domain maps everything to the middle. */
    private record Scale(double d0, double d1, double p0, double p1) {
        double at(double v) {
            double span = d1 - d0;
            return span == 0 ? (p0 + p1) / 2 : p0 + (v - d0) / span * (p1 - p0);
        }
    }

    /** The narrowest a legend entry gets, so that short names still line up in columns. */
    private static final int LEGEND_ENTRY_WIDTH = 150;
    /** Roughly how wide a character of the 10 px legend text is; generous, so that entries never overlap. */
    private static final double LEGEND_CHAR_WIDTH = 6.2;

    /**
     * Where each series' legend entry starts: entries flow left to right, each as wide as its
     * name needs (at least {@link #LEGEND_ENTRY_WIDTH}), wrapping onto a new row when the next one
     * would not fit.
     */
    private List<int[]> legendLayout() {
        List<int[]> positions = new ArrayList<>();
        int x = LEFT;
        int row = 0;
        for (Series s : series) {
            int width = Math.max(LEGEND_ENTRY_WIDTH, (int) Math.ceil(26 + s.name().length() * LEGEND_CHAR_WIDTH));
            if (x > LEFT && x + width > WIDTH - RIGHT) {
                x = LEFT;
                row++;
            }
            positions.add(new int[]{x, 14 + row * 13});
            x += width;
        }
        return positions;
    }

    /** The plot starts below the legend, which lays its entries out in rows across the top. */
    private int top() {
        List<int[]> layout = legendLayout();
        int legendRows = layout.isEmpty() ? 1 : (layout.get(layout.size() - 1)[1] - 14) / 13 + 1;
        return 30 + 13 * (legendRows - 1);
    }

    private boolean hasData() {
        return series.stream().anyMatch(s -> {
            for (int i = 0; i < s.y().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    return true;
                }
            }
            return false;
        });
    }

    private double[] xRange() {
        if (Double.isFinite(xMin) && Double.isFinite(xMax) && xMax > xMin) {
            return new double[]{xMin, xMax};
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    lo = Math.min(lo, s.x()[i]);
                    hi = Math.max(hi, s.x()[i]);
                }
            }
        }
        if (lo > hi) {
            return new double[]{0, 1};
        }
        // One point (or one x) gets a unit of room on either side, so it is drawn in the middle.
        return hi > lo ? new double[]{lo, hi} : new double[]{lo - 1, hi + 1};
    }

    private double[] yRange() {
        double lo = 0;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.y().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    lo = Math.min(lo, s.y()[i]);
                    hi = Math.max(hi, s.y()[i]);
                }
            }
        }
        // Rates and latencies start at 0 so that their size is read right; all-zero data gets 0..1.
        // A little headroom keeps the highest point off the plot's top edge.
        return hi > lo ? new double[]{lo, hi + (hi - lo) * 0.05} : new double[]{lo, lo + 1};
    }

    private void drawBands(StringBuilder svg, Scale sx) {
        for (int i = 0; i < bands.size(); i++) {
            Band b = bands.get(i);
            double from = clamp(sx.at(b.from()), LEFT, WIDTH - RIGHT);
            double to = clamp(sx.at(b.to()), LEFT, WIDTH - RIGHT);
            boolean fault = b.kind() == BandKind.FAULT;
            svg.append(fault ? "<g class=\"fault\"><title>" : "<g class=\"phase\"><title>").append(esc(b.label()))
                    .append("</title>")
                    .append(fault ? "<rect class=\"fault-band\" x=\"" : "<rect class=\"phase-band\" x=\"").append(coord(from)).append("\" y=\"").append(top())
                    .append("\" width=\"").append(coord(Math.max(1, to - from))).append("\" height=\"")
                    .append(HEIGHT - top() - BOTTOM).append("\"/>")
                    // Labels of overlapping faults are staggered so that they stay legible.
                    .append(fault ? "<text class=\"fault-label\" x=\"" : "<text class=\"phase-label\" x=\"")
                    .append(coord(from + 3)).append("\" y=\"")
                    .append(fault ? top() + 11 + (i % 3) * 11 : HEIGHT - BOTTOM - 10).append("\">").append(esc(b.label()))
                    .append("</text></g>\n");
        }
    }

    private void drawGapMarks(StringBuilder svg, Scale sx) {
        if (gapMarks.isEmpty()) {
            return;
        }
        svg.append("<g class=\"gap-marks\"><title>").append(esc(gapLabel)).append("</title>");
        for (double x : gapMarks) {
            double px = sx.at(x);
            if (px >= LEFT && px <= WIDTH - RIGHT) {
                svg.append("<rect class=\"gap-mark\" x=\"").append(coord(px - 1.5)).append("\" y=\"")
                        .append(HEIGHT - BOTTOM - 6).append("\" width=\"3\" height=\"6\"/>");
            }
        }
        svg.append("</g>\n");
    }

    private void drawMarkers(StringBuilder svg, Scale sx) {
        for (Marker m : markers) {
            double x = sx.at(m.x());
            if (x < LEFT || x > WIDTH - RIGHT) {
                continue;
            }
            svg.append("<line class=\"").append(m.dashed() ? "heal-marker" : "fault-marker").append("\" x1=\"")
                    .append(coord(x)).append("\" x2=\"").append(coord(x)).append("\" y1=\"").append(top())
                    .append("\" y2=\"").append(HEIGHT - BOTTOM).append("\"><title>").append(esc(m.label()))
                    .append("</title></line>\n");
            if (m.shown()) {
                svg.append("<text class=\"fault-label\" x=\"").append(coord(x + 3)).append("\" y=\"")
                        .append(top() + 44).append("\">").append(esc(m.label())).append("</text>\n");
            }
        }
    }

    /** The y ticks: the fixed ones when set (they span the axis), else nice ones over the data from 0. */
    private List<Tick> yTicks() {
        if (fixedYTicks != null && fixedYTicks.size() > 1) {
            return fixedYTicks;
        }
        double[] yr = yRange();
        List<Double> values = Ticks.nice(yr[0], yr[1], 5);
        double step = values.size() > 1 ? values.get(1) - values.get(0) : 1;
        return values.stream().map(v -> new Tick(v, Ticks.label(v, step))).toList();
    }

    private void drawYAxis(StringBuilder svg, Scale sy, List<Tick> ticks) {
        for (Tick t : ticks) {
            String y = coord(sy.at(t.x()));
            svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT)
                    .append("\" y1=\"").append(y).append("\" y2=\"").append(y).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(LEFT - 6).append("\" y=\"").append(y)
                    .append("\" dy=\"4\" text-anchor=\"end\">").append(esc(t.label())).append("</text>\n");
        }
        svg.append("<text class=\"axis-label\" transform=\"translate(14,").append((HEIGHT - BOTTOM + top()) / 2)
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(esc(yLabel)).append("</text>\n");
    }

    private void drawXAxis(StringBuilder svg, Scale sx, double[] xr) {
        List<Tick> ticks = xTicks;
        if (ticks == null) {
            ticks = new ArrayList<>();
            List<Double> values = Ticks.nice(xr[0], xr[1], 8);
            double step = values.size() > 1 ? values.get(1) - values.get(0) : 1;
            for (double v : values) {
                if (v >= xr[0] && v <= xr[1]) {
                    ticks.add(new Tick(v, Ticks.label(v, step)));
                }
            }
        }
        int base = HEIGHT - BOTTOM;
        svg.append("<line class=\"axis\" x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT)
                .append("\" y1=\"").append(base).append("\" y2=\"").append(base).append("\"/>\n");
        for (Tick t : ticks) {
            String x = coord(sx.at(t.x()));
            svg.append("<line class=\"axis\" x1=\"").append(x).append("\" x2=\"").append(x).append("\" y1=\"")
                    .append(base).append("\" y2=\"").append(base + 4).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(x).append("\" y=\"").append(base + 16)
                    .append("\" text-anchor=\"middle\">").append(esc(t.label())).append("</text>\n");
        }
        svg.append("<text class=\"axis-label\" x=\"").append((LEFT + WIDTH - RIGHT) / 2).append("\" y=\"")
                .append(HEIGHT - 4).append("\" text-anchor=\"middle\">").append(esc(xLabel)).append("</text>\n");
    }

    private void drawSeries(StringBuilder svg, Scale sx, Scale sy) {
        List<int[]> legend = legendLayout();
        for (int s = 0; s < series.size(); s++) {
            Series line = series.get(s);
            String colour = PALETTE[(line.colour() < 0 ? s : line.colour()) % PALETTE.length];
            svg.append("<g class=\"series\" stroke=\"").append(colour).append("\" fill=\"").append(colour)
                    .append("\"><title>").append(esc(line.name())).append("</title>\n");
            StringBuilder points = new StringBuilder();
            int inSegment = 0;
            for (int i = 0; i <= line.y().length; i++) {
                boolean valid = i < line.y().length && Double.isFinite(line.x()[i]) && Double.isFinite(line.y()[i]);
                if (!valid && line.bridgeGaps() && i < line.y().length) {
                    continue;
                }
                if (valid) {
                    points.append(coord(sx.at(line.x()[i]))).append(',').append(coord(sy.at(line.y()[i]))).append(' ');
                    inSegment++;
                    continue;
                }
                if (inSegment == 1) {
                    // A lone point has no line to show it; a dot does.
                    String[] xy = points.toString().trim().split(",");
                    svg.append("<circle r=\"3\" cx=\"").append(xy[0]).append("\" cy=\"").append(xy[1]).append("\"/>\n");
                } else if (inSegment > 1) {
                    svg.append("<polyline fill=\"none\" stroke-width=\"1.6\"")
                            .append(line.dashed() ? " stroke-dasharray=\"6 4\"" : "")
                            .append(" points=\"").append(points.toString().trim()).append("\"/>\n");
                }
                points.setLength(0);
                inSegment = 0;
            }
            svg.append("</g>\n");
            // Legend entry: rows of entries across the top, above the plot.
            int lx = legend.get(s)[0];
            int ly = legend.get(s)[1];
            svg.append("<g class=\"legend-entry\"><line x1=\"").append(lx).append("\" x2=\"").append(lx + 18)
                    .append("\" y1=\"").append(ly - 4).append("\" y2=\"").append(ly - 4).append("\" stroke=\"")
                    .append(colour).append("\" stroke-width=\"2\"")
                    .append(line.dashed() ? " stroke-dasharray=\"6 4\"" : "").append("/><text class=\"tick\" x=\"")
                    .append(lx + 22).append("\" y=\"").append(ly).append("\">").append(esc(line.name()))
                    .append("</text></g>\n");
        }
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
