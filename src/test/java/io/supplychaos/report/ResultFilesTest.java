package io.supplychaos.report;

import io.supplychaos.paper.PaperTable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.supplychaos.result.RunResult;
import io.supplychaos.history.HistoryEvent.Phase;
import io.supplychaos.result.TimeSeriesRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultFilesTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteSummaryWithTheKeysOfTheDesign() throws IOException {
        ResultFiles.write(dir, Runs.run());

        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.fieldNames()).toIterable().contains("scenario", "env", "workload", "orders", "throughput",
                "latencyMs", "requestTimeMs", "jitterMs", "faults", "verdict", "violations");
        assertThat(summary.get("orders").fieldNames()).toIterable()
                .contains("sent", "acked", "completed", "lost", "duplicates", "outOfOrder");
        assertThat(summary.get("throughput").fieldNames()).toIterable().contains("ordersPerSec", "recordsPerSec");
        assertThat(summary.get("latencyMs").fieldNames()).toIterable()
                .contains("avg", "p50", "p95", "p99", "p999", "max");
        assertThat(summary.get("requestTimeMs").fieldNames()).toIterable().contains("avg", "p99");
        assertThat(summary.get("jitterMs").fieldNames()).toIterable().contains("avg");
        assertThat(summary.get("faults").isArray()).isTrue();
        assertThat(summary.get("violations").get(0).asText()).isEqualTo("lost 5 > 0");
        assertThat(summary.get("latencyMs").get("p99").asDouble()).isEqualTo(190.0);
    }

    @Test
    void shouldWriteTheVerdictAsAWordAndEveryOrderClassWithCountAndSample() throws IOException {
        ResultFiles.write(dir, Runs.run());

        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("FAIL");
        JsonNode orders = summary.get("orders");
        assertThat(orders.fieldNames()).toIterable().contains("ok", "lost", "stuck", "unseen", "duplicates",
                "incompleteLifecycle", "outOfOrder", "unexpected", "neverAcked", "writtenUnacked", "malformed", "stock");
        assertThat(orders.get("lost").get("bad").get("count").asLong()).isEqualTo(4);
        assertThat(orders.get("lost").get("expected").get("sample").get(0).asText()).isEqualTo("o-2");
        assertThat(orders.get("stuck").get("sample").get(0).asText()).isEqualTo("o-5");
        assertThat(orders.get("stock").get("violations").get("count").asLong()).isEqualTo(1);
        JsonNode failed = summary.get("faults").get(1);
        assertThat(failed.get("error").asText()).isEqualTo("no broker 9 in env c3");
        assertThat(failed.get("recoveryMs").isNull()).isTrue();
    }

    @Test
    void shouldPrettyPrintTheSummary() throws IOException {
        ResultFiles.write(dir, Runs.run());

        assertThat(Files.readAllLines(dir.resolve("summary.json"))).hasSizeGreaterThan(20);
    }

    @Test
    void givenARunWithItsMachinesCalibration_whenWrittenAndReadBack_thenSummaryJsonHoldsItUnderProvenance()
            throws IOException {
        // given a run whose provenance carries a calibration
        io.supplychaos.result.Provenance p = Runs.provenance();
        io.supplychaos.result.Provenance.Calibration calibration = new io.supplychaos.result.Provenance.Calibration(
                "sort 1,048,576 longs on one thread (v1)", 11.5, 10.9, 12.1, 9);
        RunResult run = Runs.result().withProvenance(new io.supplychaos.result.Provenance(p.tool(), p.gitCommit(),
                p.kafka(), p.java(), p.clusterJava(), p.env(), p.brokerConfig(), p.scenarioFile(), p.machine(),
                p.subtopologies(), calibration));

        // when
        ResultFiles.write(dir, new ResultFiles.Run(run, Runs.rows()));

        // then it is in summary.json, and read back the same
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.get("provenance").get("calibration").get("perSecond").asDouble()).isEqualTo(11.5);
        assertThat(summary.get("provenance").get("calibration").get("method").asText()).contains("one thread");
        assertThat(ResultFiles.read(dir).result().provenance().calibration()).isEqualTo(calibration);
    }

    @Test
    void givenASummaryWrittenBeforeCalibrations_whenRead_thenItsCalibrationIsNull() throws IOException {
        ResultFiles.write(dir, new ResultFiles.Run(Runs.result().withProvenance(Runs.provenance()), Runs.rows()));

        assertThat(Files.readString(dir.resolve("summary.json"))).doesNotContain("perSecond");
        assertThat(ResultFiles.read(dir).result().provenance().calibration()).isNull();
    }

    @Test
    void shouldReadBackTheSummaryItWrote() throws IOException {
        RunResult withNaN = Runs.withFigures(Runs.result(), "c3", 10, 20, 30, 40, Double.NaN);
        RunResult withPaper = Runs.withPaper(withNaN, PaperTable.load().figures("C3", 10_000).orElseThrow());

        ResultFiles.write(dir, new ResultFiles.Run(withPaper, Runs.rows()));

        assertThat(ResultFiles.read(dir).result()).isEqualTo(withPaper);
    }

    @Test
    void shouldReadBackTimeSeriesWithFaultsHoldingCommasQuotesSemicolonsAndNaN() throws IOException {
        List<TimeSeriesRow> rows = List.of(
                Runs.row(-1, List.of()),
                Runs.row(0, List.of("delay broker-1,broker-2", "cut \"client\" link")),
                Runs.row(1, List.of("odd;name with \\ backslash", "multi\nline")));

        ResultFiles.write(dir, new ResultFiles.Run(Runs.result(), rows));

        assertThat(ResultFiles.read(dir).timeSeries()).isEqualTo(rows);
        assertThat(Files.readString(dir.resolve("timeseries.csv")))
                .startsWith("phase,second,sent,acked,completed,inFlight,oldestInFlightMs,")
                .contains("\"delay broker-1,broker-2;cut \"\"client\"\" link\"")
                .contains("NaN");
    }

    @Test
    void givenRowsWithConsumerLag_whenWrittenAndReadBack_thenEachSubtopologyHasItsColumnAndUnsampledCellsStayEmpty()
            throws IOException {
        TimeSeriesRow sampled = Runs.withLag(Runs.row(0, List.of()), Map.of(0, 12L, 3, 0L));
        TimeSeriesRow unsampled = Runs.row(1, List.of());

        ResultFiles.write(dir, new ResultFiles.Run(Runs.result(), List.of(sampled, unsampled)));

        List<String> lines = Files.readAllLines(dir.resolve("timeseries.csv"));
        assertThat(lines.get(0)).endsWith(",hostMemUsedMb,lagSubtopology0,lagSubtopology3");
        assertThat(lines.get(1)).endsWith(",12,0");
        assertThat(lines.get(2)).endsWith(",,");
        assertThat(ResultFiles.read(dir).timeSeries()).containsExactly(sampled, unsampled);
    }

    @Test
    void givenATimeSeriesWrittenBeforeThePhaseColumn_whenRead_thenSecondMinusOneIsWarmUpAndTheRestMeasured()
            throws IOException {
        ResultFiles.write(dir, Runs.run());
        Files.writeString(dir.resolve("timeseries.csv"), "second,sent,acked,completed,inFlight,recordsPerSec,p50Ms,"
                + "p99Ms,maxMs,requestP99Ms,activeFaults,underReplicatedPartitions,bytesInPerSec,bytesOutPerSec,"
                + "isrShrinksPerSec,isrExpandsPerSec,requestHandlerIdlePct,produceTotalTimeP99Ms,hostCpuPct,hostMemUsedMb\n"
                + "-1,10,10,0,10,NaN,NaN,NaN,NaN,NaN,,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN\n"
                + "0,10,10,10,0,5.0,20,30,40,2,,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN,NaN\n");

        List<TimeSeriesRow> rows = ResultFiles.read(dir).timeSeries();

        assertThat(rows).extracting(TimeSeriesRow::phase).containsExactly(Phase.WARMUP, Phase.MEASURE);
        assertThat(rows.get(1).oldestInFlightMs()).isNaN();
        assertThat(rows.get(1).consumerLag()).isEmpty();
    }

    @Test
    void givenAnUnknownPhase_whenRead_thenTheErrorNamesTheLineAndTheExpectedPhases() throws IOException {
        ResultFiles.write(dir, Runs.run());
        String csv = Files.readString(dir.resolve("timeseries.csv"));
        Files.writeString(dir.resolve("timeseries.csv"), csv.replaceFirst("\nmeasure,0,", "\nsoaking,0,"));

        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 2").hasMessageContaining("'phase'").hasMessageContaining("warmup");
    }

    @Test
    void shouldWriteOneCsvLinePerSecondAfterTheHeader() throws IOException {
        ResultFiles.write(dir, Runs.run());

        assertThat(Files.readAllLines(dir.resolve("timeseries.csv"))).hasSize(1 + 40);
    }

    @Test
    void shouldJoinActiveFaultsWithSemicolons() throws IOException {
        ResultFiles.write(dir, new ResultFiles.Run(Runs.result(), List.of(Runs.row(3, List.of("a 1", "b 2")))));

        assertThat(Files.readAllLines(dir.resolve("timeseries.csv")).get(1)).contains(",a 1;b 2,");
    }

    @Test
    void shouldWriteTheReportBesideTheData() throws IOException {
        ResultFiles.write(dir, Runs.run());

        assertThat(dir.resolve("report.html")).content().contains("c3-leader-kill");
    }

    @Test
    void shouldLeaveNoTemporaryFilesBehind() throws IOException {
        ResultFiles.write(dir, Runs.run());
        ResultFiles.write(dir, Runs.run());

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrder("summary.json", "timeseries.csv", "report.html");
        }
    }

    @Test
    void shouldNameTheMissingFile() {
        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("summary.json").hasMessageContaining("no such file");
    }

    @Test
    void shouldNameTheLineAndColumnOfABadCsvValue() throws IOException {
        ResultFiles.write(dir, Runs.run());
        String csv = Files.readString(dir.resolve("timeseries.csv"));
        Files.writeString(dir.resolve("timeseries.csv"), csv.replaceFirst("\nmeasure,0,260,", "\nmeasure,zero,260,"));

        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 2").hasMessageContaining("'second'");
    }

    @Test
    void givenARun_whenTheSummaryIsWritten_thenItSaysWhereTheBrokerMetricsCameFromAndNothingDerived() throws IOException {
        ResultFiles.write(dir, new ResultFiles.Run(Runs.result().withBrokerMetricsSource("none: no endpoint"), Runs.rows()));

        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.get("brokerMetricsSource").asText()).isEqualTo("none: no endpoint");
        assertThat(summary.has("noBrokerMetricsReason")).isFalse();
    }

    @Test
    void givenASummaryWrittenBeforeTheBrokerMetricsSource_whenRead_thenItLoadsWithoutOne() throws IOException {
        ResultFiles.write(dir, Runs.run());
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode old =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(dir.resolve("summary.json").toFile());
        old.remove("brokerMetricsSource");
        Files.writeString(dir.resolve("summary.json"), json.writeValueAsString(old));

        RunResult read = ResultFiles.read(dir).result();

        assertThat(read.brokerMetricsSource()).isNull();
        assertThat(read.noBrokerMetricsReason()).isNull();
        assertThat(read.withBrokerMetricsSource(Runs.result().brokerMetricsSource())).isEqualTo(Runs.result());
    }

    @Test
    void givenAWarmup_whenTheSummaryIsWrittenAndRead_thenItsEndCostWindowsAndMeasuredLengthComeBack() throws IOException {
        ResultFiles.write(dir, Runs.run());

        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.at("/warmup/end").asText()).isEqualTo("STEADY");
        assertThat(summary.at("/warmup/ms").asLong()).isEqualTo(35_400);
        assertThat(summary.at("/warmup/measuredMs").asLong()).isEqualTo(60_200);
        assertThat(summary.at("/warmup/windows/0/p50Ms").isNull()).isTrue();
        assertThat(summary.at("/warmup/windows/1/p50Ms").asDouble()).isEqualTo(6_512.0);
        assertThat(ResultFiles.read(dir).result().warmup()).isEqualTo(Runs.warmup());
    }

    @Test
    void givenASummaryWrittenBeforeWarmupsWereWatched_whenRead_thenItLoadsWithoutOne() throws IOException {
        ResultFiles.write(dir, Runs.run());
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode old =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(dir.resolve("summary.json").toFile());
        old.remove("warmup");
        Files.writeString(dir.resolve("summary.json"), json.writeValueAsString(old));

        RunResult read = ResultFiles.read(dir).result();

        assertThat(read.warmup()).isNull();
        assertThat(read.withWarmup(Runs.warmup())).isEqualTo(Runs.result());
    }

    @Test
    void shouldRejectASummaryWithoutItsFigures() throws IOException {
        Files.writeString(dir.resolve("summary.json"), "{\"scenario\": \"x\"}");
        Files.writeString(dir.resolve("timeseries.csv"), String.join(",", TimeSeriesCsv.COLUMNS) + "\n");

        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining("missing key 'orders'");
    }

    @Test
    void shouldNameTheRunDirectoryByUtcStartAndScenario() {
        Path runDir = ResultFiles.runDirectory(Path.of("results"), Runs.withScenario(Runs.result(), "c3 heavy/kill"));

        assertThat(runDir).isEqualTo(Path.of("results", "20231114-221320-c3_heavy_kill"));
    }
}
