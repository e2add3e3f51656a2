package io.supplychaos.history;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * {@code history.jsonl.gz}: a run's history, one JSON object per line (with a {@code type} field),
 * gzipped. Reading tolerates a file cut short by a crash: the events before the cut are returned.
 * Written whole at the end of a run (via a {@code .partial} file moved into place), so a reader
 * never sees a half-written file unless the writer died.
 *
 * <p>The lines, in recorded order (see {@link HistoryEvent} for every field): {@code run} first
 * (what was run and promised), {@code phase} at each phase change, {@code sent} / {@code acked} /
 * {@code send-failed} for every send, {@code observed} for every record read from an output topic
 * and the stock-command repartition topic, {@code stock} for every inventory record (baseline ones
 * first), {@code fault} for every fault injected, healed or failed, {@code partition} for every
 * leadership change of order-placed, {@code placed} for every order the read-back found,
 * {@code read-back} when it ended, {@code error} for a failure of the tool, and {@code end} last.
 */
public final class HistoryFile {

    public static final String NAME = "history.jsonl.gz";

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private HistoryFile() {
    }

    public static void write(Path file, List<HistoryEvent> events) {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(partial)), StandardCharsets.UTF_8))) {
            for (HistoryEvent event : events) {
                out.write(MAPPER.writerFor(HistoryEvent.class).writeValueAsString(event));
                out.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        try {
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * The events of a history file in recorded order.
     *
     * @throws HistoryFormatException when a line (other than a cut-off last one) is not an event
     */
    public static List<HistoryEvent> read(Path file) {
        List<HistoryEvent> events = new ArrayList<>();
        int lineNumber = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new CutTolerant(new GZIPInputStream(Files.newInputStream(file))), StandardCharsets.UTF_8))) {
            String line;
            String pending = null;
            int pendingLine = 0;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (pending != null) {
                    events.add(parse(file, pending, pendingLine));
                }
                pending = line.isBlank() ? null : line;
                pendingLine = lineNumber;
            }
            // the last line of a file cut short is not an event: everything before it stands
            addIfEvent(events, pending);
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void addIfEvent(List<HistoryEvent> events, String line) {
        if (line == null) {
            return;
        }
        try {
            events.add(MAPPER.readValue(line, HistoryEvent.class));
        } catch (JsonProcessingException cutLine) {
            // a line cut short by a crash
        }
    }

    private static HistoryEvent parse(Path file, String line, int number) {
        try {
            return MAPPER.readValue(line, HistoryEvent.class);
        } catch (JsonProcessingException e) {
            throw new HistoryFormatException(file + ": line " + number + " is not a history event: "
                    + e.getOriginalMessage());
        }
    }

    /**
     * Ends the stream where a crash cut the gzip data short, instead of failing: what was
     * decompressed before the cut is read; the partial line at the cut is dropped by the reader.
     */
    private static final class CutTolerant extends FilterInputStream {

        CutTolerant(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (EOFException cut) {
                return -1;
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (EOFException cut) {
                return -1;
            }
        }
    }

    /** A history file that is not one. */
    public static final class HistoryFormatException extends RuntimeException {
        public HistoryFormatException(String message) {
            super(message);
        }
    }
}
