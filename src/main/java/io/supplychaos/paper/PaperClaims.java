package io.supplychaos.paper;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongPredicate;

import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;

/**
 * The claims of the paper's §V and §VI, each judged on our Table II ({@link OurTable2}): a pure
 * function of the medians and ranges, so that the verdicts in docs/PAPER.md are regenerated with
 * the tables, never typed.
 *
 * <p>The rules, stated once here and printed with each verdict:
 * <ul>
 * <li>Load bands as the paper's §IV-C defines them: light 100 to 5,000 messages, medium 7,500 to
 * 20,000, heavy 25,000 to 50,000.
 * <li>"A is lower than B at a point" compares medians over the repeats.
 * <li>A claim about a band holds when it is true at two thirds or more of the band's points that
 * were measured for every config it names; fewer measured points than two leave it NOT_MEASURED.
 * <li>"About equal" is within {@value #CLOSE} of the larger median, or overlapping ranges.
 * <li>Latency and jitter are judged on the one-hop figure, the paper's definition; the
 * end-to-end figure is shown beside it.
 * </ul>
 */
public final class PaperClaims {

    /** The verdict on one claim. */
    public enum Verdict {
        HOLDS("holds"), DOES_NOT_HOLD("does not hold here"), NOT_MEASURED("not measured");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * A claim and its verdict.
     *
     * @param where    where the paper makes it
     * @param figure   the figure of docs/PAPER.md that shows it
     * @param evidence what our figures say, in numbers
     */
    public record Claim(String claim, String where, String figure, Verdict verdict, String evidence) {
    }

    static final double CLOSE = 0.10;
    private static final double MAJORITY = 2.0 / 3;

    /** The paper's load bands (§IV-C), by message count. */
    public enum Band {
        LIGHT("light", 0, 5_000), MEDIUM("medium", 7_500, 20_000), HEAVY("heavy", 25_000, Long.MAX_VALUE);

        private final String words;
        private final long from;
        private final long to;

        Band(String words, long from, long to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        public boolean contains(long messages) {
            return messages >= from && messages <= to;
        }

        public String words() {
            return words;
        }
    }

    static final LongPredicate LOW = Band.LIGHT::contains;
    static final LongPredicate MEDIUM = Band.MEDIUM::contains;

    private final OurTable2 ours;
    private final List<Long> counts;

    private PaperClaims(OurTable2 ours, List<Long> counts) {
        this.ours = ours;
        this.counts = counts;
    }

    /** Judges every claim on {@code ours}, over the paper's message counts. */
    public static List<Claim> judge(OurTable2 ours, List<Long> messageCounts) {
        PaperClaims c = new PaperClaims(ours, messageCounts);
        return List.of(c.lowestAtLowLoad(), c.closeAtMedium(), c.c2BetterAtHigh(), c.throughputPlateauThenDecline(),
                c.throughputOrder(), c.requestTimeOrder(), c.replicationOverhead());
    }

    /** How often a comparison was true over the points it could be made at. */
    private record Tally(int yes, int of, List<String> where) {

        boolean majority() {
            return of >= 2 && yes >= Math.ceil(of * MAJORITY - 1e-9);
        }

        boolean measured() {
            return of >= 2;
        }

        String text() {
            return yes + " of " + of;
        }
    }

    private interface PointTest {
        /** True or false at a point, or null when a figure it needs was not measured there. */
        Boolean at(long messages);
    }

    private Tally tally(LongPredicate band, PointTest test) {
        int yes = 0;
        int of = 0;
        List<String> where = new ArrayList<>();
        for (long m : counts) {
            if (!band.test(m)) {
                continue;
            }
            Boolean result = test.at(m);
            if (result == null) {
                continue;
            }
            of++;
            if (result) {
                yes++;
                where.add(count(m));
            }
        }
        return new Tally(yes, of, where);
    }

    private Spread s(Experiment e, String config, long m, Metric metric) {
        return ours.spread(e, config, m, metric);
    }

