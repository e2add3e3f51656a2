package io.supplychaos.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.TimeSeriesRow;
import io.supplychaos.spec.Secrets;
import io.supplychaos.topology.serde.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * A run's directory, {@code results/<timestamp>-<name>/}: writes summary.json (the {@link RunResult},
 * pretty-printed with the keys of docs/ARCHITECTURE.md), timeseries.csv (one {@link TimeSeriesRow} a
 * second) and report.html ({@link HtmlReport}), and reads summary.json and timeseries.csv back so
 * that a report can be rendered again. Every file is replaced atomically ({@link AtomicFiles}), so
 * a failed write never destroys what an earlier one left. Nothing written here, or by the other
 * writers of results through it, holds a secret: JSON, the report's content and the scenario's copy
 * go through {@link Secrets} (and a summary read back is masked too, so a report re-rendered from one
 * written before is).
 */
public final class ResultFiles {

    public static final String SUMMARY = "summary.json";
    public static final String TIMESERIES = "timeseries.csv";
    public static final String REPORT = "report.html";
    /** The scenario file a run was read from, copied as it was but for its secrets' values ({@link Secrets#maskedYaml}). */
    public static final String SCENARIO = "scenario.yaml";

    static final ObjectWriter JSON_WRITER = Json.MAPPER.writerWithDefaultPrettyPrinter();

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private ResultFiles() {
    }

    /** What a run directory holds: the summary and the per-second rows. */
    public record Run(RunResult result, List<TimeSeriesRow> timeSeries) {
    }

    /**
     * The directory a run's files go to: {@code <resultsRoot>/<UTC start, yyyyMMdd-HHmmss>-<name>},
     * the name reduced to characters that are safe in a path on every OS.
     */
    public static Path runDirectory(Path resultsRoot, RunResult result) {
        return directory(resultsRoot, result.scenario() == null ? "run" : result.scenario(),
                Instant.ofEpochMilli(result.startedAt()));
    }

    /** {@code <resultsRoot>/<UTC time, yyyyMMdd-HHmmss>-<name>}, the name made safe in a path: a verb's default --out. */
    public static Path directory(Path resultsRoot, String name, Instant at) {
        return resultsRoot.resolve(STAMP.format(at) + "-" + name.replaceAll("[^A-Za-z0-9._-]+", "_"));
    }

    /** Writes summary.json, timeseries.csv and report.html into {@code dir}, creating it when needed. */
    public static void write(Path dir, Run run) throws IOException {
        writeSummary(dir, run.result());
        AtomicFiles.write(dir.resolve(TIMESERIES), TimeSeriesCsv.format(run.timeSeries()));
        writeReport(dir, run);
    }

    /**
     * Copies the scenario file into a run's directory as {@link #SCENARIO}: what was run, beside what
     * it gave, with every secret's value {@code "[hidden]"} (an inline env's client config, JMX
     * password, ...) and every other line as it was.
     */
    public static void copyScenario(Path scenarioFile, Path dir) throws IOException {
        AtomicFiles.write(dir.resolve(SCENARIO), Secrets.maskedYaml(Files.readString(scenarioFile, StandardCharsets.UTF_8)));
    }

    /** Writes summary.json alone, e.g. while a run is still going. */
    public static void writeSummary(Path dir, RunResult result) throws IOException {
        writeJson(dir.resolve(SUMMARY), result);
    }

    /** Any value as indented JSON, secrets hidden, replacing {@code file} atomically (e.g. the benchmark's figures). */
    public static void writeJson(Path file, Object value) throws IOException {
        AtomicFiles.write(file, JSON_WRITER.writeValueAsString(Secrets.maskedJson(Json.MAPPER.valueToTree(value))) + "\n");
    }

    /** (Re-)renders report.html from a run's content, secrets hidden. */
    public static void writeReport(Path dir, Run run) throws IOException {
        AtomicFiles.write(dir.resolve(REPORT), HtmlReport.render(new Run(masked(run.result()), run.timeSeries())));
    }

    /** The result with every value under a secret's name hidden ({@link Secrets#maskedJson}): what files and pages show. */
    public static RunResult masked(RunResult result) {
        try {
            return Json.MAPPER.treeToValue(Secrets.maskedJson(Json.MAPPER.valueToTree(result)), RunResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a run result that does not read back as one: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads summary.json and timeseries.csv of {@code dir}.
     *
     * @throws IOException naming the file and what is wrong with it when a file is missing or malformed
     */
    public static Run read(Path dir) throws IOException {
        return new Run(readSummary(dir.resolve(SUMMARY)), readTimeSeries(dir.resolve(TIMESERIES)));
    }

    /** Keys a summary cannot be rendered without; the lists may be absent and count as empty. */
    private static final List<String> REQUIRED_KEYS = List.of("scenario", "orders", "throughput", "latencyMs",
            "requestTimeMs", "jitterMs", "startedAt", "endedAt");

    /**
     * Reads one summary.json.
     *
     * @throws IOException naming the file and what is wrong with it when it is missing or malformed
     */
    public static RunResult readSummary(Path file) throws IOException {
        try {
            JsonNode tree = Json.MAPPER.readTree(readText(file));
            if (tree == null || !tree.isObject()) {
                throw new IOException(file + ": expected a JSON object with the keys " + REQUIRED_KEYS);
            }
            for (String key : REQUIRED_KEYS) {
                if (!tree.hasNonNull(key)) {
                    throw new IOException(file + ": missing key '" + key + "'");
                }
            }
            return withEmptyListsForAbsentOnes(Json.MAPPER.treeToValue(Secrets.maskedJson(tree), RunResult.class));
        } catch (JsonProcessingException e) {
            throw new IOException(file + ": not a run summary: " + e.getOriginalMessage(), e);
        }
    }

    /** Older or hand-edited summaries may lack the lists; the report treats absent as empty. */
    private static RunResult withEmptyListsForAbsentOnes(RunResult r) {
        return new RunResult(r.scenario(), r.env(), r.workload() == null ? Map.of() : r.workload(),
                r.orders(), r.throughput(), r.latencyMs(), r.requestTimeMs(), r.jitterMs(), orEmpty(r.stages()),
                orEmpty(r.hops()), orEmpty(r.faults()), r.verdict(), orEmpty(r.violations()), orEmpty(r.notes()), r.startedAt(), r.endedAt(),
                r.interrupted(), orEmpty(r.distribution()), r.paper(), r.brokerMetricsSource(), r.provenance(), r.firstReadMs(),
                r.warmup());
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    static List<TimeSeriesRow> readTimeSeries(Path file) throws IOException {
        try {
            return TimeSeriesCsv.parse(readText(file), file.toString());
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String readText(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": no such file", e);
        }
    }
}
