package io.supplychaos.kind.embedded;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.FileRecords;
import org.apache.kafka.common.record.FileLogInputStream.FileChannelRecordBatch;
import org.apache.kafka.storage.internals.checkpoint.OffsetCheckpointFile;
import org.apache.kafka.storage.internals.log.LogDirFailureChannel;
import org.apache.kafka.storage.internals.log.LogFileUtils;

/**
 * What a power loss leaves of a stopped broker's log dir: every partition log cut back to what Kafka
 * had fsynced, the rest of the page cache lost. Kafka fsyncs a partition's segments only in
 * {@code UnifiedLog.flush}, and moves the partition's recovery point there once the bytes are on
 * disk; it writes (and fsyncs) the recovery points to {@code recovery-point-offset-checkpoint} every
 * {@code log.flush.offset.checkpoint.interval.ms}. So the checkpointed point is a lower bound of what
 * was flushed; with {@code log.flush.interval.messages} N the flush inside every append also keeps
 * fewer than N offsets unflushed, so everything below (log end - N + 1) was flushed before its
 * append returned. A partition keeps its batches below the higher of the two, read with Kafka's own
 * classes ({@link OffsetCheckpointFile}, {@link FileRecords}); the first batch at or after it and
 * everything behind it goes: later segments are deleted, the segment holding it is truncated at that
 * batch's byte position, its offset, time and transaction indexes are deleted (Kafka rebuilds them
 * when it recovers the segment at start), and producer snapshots above the new end go. A partition
 * missing from the checkpoint starts from 0, as Kafka's recovery does. The KRaft metadata log
 * ({@value #METADATA_LOG}), which the Raft client fsyncs before it acknowledges, and every
 * checkpoint file (fsynced when written) are left as they are.
 */
final class PowerLossDisk {

    /** Kafka's name of the recovery points' file in a log dir ({@code LogManager.RecoveryPointCheckpointFile}). */
    static final String RECOVERY_POINT_CHECKPOINT = "recovery-point-offset-checkpoint";
    static final String METADATA_LOG = "__cluster_metadata-0";
    /** A partition's directory: TOPIC-PARTITION; deleted, future and stray dirs carry a suffix after a dot. */
    private static final Pattern PARTITION_DIR = Pattern.compile("(.+)-(\\d+)");

    private PowerLossDisk() {
    }

    /**
     * What one partition lost.
     *
     * @param keptTo  the end of the log now (the offset of the first batch dropped)
     * @param endWas  the end of the log before
     * @param records offsets dropped (endWas - keptTo)
     * @param bytes   bytes dropped
     */
    record Dropped(TopicPartition partition, long keptTo, long endWas, long records, long bytes) {
    }

    /** What a log dir lost, one entry per partition that lost something. */
    record Outcome(List<Dropped> partitions) {
        long records() {
            return partitions.stream().mapToLong(Dropped::records).sum();
        }

        long bytes() {
            return partitions.stream().mapToLong(Dropped::bytes).sum();
        }

        /** "dropped 1,234 unflushed offsets (56 KB) from 12 partitions". */
        String summary() {
            return String.format(Locale.ROOT, "dropped %,d unflushed offsets (%,d KB) from %d partition%s", records(),
                    (bytes() + 1023) / 1024, partitions.size(), partitions.size() == 1 ? "" : "s");
        }
    }

    /**
     * Drops what was not flushed from every partition of {@code logDir} (a broker's {@code log.dirs}
     * entry; the broker must be down).
     *
     * @param flushIntervalMessages the broker's {@code log.flush.interval.messages} ({@link Long#MAX_VALUE}: Kafka's default, no flush by count)
     */
    static Outcome dropUnflushed(Path logDir, long flushIntervalMessages) {
        try {
            Map<TopicPartition, Long> recoveryPoints = recoveryPoints(logDir);
            List<Dropped> dropped = new ArrayList<>();
            for (Path dir : partitionDirs(logDir)) {
                Matcher name = PARTITION_DIR.matcher(dir.getFileName().toString());
                if (!name.matches()) {
                    continue;
                }
                TopicPartition partition = new TopicPartition(name.group(1), Integer.parseInt(name.group(2)));
                Dropped lost = dropUnflushed(dir.toFile(), partition, recoveryPoints.getOrDefault(partition, 0L),
                        flushIntervalMessages);
                if (lost.records() > 0 || lost.bytes() > 0) {
                    dropped.add(lost);
                }
            }
            return new Outcome(List.copyOf(dropped));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot drop the unflushed writes of " + logDir, e);
        }
    }

