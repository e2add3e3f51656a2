package io.supplychaos.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.supplychaos.result.TimeSeriesRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A run's per-second rows as they are sampled, for {@code ./chaos ui} in another process:
 * {@code <stateDir>/live/timeseries.jsonl}, one JSON object a line (the {@link TimeSeriesRow}'s
 * fields plus {@code at}, epoch ms when sampled; NaN as the string "NaN"). Truncated when a run
 * starts. A row that cannot be written is dropped: the UI is a view, never a reason to fail a run.
 */
public final class LiveSeries {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    private LiveSeries(Path file) {
        this.file = file;
    }

    /** The file a run in {@code stateDir} writes its rows to. */
    public static Path file(Path stateDir) {
        return stateDir.resolve("live").resolve("timeseries.jsonl");
    }

    /** Starts a run's series: the file emptied (created when missing). */
    public static LiveSeries start(Path stateDir) {
        Path file = file(stateDir);
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, new byte[0]);
        } catch (IOException e) {
            // no live view then; the run goes on
        }
        return new LiveSeries(file);
    }

    /** Appends one row, stamped now. */
    public void append(TimeSeriesRow row) {
        try {
            ObjectNode line = JSON.createObjectNode().put("at", System.currentTimeMillis());
            line.setAll((ObjectNode) JSON.valueToTree(row));
            Files.write(file, (line + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            // dropped: see the class comment
        }
    }
}
