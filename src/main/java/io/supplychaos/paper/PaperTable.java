package io.supplychaos.paper;

import io.supplychaos.result.RunResult;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Table II of the paper (latency, request time, jitter and throughput per message count for the
 * configs C1, C2 and C3), read from the classpath resource {@value #RESOURCE}, plus the ratios
 * "ours / paper" the reports show beside it. Reads that one resource; writes nothing.
 */
public final class PaperTable {

    static final String RESOURCE = "/paper/paper-table2.csv";

    /** The paper, cited wherever its figures are compared with ours. */
    public static final String CITATION = "N. Giri, S. Datir, S. Ahuja, S. Khan, J. Bijju, \u201cOptimizing Kafka-Based Supply"
            + " Chain Architectures: A Comprehensive Performance Analysis\u201d, V.E.S.I.T., 2025";
    static final List<String> CONFIGS = List.of("C1", "C2", "C3");

    private static final String[] METRICS = {"latency_ms", "request_time_ms", "jitter_ms", "throughput_msgs_per_s"};

    private final List<RunResult.PaperFigures> rows;

    private PaperTable(List<RunResult.PaperFigures> rows) {
        this.rows = List.copyOf(rows);
    }

    /** Our figure divided by the paper's for each of the four metrics; NaN where the paper's is 0. */
    public record Ratios(double latency, double requestTime, double jitter, double throughput) {

        public static Ratios of(RunResult run, RunResult.PaperFigures paper) {
            return new Ratios(ratio(run.latencyMs().avg(), paper.latencyMs()),
                    ratio(run.requestTimeMs().avg(), paper.requestTimeMs()),
                    ratio(run.jitterMs().avg(), paper.jitterMs()),
                    ratio(run.throughput().ordersPerSec(), paper.throughputPerSec()));
        }
    }

    /** ours / paper, NaN when the paper's figure is 0 or either side is not a number. */
    public static double ratio(double ours, double paper) {
        return paper == 0 || Double.isNaN(paper) || Double.isNaN(ours) ? Double.NaN : ours / paper;
    }

    /** Loads the table from the classpath; a missing or malformed resource is a build error, hence unchecked. */
    public static PaperTable load() {
        try (InputStream in = PaperTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + RESOURCE + " is missing");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    private static PaperTable parse(BufferedReader reader) throws IOException {
        List<String> header = Arrays.asList(reader.readLine().split(","));
        List<RunResult.PaperFigures> rows = new ArrayList<>();
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split(",");
            long messages = Long.parseLong(cells[header.indexOf("messages")].trim());
            for (String config : CONFIGS) {
                double[] values = new double[METRICS.length];
                for (int i = 0; i < METRICS.length; i++) {
                    String column = METRICS[i] + "_" + config.toLowerCase(Locale.ROOT);
                    int index = header.indexOf(column);
                    if (index < 0) {
                        throw new IllegalStateException(RESOURCE + " has no column " + column);
                    }
                    values[i] = Double.parseDouble(cells[index].trim());
                }
                rows.add(new RunResult.PaperFigures(config, messages, values[0], values[1], values[2], values[3]));
            }
        }
        return new PaperTable(rows);
    }

    /** The paper's figures for a config ("c3" or "C3") at exactly this message count. */
    public Optional<RunResult.PaperFigures> figures(String config, long messages) {
        return rows.stream()
                .filter(row -> row.config().equalsIgnoreCase(config) && row.messages() == messages)
                .findFirst();
    }

    /** The message counts of the table, in its order. */
    public List<Long> messageCounts() {
        return rows.stream().map(RunResult.PaperFigures::messages).distinct().toList();
    }

    /** Every row, ordered by message count then config. */
    public List<RunResult.PaperFigures> rows() {
        return rows;
    }
}