    /** Whether {@code config} has the lowest median of the three at m; null when one is missing. */
    private Boolean lowest(Experiment e, String config, long m, Metric metric) {
        double mine = s(e, config, m, metric).median();
        double best = Double.POSITIVE_INFINITY;
        for (String other : List.of("C1", "C2", "C3")) {
            double v = s(e, other, m, metric).median();
            if (Double.isNaN(v)) {
                return null;
            }
            if (!other.equals(config)) {
                best = Math.min(best, v);
            }
        }
        return mine < best;
    }

    private Boolean lower(Experiment e, String a, String b, long m, Metric metric) {
        double x = s(e, a, m, metric).median();
        double y = s(e, b, m, metric).median();
        return Double.isNaN(x) || Double.isNaN(y) ? null : x < y;
    }

    // ---- the claims ----------------------------------------------------------------------------

    Claim lowestAtLowLoad() {
        String claim = "C3 has the lowest latency and jitter at low load.";
        Tally latency = tally(LOW, m -> lowest(Experiment.PAPER_RATE, "C3", m, Metric.LATENCY_ONE_HOP));
        Tally jitter = tally(LOW, m -> lowest(Experiment.PAPER_RATE, "C3", m, Metric.JITTER_ONE_HOP));
        Tally e2e = tally(LOW, m -> lowest(Experiment.PAPER_RATE, "C3", m, Metric.LATENCY_E2E));
        if (!latency.measured() || !jitter.measured()) {
            return new Claim(claim, "§V-A, §V-C, §VI", "Fig. 2, Fig. 6", Verdict.NOT_MEASURED,
                    "fewer than two low-load points were run on all three configs");
        }
        Verdict verdict = latency.majority() && jitter.majority() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD;
        return new Claim(claim, "§V-A, §V-C, §VI", "Fig. 2, Fig. 6", verdict,
                "C3 has the lowest one-hop latency at " + latency.text() + " low-load points and the lowest one-hop"
                        + " jitter at " + jitter.text() + " (end-to-end latency: " + e2e.text() + ")"
                        + lowestElsewhere(LOW, Metric.LATENCY_ONE_HOP));
    }

    /** Which config is lowest most often in a band, when it is not C3: the reason a claim about C3 fails. */
    private String lowestElsewhere(LongPredicate band, Metric metric) {
        StringBuilder text = new StringBuilder();
        for (String config : List.of("C1", "C2")) {
            Tally t = tally(band, m -> lowest(Experiment.PAPER_RATE, config, m, metric));
            if (t.yes() > 0) {
                text.append("; ").append(config).append(" is lowest at ").append(t.text());
            }
        }
        return text.toString();
    }

    Claim closeAtMedium() {
        String claim = "C2 and C3 are about equal at medium load (C2 overlaps C3 near 20,000 messages).";
        Tally close = tally(MEDIUM, m -> {
            Spread c2 = s(Experiment.PAPER_RATE, "C2", m, Metric.LATENCY_ONE_HOP);
            Spread c3 = s(Experiment.PAPER_RATE, "C3", m, Metric.LATENCY_ONE_HOP);
            if (!c2.measured() || !c3.measured()) {
                return null;
            }
            double larger = Math.max(c2.median(), c3.median());
            return Math.abs(c2.median() - c3.median()) <= CLOSE * larger || c2.overlaps(c3);
        });
        if (!close.measured()) {
            return new Claim(claim, "§V-A", "Fig. 3", Verdict.NOT_MEASURED,
                    "fewer than two medium-load points were run on C2 and C3");
        }
        return new Claim(claim, "§V-A", "Fig. 3", close.majority() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD,
                "C2's and C3's one-hop latencies are within " + percent(CLOSE) + " or overlap at " + close.text()
                        + " medium-load points" + ratioRange(MEDIUM, "C2", "C3", Metric.LATENCY_ONE_HOP));
    }

