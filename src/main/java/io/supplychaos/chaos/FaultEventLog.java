package io.supplychaos.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The environment's fault journal, {@code .chaos/events.log}: one JSON line per fault injected or
 * healed, whoever did it (a scenario's schedule or a CLI verb in another terminal). A run reads the
 * lines added since it began, so faults injected by hand appear on its timeline. Appends are
 * single writes of whole lines under a file lock, so concurrent writers never interleave.
 */
public final class FaultEventLog {

    /**
     * One line of the journal.
     *
     * @param brokerId the broker the fault acted on, when it acted on one (null in lines written
     *                 before this field existed, and for faults on links or apps)
     * @param id       on an inject line (and the {@code heal} verb's heal line), the fault's id in this
     *                 journal ({@link #newId()}); null in lines written before faults had ids
     * @param ends     on the heal line of a fault held for a while ({@code --for}, a scheduled
     *                 {@code for:}), the id of its inject line; null otherwise and in older lines
     */
    public record Entry(long at, String phase, String action, String target, String detail, String source,
                        Integer brokerId, @JsonInclude(JsonInclude.Include.NON_NULL) String id,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String ends) {

        public static final String INJECT = "inject";
        public static final String HEAL = "heal";
        /** The source of the faults a run's schedule injects. */
        public static final String SCHEDULE = "schedule";

        @JsonCreator
        public Entry {
        }

        /** A line without ids, as journals written before faults had ids hold them. */
        public Entry(long at, String phase, String action, String target, String detail, String source, Integer brokerId) {
            this(at, phase, action, target, detail, source, brokerId, null, null);
        }

        /** A line without ids that names no broker. */
        public Entry(long at, String phase, String action, String target, String detail, String source) {
            this(at, phase, action, target, detail, source, null, null, null);
        }

        /** Where the fault acted, for matching a repair against it. */
        public FaultPlace place() {
            return new FaultPlace(brokerId, target);
        }
    }

    /**
     * A fresh id for a fault's inject line, unique in the journal whichever process writes it (the
     * runs, the CLI verbs and the page write to the same file): 12 random hex digits.
     */
    public static String newId() {
        return String.format("%012x", ThreadLocalRandom.current().nextLong() & 0xffff_ffff_ffffL);
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Path file;

    public FaultEventLog(Path stateDir) {
        this.file = stateDir.resolve("events.log");
    }

    public Path file() {
        return file;
    }

    public void append(Entry entry) {
        try {
            Files.createDirectories(file.getParent());
            byte[] line = (JSON.writeValueAsString(entry) + "\n").getBytes(StandardCharsets.UTF_8);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND); var lock = channel.lock()) {
                channel.write(ByteBuffer.wrap(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    /** The journal's size now: entries after this position are new. */
    public long position() {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * Entries read and the position after the last whole line.
     *
     * @param warnings one per line skipped because it is not a journal entry (a hand edit, a line
     *                 cut short by a crash and continued by the next writer), as
     *                 {@code FILE:LINE: skipped ...}; the lines after it are read all the same
     */
    public record Read(List<Entry> entries, long next, List<String> warnings) {

        public Read {
            entries = List.copyOf(entries);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Whole lines written from {@code position} on. A half-written last line (no newline yet) is
     * left for the next read; a whole line that is not an entry is skipped with a warning naming
     * its line, so one bad line never holds up the lines after it.
     */
    public Read readFrom(long position) {
        List<Entry> entries = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read(entries, position, warnings);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size <= position) {
                return new Read(entries, position, warnings);
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - position));
            while (buffer.hasRemaining() && channel.read(buffer, position + buffer.position()) > 0) {
                // read until the buffer is full: one read may return less
            }
            byte[] bytes = buffer.array();
            int end = lastNewline(bytes, buffer.position());
            long firstLine = -1;
            int start = 0;
            int lineIndex = 0;
            for (int i = 0; i <= end; i++) {
                if (bytes[i] != '\n') {
                    continue;
                }
                String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                if (!line.isBlank()) {
                    String problem = parse(line, entries);
                    if (problem != null) {
                        if (firstLine < 0) {
                            firstLine = lineNumberAt(channel, position);
                        }
                        warnings.add(file + ":" + (firstLine + lineIndex) + ": skipped a line that is not a journal entry ("
                                + problem + "): '" + abbreviate(line) + "'");
                    }
                }
                lineIndex++;
                start = i + 1;
            }
            return new Read(entries, position + end + 1, warnings);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Adds the line's entry; the reason when it is not one. */
    private static String parse(String line, List<Entry> entries) {
        try {
            if (!line.trim().startsWith("{")) {
                return "not a JSON object";
            }
            Entry entry = JSON.readValue(line, Entry.class);
            if (entry.phase() == null || entry.action() == null) {
                return "no phase or action";
            }
            entries.add(entry);
            return null;
        } catch (IOException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage().lines().findFirst().orElse("");
        }
    }

    private static int lastNewline(byte[] bytes, int length) {
        for (int i = length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The 1-based number of the line starting at {@code position}: only asked when a line is bad. */
    private static long lineNumberAt(FileChannel channel, long position) throws IOException {
        long lines = 1;
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long at = 0;
        while (at < position) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), position - at));
            int read = channel.read(buffer, at);
            if (read <= 0) {
                break;
            }
            for (int i = 0; i < read; i++) {
                if (buffer.get(i) == '\n') {
                    lines++;
                }
            }
            at += read;
        }
        return lines;
    }

    private static String abbreviate(String line) {
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }
}
