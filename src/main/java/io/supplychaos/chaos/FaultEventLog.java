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

    /** Entries read and the position after the last whole line. */
    public record Read(List<Entry> entries, long next) {
    }

    /** Whole lines written from {@code position} on; a half-written last line is left for later. */
    public Read readFrom(long position) {
        List<Entry> entries = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read(entries, position);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size <= position) {
                return new Read(entries, position);
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - position));
            channel.read(buffer, position);
            String text = new String(buffer.array(), StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            for (String line : text.substring(0, end + 1).split("\n")) {
                if (!line.isBlank()) {
                    entries.add(JSON.readValue(line, Entry.class));
                }
            }
            return new Read(entries, position + text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