    Claim c2BetterAtHigh() {
        String claim = "C2 has lower latency than C3 at 35,000 messages and more.";
        LongPredicate band = m -> m >= 35_000;
        Tally better = tally(band, m -> lower(Experiment.PAPER_RATE, "C2", "C3", m, Metric.LATENCY_ONE_HOP));
        Tally e2e = tally(band, m -> lower(Experiment.PAPER_RATE, "C2", "C3", m, Metric.LATENCY_E2E));
        if (!better.measured()) {
            return new Claim(claim, "§V-A", "Fig. 4", Verdict.NOT_MEASURED,
                    "fewer than two points of 35,000 messages or more were run on C2 and C3");
        }
        return new Claim(claim, "§V-A", "Fig. 4", better.majority() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD,
                "C2's one-hop latency is below C3's at " + better.text() + " points of 35,000 or more (end-to-end: "
                        + e2e.text() + ")" + ratioRange(band, "C2", "C3", Metric.LATENCY_ONE_HOP));
    }

    Claim throughputPlateauThenDecline() {
        String claim = "Throughput plateaus at medium load and declines past 40,000 messages.";
        List<String> evidence = new ArrayList<>();
        int measured = 0;
        int holds = 0;
        for (String config : List.of("C1", "C2", "C3")) {
            Spread at40 = s(Experiment.CAPACITY, config, 40_000, Metric.THROUGHPUT);
            Spread at50 = s(Experiment.CAPACITY, config, 50_000, Metric.THROUGHPUT);
            double[] medium = counts.stream().filter(MEDIUM::test)
                    .mapToDouble(m -> s(Experiment.CAPACITY, config, m, Metric.THROUGHPUT).median())
                    .filter(v -> !Double.isNaN(v)).toArray();
            if (!at40.measured() || !at50.measured() || medium.length < 2) {
                continue;
            }
            measured++;
            double max = java.util.Arrays.stream(medium).max().orElseThrow();
            double min = java.util.Arrays.stream(medium).min().orElseThrow();
            boolean plateau = max <= min * 1.2;
            boolean declines = at50.max() < at40.min();
            if (plateau && declines) {
                holds++;
            }
            evidence.add(config + ": medium load " + num(min) + " to " + num(max) + " orders/s ("
                    + (plateau ? "within 20 %" : "not within 20 %") + "), 40,000 " + range(at40) + ", 50,000 "
                    + range(at50) + (declines ? " (lower)" : at50.min() > at40.max() ? " (higher)" : " (overlapping)"));
        }
        if (measured == 0) {
            return new Claim(claim, "§V-D", "Fig. 8, Fig. 9", Verdict.NOT_MEASURED,
                    "the as-fast-as-possible sweep (capacity) has no config with medium points and both 40,000 and 50,000");
        }
        return new Claim(claim, "§V-D", "Fig. 8, Fig. 9", holds == measured ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD,
                "as fast as the chain takes orders: " + String.join("; ", evidence));
    }

    Claim throughputOrder() {
        String claim = "C3 has the highest throughput and C1 the lowest (C3 > C2 > C1).";
        Tally order = tally(m -> true, m -> {
            Boolean a = lower(Experiment.CAPACITY, "C2", "C3", m, Metric.THROUGHPUT);
            Boolean b = lower(Experiment.CAPACITY, "C1", "C2", m, Metric.THROUGHPUT);
            return a == null || b == null ? null : a && b;
        });
        if (!order.measured()) {
            return new Claim(claim, "§V-D, §VI", "Fig. 7-9", Verdict.NOT_MEASURED,
                    "fewer than two points were run as fast as possible on all three configs");
        }
        return new Claim(claim, "§V-D, §VI", "Fig. 7-9", order.majority() ? Verdict.HOLDS : Verdict.DOES_NOT_HOLD,
                "C3 > C2 > C1 at " + order.text() + " points run as fast as possible");
    }

