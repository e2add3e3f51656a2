package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.result.Verdict;

class HtmlReportTest {

    private static String render(RunResult result, List<TimeSeriesRow> rows) {
        return HtmlReport.render(new ResultFiles.Run(result, rows));
    }

    /** The markup of the chart that follows the heading {@code <h3>title</h3>}. */
    private static String chart(String html, String title) {
        int start = html.indexOf("<h3>" + title + "</h3>");
        assertThat(start).as("chart " + title).isNotNegative();
        return html.substring(start, html.indexOf("</svg>", start));
    }

    private static int occurrences(String text, String part) {
        Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void shouldLoadNothingFromTheNetwork() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).doesNotContain("http://", "https://", "<script src", "<link", "<img", "url(");
    }

    @Test
    void shouldShowEachHopWithItsTopicAndItsShareOfTheSummedP50s() {
        String html = render(Runs.result(), Runs.rows());

        String section = html.substring(html.indexOf("Where a delivered order's time goes"));
        assertThat(section).contains("placed → stock command", "order-placed", "stock command → confirmation",
                "stock-commands");
        // p50s 9 and 55: shares of 14 % and 86 %
        assertThat(section).contains("> 14 %", "> 86 %");
    }

    @Test
    void shouldSaySoWhenNoDeliveredOrderWasMeasured() {
        String html = render(Runs.withoutFaultsOrDistribution(Runs.result()), Runs.rows());

        assertThat(html).contains("no delivered order measured");
    }

    @Test
    void shouldOverlayEachFaultOnTheThroughputChart() {
        String throughput = chart(render(Runs.result(), Runs.rows()), "Orders completed per second");

        assertThat(occurrences(throughput, "class=\"fault-band\"")).isEqualTo(2);
        assertThat(throughput).contains(">kill-broker 2 (leader of order-placed:0)</text>",
                ">delay 100 ms ± 20 ms, client links, all brokers</text>");
        assertThat(occurrences(throughput, "class=\"fault-marker\"")).isEqualTo(2);
        assertThat(occurrences(throughput, "class=\"heal-marker\"")).isEqualTo(1);
    }

    @Test
    void shouldOverlayTheFaultsOnLatencyAndInFlightChartsToo() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(occurrences(chart(html, "Latency per second"), "class=\"fault-band\"")).isEqualTo(2);
        assertThat(occurrences(chart(html, "In-flight orders"), "class=\"fault-band\"")).isEqualTo(2);
    }

    @Test
    void shouldRunANeverHealedFaultToTheEndOfTheChart() {
        String throughput = chart(render(Runs.result(), Runs.rows()), "Orders completed per second");

        // The delay starts at 30 s and is never healed; the chart spans 0..40 s between x = 64 and x = 864.
        assertThat(throughput).contains("<rect class=\"fault-band\" x=\"664.0\" y=\"30\" width=\"200.0\"");
    }

    @Test
    void shouldDefineEveryMetricInTheLegend() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("<h2>Legend</h2>");
        for (String term : List.of("Latency", "Request time", "Jitter", "Throughput", "Lost", "Duplicates",
                "Out of order", "Never acknowledged", "Recovery time", "Under-replicated partitions")) {
            assertThat(html).contains("<dt>" + term + "</dt>");
        }
    }

    @Test
    void shouldCompareWithThePaperWhenTheRunIsOneOfThePapers() {
        RunResult.PaperFigures c3 = PaperTable.load().figures("C3", 10_000).orElseThrow();
        RunResult run = Runs.withPaper(Runs.withFigures(Runs.result(), "c3", 721.6, 157, 300, 10.1, 7.5), c3);

        String html = render(run, Runs.rows());

        assertThat(html).contains("The paper (Table II) vs this run")
                .contains("<td class=\"text\">latency avg (ms)</td><td>78.5</td><td>157.0</td><td>2.00</td>")
                .contains("<td class=\"text\">throughput (orders/s)</td><td>360.8</td><td>721.6</td><td>2.00</td>")
                .contains("<td class=\"text\">request time avg (ms)</td><td>10.1</td><td>10.1</td><td>1.00</td>");
    }

    @Test
    void shouldLeaveThePaperOutWhenTheRunIsNotOneOfThePapers() {
        assertThat(render(Runs.result(), Runs.rows())).doesNotContain("Table II");
    }

    @Test
    void shouldRenderAnEmptyRunWithoutFailing() {
        String html = render(Runs.withoutFaultsOrDistribution(Runs.result()), List.of());

        assertThat(html).contains("no data").doesNotContain("NaN", "Infinity").endsWith("</html>\n");
    }

    @Test
    void shouldDrawASinglePointAsADot() {
        String throughput = chart(render(Runs.withoutFaultsOrDistribution(Runs.result()),
                List.of(Runs.row(0, List.of()))), "Orders completed per second");

        assertThat(throughput).contains("<circle").doesNotContain("NaN", "Infinity");
    }

    @Test
    void shouldDrawLatencyThroughSecondsWithoutACompletionAndMarkThem() {
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int s = 0; s < 6; s++) {
            TimeSeriesRow r = Runs.row(s, List.of());
            rows.add(s == 3 ? Runs.withLatency(r, r.completed(), Double.NaN, r.p99Ms()) : r);
        }

        String latency = chart(render(Runs.result(), rows), "Latency per second");

        // p50, p99 and the oldest in flight each in one piece; second 3 marked on the axis
        assertThat(occurrences(latency, "<polyline")).isEqualTo(3);
        assertThat(occurrences(latency, "class=\"gap-mark\"")).isEqualTo(1);
        assertThat(latency).contains("no measured order completed in this second");
    }

    @Test
    void shouldLeaveOutBrokerAndHostChartsThatWereNeverSampled() {
        assertThat(render(Runs.result(), Runs.rows())).doesNotContain("Under-replicated partitions</h3>", "Host CPU</h3>");
    }

    @Test
    void shouldDrawBrokerChartsWhenSampled() {
        List<TimeSeriesRow> rows = Runs.rows().stream().map(r -> Runs.withBroker(r,
                r.second() >= 10 && r.second() < 25 ? 6 : 0, 1e6, 2e6, 0, 0, 80, 5, 35, 4096)).toList();

        String html = render(Runs.result(), rows);

        assertThat(html).contains("Under-replicated partitions</h3>", "Request handler idle</h3>",
                "Broker bytes in/out</h3>", "Host CPU</h3>", "Host memory</h3>");
    }

    @Test
    void shouldEscapeEveryTextItShows() {
        RunResult run = Runs.withScenario(Runs.result(), "<script>alert('x')</script>");

        String html = render(run, List.of(Runs.row(0, List.of("cut <b>&"))));

        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    }

    @Test
    void shouldShowTheVerdictInColourAndTheInterruptedMarker() {
        RunResult r = Runs.result();
        RunResult interrupted = new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(),
                r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), Verdict.INTERRUPTED, r.violations(),
                r.notes(), r.startedAt(), r.endedAt(), true, r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());

        assertThat(render(r, Runs.rows())).contains("<span class=\"verdict verdict-FAIL\">FAIL</span>");
        assertThat(render(interrupted, Runs.rows())).contains("verdict-other\">INTERRUPTED</span>")
                .contains("class=\"interrupted\"");
    }

    @Test
    void shouldShowAnErrorVerdictInRed() {
        RunResult r = Runs.result();
        RunResult error = new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(),
                r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), r.faults(), Verdict.ERROR,
                List.of("tool error in outcome-consumer: boom"), r.notes(), r.startedAt(), r.endedAt(), false,
                r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());

        assertThat(render(error, Runs.rows())).contains("<span class=\"verdict verdict-FAIL\">ERROR</span>")
                .contains("tool error in outcome-consumer: boom");
    }

    @Test
    void shouldListEveryOrderClassWithItsCountAndSample() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("<h2>Orders by class</h2>")
                .contains(">lost: bad</td><td><span class=\"bad\">4</span></td>")
                .contains(">lost: expected</td><td>1</td>")
                .contains(">lost from the log after processing</td><td><span class=\"bad\">2</span></td>")
                .contains(">stuck</td><td><span class=\"bad\">1</span></td>")
                .contains(">unseen</td>", ">incomplete lifecycle</td>", ">unexpected</td>", ">malformed records</td>")
                .contains("RESERVE seen 2 times for order o-9")
                .contains("Duplicates per topic: notifications 2");
    }

    @Test
    void shouldShowTheAvailabilityOfTheMeasuredPhase() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("<td class=\"text\">availability (measured orders acknowledged of those sent)</td>"
                + "<td>99.9% (8,990 of 9,000 measured orders acknowledged)</td>");
    }

    @Test
    void shouldShowAFaultThatFailedToInjectAndTheNotes() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("<span class=\"bad\">failed: no broker 9 in env c3</span>")
                .contains("<h3>Notes</h3>").contains("from before the run");
    }

    @Test
    void shouldListTheFaultsWithTheirRecoveryTime() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("<td class=\"text\">kill-broker 2 (leader of order-placed:0)</td>"
                + "<td>leader-of order-placed:0</td><td>schedule</td><td>10.0</td><td>25.0</td><td>4.00</td>")
                .contains("<td>never</td><td><span class=\"bad\">did not recover</span></td>");
    }

    @Test
    void shouldPlaceTheDistributionsPercentilesOnALogishAxis() {
        assertThat(HtmlReport.position(50)).isCloseTo(0.301, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(HtmlReport.position(99)).isCloseTo(2, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(HtmlReport.position(100)).isEqualTo(5);
        assertThat(render(Runs.result(), Runs.rows())).contains(">99.99</text>");
    }

    @Test
    void shouldShowTheSummaryFigures() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains(">never acknowledged</td><td>10</td>")
                .contains("<td class=\"text\">latency p99 / p99.9 / max (ms)</td><td>190.0 / 450.3 / 1,200</td>")
                .contains("acks=all, linger.ms=5")
                .contains("<li class=\"bad\">lost 5 &gt; 0</li>");
    }

    /** Forty seconds with every broker column sampled. */
    private static List<TimeSeriesRow> brokerRows() {
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (TimeSeriesRow r : Runs.rows()) {
            rows.add(Runs.withBroker(r, r.second() < 10 ? 0 : 3, 1e6, 2e6, 0.1, 0.1, 70, 9, 50, 4000));
        }
        return rows;
    }

    @Test
    void givenBrokerMetricsFromJmx_whenRendered_thenTheSourceIsNamedAboveTheBrokerCharts() {
        String html = render(Runs.result(), brokerRows());

        int source = html.indexOf("<p class=\"broker-metrics\">Broker metrics: JMX on 127.0.0.1:29061-29063</p>");
        assertThat(source).isNotNegative();
        assertThat(html.indexOf("<h3>Under-replicated partitions</h3>")).isGreaterThan(source);
        assertThat(html).contains("<h3>Request handler idle</h3>", "<h3>Broker bytes in/out</h3>",
                "<h3>ISR shrinks/expands</h3>").doesNotContain("No broker answered");
    }

    @Test
    void givenNoBrokerMetricsSource_whenRendered_thenASentenceSaysWhyInPlaceOfTheBrokerCharts() {
        RunResult none = Runs.result().withBrokerMetricsSource("none: the cluster offers no metrics endpoint configured");

        String html = render(none, brokerRows());

        assertThat(html).contains("No broker metrics were available: the cluster offers no metrics endpoint"
                + " configured. The broker charts")
                .doesNotContain("<h3>Under-replicated partitions</h3>", "<h3>Request handler idle</h3>",
                        "<h3>Broker bytes in/out</h3>", "<h3>ISR shrinks/expands</h3>")
                .contains("<h3>Host CPU</h3>");
    }

    @Test
    void givenASourceThatNeverAnswered_whenRendered_thenTheSourceAndThatNoBrokerAnswered() {
        String html = render(Runs.result(), Runs.rows());

        assertThat(html).contains("Broker metrics: JMX on 127.0.0.1:29061-29063", "No broker answered a sample")
                .doesNotContain("<h3>Under-replicated partitions</h3>");
    }

    @Test
    void givenASummaryFromBeforeSourcesWereRecorded_whenRendered_thenTheBrokerChartsAloneAsBefore() {
        String html = render(Runs.result().withBrokerMetricsSource(null), brokerRows());

        assertThat(html).contains("<h3>Under-replicated partitions</h3>").doesNotContain("class=\"broker-metrics\"");
    }

    // ---- reading at a glance ----------------------------------------------------------------------

    /** Rows -3..39: three warm-up seconds before the forty measured ones. */
    private static List<TimeSeriesRow> withWarmup() {
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int s = -3; s < 0; s++) {
            rows.add(Runs.row(s, List.of()));
        }
        rows.addAll(Runs.rows());
        return rows;
    }

    @Test
    void givenWarmupRows_whenRendered_thenEveryTimeChartShadesTheWarmupBeforeZero() {
        String html = render(Runs.result(), withWarmup());

        String orders = chart(html, "Orders completed per second");
        assertThat(occurrences(orders, "class=\"phase-band\"")).isEqualTo(1);
        assertThat(orders).contains(">warm-up</text>");
        assertThat(occurrences(chart(html, "Latency per second"), "class=\"phase-band\"")).isEqualTo(1);
        // the axis starts at the first warm-up second (x = 64) and the band ends at 0: 3 of the 43 s of 800 px
        assertThat(orders).contains("<rect class=\"phase-band\" x=\"64.0\" y=\"30\" width=\"55.8\"");
    }

    @Test
    void shouldDrawOrdersAndRecordsPerSecondOnChartsOfTheirOwn() {
        String html = render(Runs.result(), Runs.rows());

        String orders = chart(html, "Orders completed per second");
        String records = chart(html, "Records written per second, all topics");
        assertThat(orders).contains(">orders/s</text>").doesNotContain("records/s");
        assertThat(records).contains(">records/s</text>").doesNotContain("orders completed/s");
    }

    @Test
    void shouldLabelFaultsWithTheResolvedFaultAndNeverNull() {
        RunResult r = Runs.result();
        List<RunResult.FaultEvent> faults = new ArrayList<>(r.faults());
        faults.add(new RunResult.FaultEvent("start-broker", "killed", "start-broker 2", "schedule",
                Runs.START + 26_000, null, 1_000L));
        faults.add(new RunResult.FaultEvent("cut", null, null, "cli", Runs.START + 27_000, Runs.START + 28_000, null));
        RunResult withMore = new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(),
                r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(), faults, r.verdict(),
                r.violations(), r.notes(), r.startedAt(), r.endedAt(), false, r.distribution(), r.paper(),
                r.brokerMetricsSource(), r.provenance(), r.firstReadMs());

        String html = render(withMore, Runs.rows());

        assertThat(html).doesNotContain("null").contains(">start-broker 2</text>").doesNotContain("start-broker killed")
                .contains(">cut</text>");
    }

    @Test
    void givenTheHostCpuSaturatedForAThirdOfTheRun_whenRendered_thenABannerSaysTheFiguresDescribeTheMachine() {
        List<TimeSeriesRow> rows = Runs.rows().stream().map(r -> Runs.withBroker(r, 0, 1e6, 2e6, 0, 0, 80, 5,
                r.second() < 14 ? 97 : 40, 4096)).toList();

        String html = render(Runs.result(), rows);

        assertThat(html).contains("<p class=\"banner\"><b>Run health:</b>")
                .contains("14 of 40 sampled seconds (seconds 0 to 13)");
        assertThat(html.indexOf("class=\"banner\"")).isLessThan(html.indexOf("<h2>Summary</h2>"));
    }

    @Test
    void givenAHostWithRoom_whenRendered_thenThereIsNoBanner() {
        List<TimeSeriesRow> rows = Runs.rows().stream().map(r -> Runs.withBroker(r, 0, 1e6, 2e6, 0, 0, 80, 5,
                r.second() < 3 ? 99 : 40, 4096)).toList();

        assertThat(render(Runs.result(), rows)).doesNotContain("class=\"banner\"");
    }

    @Test
    void givenConsumerLag_whenRendered_thenOneLinePerSubtopologyNamedByTheTopicsItReads() {
        List<TimeSeriesRow> rows = Runs.rows().stream().map(r -> Runs.withLag(r, java.util.Map.of(0, r.second(),
                1, 2L))).toList();
        io.supplychaos.result.Provenance provenance = Runs.provenance();

        String lag = chart(render(Runs.result().withProvenance(provenance), rows), "Consumer lag per sub-topology");

        assertThat(occurrences(lag, "class=\"legend-entry\"")).isEqualTo(2);
        assertThat(lag).contains("sub-topology 0: order-confirmation, order-placed, shipment-status")
                .contains("sub-topology 1: stock-commands-by-drug-repartition");
    }

    @Test
    void givenNoConsumerLagSampled_whenRendered_thenThereIsNoLagChart() {
        assertThat(render(Runs.result(), Runs.rows())).doesNotContain("Consumer lag per sub-topology</h3>");
    }

    @Test
    void shouldCiteThePaperWhereItIsCompared() {
        RunResult.PaperFigures c3 = PaperTable.load().figures("C3", 10_000).orElseThrow();

        String html = render(Runs.withPaper(Runs.result(), c3), Runs.rows());

        assertThat(html).contains("Optimizing Kafka-Based Supply Chain Architectures: A Comprehensive Performance"
                + " Analysis", "Giri", "Bijju", "2025");
    }

    @Test
    void shouldShowTheProvenanceWithEachBrokersSettings() {
        String html = render(Runs.result().withProvenance(Runs.provenance()), Runs.rows());

        String section = html.substring(html.indexOf("<h2>Provenance</h2>"));
        assertThat(section).contains("0.1.0-test (commit 0123abc+dirty)", "4.2.0", "17.0.12",
                "Linux 6.1, amd64, 2 cores, 24,576 MB", "scenarios/quickstart.yaml (copied as scenario.yaml)",
                "broker 1: 2 settings not at Kafka's default", "min.insync.replicas");
    }

    @Test
    void givenABrokerStart_whenRendered_thenItIsALabelledLineAndNotABandToTheEnd() {
        RunResult r = Runs.withoutFaultsOrDistribution(Runs.result());
        RunResult started = new RunResult(r.scenario(), r.env(), r.workload(), r.orders(), r.throughput(),
                r.latencyMs(), r.requestTimeMs(), r.jitterMs(), r.stages(), r.hops(),
                List.of(new RunResult.FaultEvent("start-broker", "killed", "start-broker 2", "schedule",
                        Runs.START + 20_000, null, 1_000L)), r.verdict(), r.violations(), r.notes(), r.startedAt(),
                r.endedAt(), false, r.distribution(), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs());

        String orders = chart(render(started, Runs.rows()), "Orders completed per second");

        assertThat(orders).doesNotContain("class=\"fault-band\"").contains("class=\"heal-marker\"")
                .contains(">start-broker 2</text>");
    }

    @Test
    void givenAWarmupUntilSteady_whenRendered_thenItsCostTheMeasuredLengthAndEveryWindowsP50AreShown() {
        String html = HtmlReport.render(Runs.run());

        assertThat(html).contains("<h2>Warm-up</h2>").contains("steady after 35 s")
                .contains("cold-start cost").contains("3,512").contains("measured phase").contains("60.2 s")
                .contains(">10</td><td>6,512</td>").contains(">5</td><td>-</td>");
    }

    @Test
    void givenAWarmupThatHitItsBound_whenRendered_thenTheReportSaysNotSteady() {
        RunResult.Warmup bound = new RunResult.Warmup(HistoryEvent.WarmupEnd.NOT_STEADY, false, 90_000, 9_000, 30_000,
                "rule", Runs.warmup().windows());

        String html = HtmlReport.render(new ResultFiles.Run(Runs.result().withWarmup(bound), Runs.rows()));

        assertThat(html).contains("not steady after 90 s");
    }

    @Test
    void givenAWarmupWhoseJitWasWatched_whenRendered_thenEachWindowShowsTheCompilersCores() {
        // given: two windows with the compilers' CPU, one from before the JIT was watched
        RunResult.Warmup watched = new RunResult.Warmup(HistoryEvent.WarmupEnd.STEADY, true, 10_000, 1_000, 30_000,
                "rule; and the JIT compilers of the 5 JVMs here under 0.05 of a core each",
                List.of(new HistoryEvent.WarmupWindow(5_000, 900.0, 400, 80, 500, 0.87),
                        new HistoryEvent.WarmupWindow(10_000, 120.0, 500, 20, 1_000, null)));

        // when
        String html = HtmlReport.render(new ResultFiles.Run(Runs.result().withWarmup(watched), Runs.rows()));

        // then: a JIT column, its figure per window, "-" where it was not watched, and the rule says so
        assertThat(html).contains("JIT compilers of the JVMs here (cores)").contains("<td>0.87</td>")
                .contains("under 0.05 of a core each");
        assertThat(html).contains("<td>1,000</td><td>-</td>");
    }

    @Test
    void givenAWarmupFromBeforeTheJitWasWatched_whenRendered_thenThereIsNoJitColumn() {
        String html = HtmlReport.render(new ResultFiles.Run(Runs.result(), Runs.rows()));

        assertThat(html).doesNotContain("JIT compilers of the JVMs here");
    }
}
