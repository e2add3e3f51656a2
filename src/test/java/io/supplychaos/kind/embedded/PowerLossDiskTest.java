package io.supplychaos.kind.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.FileRecords;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.RecordBatch;
import org.apache.kafka.common.record.SimpleRecord;
import org.apache.kafka.storage.internals.checkpoint.OffsetCheckpointFile;
import org.apache.kafka.storage.internals.log.LogDirFailureChannel;
import org.apache.kafka.storage.internals.log.LogFileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power loss drops from a broker's log dir what Kafka had not flushed: segments written with
 * Kafka's own record classes ({@link MemoryRecords} appended through {@link FileRecords}) and a
 * {@code recovery-point-offset-checkpoint} written with {@link OffsetCheckpointFile} are cut at the
 * first batch at or after the checkpointed recovery point, and read back with the same classes.
 */
class PowerLossDiskTest {

    @TempDir
    Path logDir;

    /** Batches of 10 records each from {@code from}, in one segment whose base offset is {@code base}. */
    private void segment(String partitionDir, long base, long from, int batches) throws IOException {
        File dir = logDir.resolve(partitionDir).toFile();
        Files.createDirectories(dir.toPath());
        try (FileRecords log = FileRecords.open(LogFileUtils.logFile(dir, base))) {
            for (int b = 0; b < batches; b++) {
                SimpleRecord[] records = new SimpleRecord[10];
                for (int r = 0; r < records.length; r++) {
                    records[r] = new SimpleRecord(("order-" + (from + b * 10L + r)).getBytes(StandardCharsets.UTF_8));
                }
                log.append(MemoryRecords.withRecords(from + b * 10L, Compression.NONE, records));
            }
            log.flush();
        }
        Files.write(LogFileUtils.offsetIndexFile(dir, base).toPath(), new byte[80]);
        Files.write(LogFileUtils.timeIndexFile(dir, base).toPath(), new byte[120]);
    }

    private void recoveryPoints(Map<TopicPartition, Long> points) throws IOException {
        new OffsetCheckpointFile(logDir.resolve(PowerLossDisk.RECOVERY_POINT_CHECKPOINT).toFile(), new LogDirFailureChannel(1))
                .write(points);
    }

    /** The base offsets of the batches of a segment, read back with Kafka's classes. */
    private List<Long> batches(String partitionDir, long base) throws IOException {
        List<Long> offsets = new ArrayList<>();
        try (FileRecords log = FileRecords.open(LogFileUtils.logFile(logDir.resolve(partitionDir).toFile(), base))) {
            for (RecordBatch batch : log.batches()) {
                batch.ensureValid();
                offsets.add(batch.baseOffset());
            }
        }
        return offsets;
    }

    @Test
    void theSegmentHoldingTheRecoveryPointIsCutAtItsFirstBatchAtOrAfterItAndLaterSegmentsGo() throws IOException {
        // given order-placed-0 with segments at 0 (batches 0..40) and 50 (50..90), the recovery point checkpointed at 30
        segment("order-placed-0", 0, 0, 5);
        segment("order-placed-0", 50, 50, 5);
        Files.write(LogFileUtils.producerSnapshotFile(logDir.resolve("order-placed-0").toFile(), 50).toPath(), new byte[8]);
        recoveryPoints(Map.of(new TopicPartition("order-placed", 0), 30L));

        // when the power goes with the default flush policy (none by message count)
        PowerLossDisk.Outcome outcome = PowerLossDisk.dropUnflushed(logDir, Long.MAX_VALUE);

        // then the first segment keeps the batches below 30, the second is gone, with its producer snapshot
        assertThat(batches("order-placed-0", 0)).containsExactly(0L, 10L, 20L);
        File dir = logDir.resolve("order-placed-0").toFile();
        assertThat(LogFileUtils.logFile(dir, 50)).doesNotExist();
        assertThat(LogFileUtils.offsetIndexFile(dir, 50)).doesNotExist();
        assertThat(LogFileUtils.producerSnapshotFile(dir, 50)).doesNotExist();
        // the cut segment's indexes go, so Kafka rebuilds them from the log
        assertThat(LogFileUtils.offsetIndexFile(dir, 0)).doesNotExist();
        assertThat(LogFileUtils.timeIndexFile(dir, 0)).doesNotExist();
        assertThat(outcome.partitions()).singleElement().satisfies(p -> {
            assertThat(p.partition()).isEqualTo(new TopicPartition("order-placed", 0));
            assertThat(p.keptTo()).isEqualTo(30);
            assertThat(p.endWas()).isEqualTo(100);
            assertThat(p.records()).isEqualTo(70);
        });
    }

    @Test
    void aPartitionMissingFromTheCheckpointHadFlushedNothingAndLosesEverything() throws IOException {
        // given a partition created after the last checkpoint: Kafka's recovery starts it at 0
        segment("notifications-2", 0, 0, 3);
        recoveryPoints(Map.of());

        PowerLossDisk.Outcome outcome = PowerLossDisk.dropUnflushed(logDir, Long.MAX_VALUE);

        assertThat(batches("notifications-2", 0)).isEmpty();
        assertThat(outcome.records()).isEqualTo(30);
    }

    @Test
    void withFlushEveryMessageEveryAppendWasFsyncedBeforeItsAckAndNothingGoes() throws IOException {
        // given log.flush.interval.messages=1: Kafka flushed after each append, whatever the checkpoint says
        segment("order-placed-1", 0, 0, 4);
        recoveryPoints(Map.of(new TopicPartition("order-placed", 1), 0L));

        PowerLossDisk.Outcome outcome = PowerLossDisk.dropUnflushed(logDir, 1);

        assertThat(batches("order-placed-1", 0)).containsExactly(0L, 10L, 20L, 30L);
        assertThat(outcome.records()).isZero();
        assertThat(LogFileUtils.offsetIndexFile(logDir.resolve("order-placed-1").toFile(), 0)).exists();
    }

    @Test
    void withAFlushEveryNMessagesFewerThanNOffsetsCanBeUnflushed() throws IOException {
        // given flush every 25 messages and batches of 10 up to offset 40: at most the last 24 offsets were unflushed,
        // so the flushed end is at least 16, the end of the batch holding offset 15 (at 20)
        segment("order-placed-2", 0, 0, 4);
        recoveryPoints(Map.of(new TopicPartition("order-placed", 2), 0L));

        PowerLossDisk.dropUnflushed(logDir, 25);

        assertThat(batches("order-placed-2", 0)).containsExactly(0L, 10L);
    }

    @Test
    void theKraftMetadataLogIsFsyncedAndLeftAlone() throws IOException {
        segment(PowerLossDisk.METADATA_LOG, 0, 0, 2);
        recoveryPoints(Map.of());

        PowerLossDisk.Outcome outcome = PowerLossDisk.dropUnflushed(logDir, Long.MAX_VALUE);

        assertThat(batches(PowerLossDisk.METADATA_LOG, 0)).containsExactly(0L, 10L);
        assertThat(outcome.partitions()).isEmpty();
    }
}