    Claim requestTimeOrder() {
        String claim = "Request time: C3 < C2 < C1 at low to moderate load (up to 10,000 messages); C2 < C3 at 40,000 and more.";
        LongPredicate moderate = m -> m <= 10_000;
        LongPredicate top = m -> m >= 40_000;
        Tally order = tally(moderate, m -> {
            Boolean a = lower(Experiment.PAPER_RATE, "C3", "C2", m, Metric.REQUEST_TIME);
            Boolean b = lower(Experiment.PAPER_RATE, "C2", "C1", m, Metric.REQUEST_TIME);
            return a == null || b == null ? null : a && b;
        });
        Tally reversed = tally(top, m -> lower(Experiment.PAPER_RATE, "C2", "C3", m, Metric.REQUEST_TIME));
        if (!order.measured() || !reversed.measured()) {
            return new Claim(claim, "§V-B", "Fig. 5", Verdict.NOT_MEASURED,
                    "fewer than two points up to 10,000, or of 40,000 and more, were run on all three configs");
        }
        StringBuilder lowestText = new StringBuilder();
        for (String config : List.of("C1", "C2", "C3")) {
            Tally t = tally(moderate, m -> lowest(Experiment.PAPER_RATE, config, m, Metric.REQUEST_TIME));
            lowestText.append(lowestText.isEmpty() ? "" : ", ").append(config).append(' ').append(t.yes());
        }
        return new Claim(claim, "§V-B", "Fig. 5", order.majority() && reversed.majority() ? Verdict.HOLDS
                : Verdict.DOES_NOT_HOLD, "C3 < C2 < C1 at " + order.text() + " points up to 10,000 (lowest there: "
                + lowestText + "); C2 < C3 at " + reversed.text() + " points of 40,000 and more");
    }

    Claim replicationOverhead() {
        String claim = "C2 overtakes C3 at high load because C3's replication factor of 3 costs more than C2's 2.";
        LongPredicate band = m -> m >= 35_000;
        Tally latency = tally(band, m -> lower(Experiment.PAPER_RATE, "C2", "C3", m, Metric.LATENCY_ONE_HOP));
        Tally request = tally(band, m -> lower(Experiment.PAPER_RATE, "C2", "C3", m, Metric.REQUEST_TIME));
        if (!latency.measured() || !request.measured()) {
            return new Claim(claim, "§V-A, §V-D, abstract", "Fig. 4, Fig. 5", Verdict.NOT_MEASURED,
                    "fewer than two points of 35,000 messages or more were run on C2 and C3");
        }
        if (!latency.majority()) {
            return new Claim(claim, "§V-A, §V-D, abstract", "Fig. 4, Fig. 5", Verdict.DOES_NOT_HOLD,
                    "there is no overtaking to explain: C2's one-hop latency is below C3's at only " + latency.text()
                            + " points of 35,000 or more; C2's request time (which, with acks=all, includes the wait"
                            + " for the in-sync replicas) is below C3's at " + request.text());
        }
        return new Claim(claim, "§V-A, §V-D, abstract", "Fig. 4, Fig. 5", request.majority() ? Verdict.HOLDS
                : Verdict.DOES_NOT_HOLD, "C2's one-hop latency is below C3's at " + latency.text() + " points of"
                + " 35,000 or more and its request time (with acks=all: the wait for the in-sync replicas) at "
                + request.text() + (request.majority() ? ": consistent with replication costing C3 more"
                : ": the produce path is not where C3 loses") + ". C3 also differs in brokers, partitions and"
                + " partitioning, so this is consistent with the explanation, not a proof of it");
    }

    // ---- text ----------------------------------------------------------------------------------

    private String ratioRange(LongPredicate band, String a, String b, Metric metric) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (long m : counts) {
            if (!band.test(m)) {
                continue;
            }
            double x = s(Experiment.PAPER_RATE, a, m, metric).median();
            double y = s(Experiment.PAPER_RATE, b, m, metric).median();
            if (!Double.isNaN(x) && !Double.isNaN(y) && y > 0) {
                lo = Math.min(lo, x / y);
                hi = Math.max(hi, x / y);
            }
        }
        return lo > hi ? "" : "; " + a + "/" + b + " from " + String.format(Locale.ROOT, "%.2f", lo) + " to "
                + String.format(Locale.ROOT, "%.2f", hi);
    }

    private static String range(Spread s) {
        return s.n() > 1 ? num(s.median()) + " (" + num(s.min()) + "-" + num(s.max()) + ")" : num(s.median());
    }

    static String num(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }

    private static String count(long m) {
        return String.format(Locale.ROOT, "%,d", m);
    }

    private static String percent(double fraction) {
        return Math.round(fraction * 100) + " %";
    }
}