    private static Map<TopicPartition, Long> recoveryPoints(Path logDir) throws IOException {
        Path file = logDir.resolve(RECOVERY_POINT_CHECKPOINT);
        if (!Files.exists(file)) {
            return Map.of();
        }
        return new OffsetCheckpointFile(file.toFile(), new LogDirFailureChannel(1)).read();
    }

    private static List<Path> partitionDirs(Path logDir) throws IOException {
        try (Stream<Path> entries = Files.list(logDir)) {
            return entries.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().equals(METADATA_LOG))
                    .filter(dir -> !dir.getFileName().toString().contains("."))
                    .sorted().toList();
        }
    }

    private static Dropped dropUnflushed(File dir, TopicPartition partition, long recoveryPoint, long flushIntervalMessages)
            throws IOException {
        List<Long> bases = segmentBases(dir);
        long endWas = bases.isEmpty() ? recoveryPoint : logEnd(dir, bases.get(bases.size() - 1), bases);
        long flushedByCount = flushIntervalMessages == Long.MAX_VALUE ? Long.MIN_VALUE : endWas - flushIntervalMessages + 1;
        long flushed = Math.max(recoveryPoint, flushedByCount);
        long keptTo = endWas;
        long bytes = 0;
        for (long base : bases) {
            File log = LogFileUtils.logFile(dir, base);
            int cut = -1;
            long cutOffset = -1;
            try (FileRecords records = FileRecords.open(log)) {
                for (FileChannelRecordBatch batch : records.batches()) {
                    if (batch.baseOffset() >= flushed) {
                        cut = batch.position();
                        cutOffset = batch.baseOffset();
                        break;
                    }
                }
                if (cut < 0) {
                    continue;
                }
                keptTo = Math.min(keptTo, cutOffset);
                bytes += records.sizeInBytes() - cut;
                if (cut > 0) {
                    records.truncateTo(cut);
                    records.flush();
                }
            }
            if (cut == 0) {
                Files.delete(log.toPath());
            }
            Files.deleteIfExists(LogFileUtils.offsetIndexFile(dir, base).toPath());
            Files.deleteIfExists(LogFileUtils.timeIndexFile(dir, base).toPath());
            Files.deleteIfExists(LogFileUtils.transactionIndexFile(dir, base).toPath());
        }
        long end = keptTo;
        try (Stream<Path> files = Files.list(dir.toPath())) {
            for (Path snapshot : files.filter(f -> f.getFileName().toString().endsWith(LogFileUtils.PRODUCER_SNAPSHOT_FILE_SUFFIX))
                    .filter(f -> LogFileUtils.offsetFromFile(f.toFile()) > end).toList()) {
                Files.delete(snapshot);
            }
        }
        return new Dropped(partition, keptTo, endWas, endWas - keptTo, bytes);
    }

    private static List<Long> segmentBases(File dir) throws IOException {
        try (Stream<Path> files = Files.list(dir.toPath())) {
            return files.filter(f -> LogFileUtils.isLogFile(f.toFile())).map(f -> LogFileUtils.offsetFromFile(f.toFile()))
                    .sorted(Comparator.naturalOrder()).toList();
        }
    }

    /** The log's end: one past the last offset of the last whole batch, or the last segment's base when it holds none. */
    private static long logEnd(File dir, long lastBase, List<Long> bases) throws IOException {
        for (int i = bases.size() - 1; i >= 0; i--) {
            long end = -1;
            try (FileRecords records = FileRecords.open(LogFileUtils.logFile(dir, bases.get(i)), false)) {
                for (FileChannelRecordBatch batch : records.batches()) {
                    end = batch.lastOffset() + 1;
                }
            }
            if (end >= 0) {
                return end;
            }
        }
        return lastBase;
    }
}
