package io.supplychaos.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.history.HistoryEvent.EndReason;
import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;

/** history.jsonl.gz written and read back, whole and cut short. */
class HistoryFileTest {

    @TempDir
    Path dir;

    private static List<HistoryEvent> everyKind() {
        return List.of(
                new HistoryEvent.RunStarted("r1", "s", "c3", 3, 3, 3, 2, "exactly_once_v2", "all",
                        Expectations.strict(), List.of(0L, 4L, 9L), true, 1),
                new HistoryEvent.WarmupEnded(HistoryEvent.WarmupEnd.STEADY, true, 1, "p50 of 5s windows ...",
                        List.of(new HistoryEvent.WarmupWindow(5_000, null, 0, 40, 500),
                                new HistoryEvent.WarmupWindow(10_000, 812.5, 431, 69, 1_000)), 2),
                new HistoryEvent.PhaseStarted(HistoryEvent.Phase.MEASURE, 2),
                new HistoryEvent.Sent("r1-p0-1", "aspirin", 3, false, 2, 3),
                new HistoryEvent.Acked("r1-p0-1", 1, 42, 4),
                new HistoryEvent.SendFailed("r1-p0-2", "TimeoutException", 5),
                new HistoryEvent.Observed("notifications", 0, 7, "r1-p0-1", "r1-p0-1", "DELIVERED", 0, 5, 6),
                new HistoryEvent.StockObserved(0, 3, "aspirin", 100, 0, 97, 0, 3, "r1-p0-1", false, 7),
                new HistoryEvent.Fault(FaultPhase.FAILED, "kill-broker", "9", "SIGKILL broker 9", FaultSource.SCHEDULE,
                        "no broker 9", 8),
                new HistoryEvent.Fault(FaultPhase.INJECTED, "cut", "all", "cut, client links, all brokers", FaultSource.CLI,
                        null, 8, "f2", null),
                new HistoryEvent.Fault(FaultPhase.HEALED, "heal", "all", "heal", FaultSource.CLI, null, 8, null, List.of("f2")),
                new HistoryEvent.PartitionState("order-placed", 0, null, List.of(), 9),
                new HistoryEvent.Placed(1, 42, "r1-p0-1", 10),
                new HistoryEvent.Placed(1, 43, "r1-p0-1", 7L, 10),
                new HistoryEvent.ReadBackDone(false, List.of(5L, -1L, 9L), 11),
                new HistoryEvent.ToolError("outcome-consumer", "boom", 12),
                new HistoryEvent.OutputsRead(false, List.of("notifications-2: 12 records"), 12),
                new HistoryEvent.RunEnded(EndReason.ERROR, "boom", false, 13));
    }

    @Test
    void shouldReadBackEveryKindOfEventAsWritten() {
        Path file = dir.resolve(HistoryFile.NAME);

        HistoryFile.write(file, everyKind());

        assertThat(HistoryFile.read(file)).isEqualTo(everyKind());
        assertThat(dir.resolve(HistoryFile.NAME + ".partial")).doesNotExist();
    }

    @Test
    void shouldWriteAFaultsIdsOnlyWhereItHasThem() throws IOException {
        Path file = dir.resolve(HistoryFile.NAME);

        HistoryFile.write(file, List.of(
                new HistoryEvent.Fault(FaultPhase.INJECTED, "cut", "all", "cut", FaultSource.CLI, null, 1, "f1", null),
                new HistoryEvent.Fault(FaultPhase.HEALED, "cut", "all", "cut", FaultSource.CLI, null, 2, null, List.of("f1")),
                new HistoryEvent.Fault(FaultPhase.FAILED, "cut", "all", "cut", FaultSource.CLI, "down", 3)));

        List<String> lines = new String(new GZIPInputStream(Files.newInputStream(file)).readAllBytes(),
                StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).contains("\"id\":\"f1\"").doesNotContain("ends");
        assertThat(lines.get(1)).contains("\"ends\":[\"f1\"]").doesNotContain("\"id\"");
        assertThat(lines.get(2)).doesNotContain("\"id\"").doesNotContain("ends");
    }

    @Test
    void shouldKeepTheEventsBeforeTheCutOfAFileCutShort() throws IOException {
        Path whole = dir.resolve("whole.jsonl.gz");
        HistoryFile.write(whole, everyKind());
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve(HistoryFile.NAME);
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 20));

        List<HistoryEvent> events = HistoryFile.read(cut);

        assertThat(events).isNotEmpty().hasSizeLessThan(everyKind().size());
        assertThat(events).isEqualTo(everyKind().subList(0, events.size()));
    }

    @Test
    void shouldDropAHalfWrittenLastLine() throws IOException {
        Path file = dir.resolve(HistoryFile.NAME);
        gzip(file, "{\"type\":\"phase\",\"phase\":\"MEASURE\",\"at\":2}\n{\"type\":\"sent\",\"orderId\":\"r1");

        assertThat(HistoryFile.read(file)).containsExactly(new HistoryEvent.PhaseStarted(HistoryEvent.Phase.MEASURE, 2));
    }

    @Test
    void shouldNameTheFileAndLineOfAnEventItCannotRead() throws IOException {
        Path file = dir.resolve(HistoryFile.NAME);
        gzip(file, "{\"type\":\"nope\",\"at\":2}\n{\"type\":\"phase\",\"phase\":\"MEASURE\",\"at\":2}\n");

        assertThatThrownBy(() -> HistoryFile.read(file)).isInstanceOf(HistoryFile.HistoryFormatException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("line 1");
    }

    @Test
    void shouldReadARunLineWrittenBeforeUncleanElectionAndTheAckedShareWereRecorded() throws IOException {
        // given the first line of a history written before either field existed
        Path file = dir.resolve(HistoryFile.NAME);
        gzip(file, "{\"type\":\"run\",\"runId\":\"r1\",\"scenario\":\"s\",\"env\":\"c3\",\"brokers\":3,"
                + "\"partitions\":3,\"replicationFactor\":3,\"minInsyncReplicas\":2,\"processingGuarantee\":\"x\","
                + "\"acks\":\"all\",\"expect\":{\"lost\":0,\"lossExpected\":false,\"minAcked\":1},"
                + "\"orderPlacedEnds\":[0],\"at\":1}\n");

        // when it is read
        HistoryEvent.RunStarted run = (HistoryEvent.RunStarted) HistoryFile.read(file).get(0);

        // then both read as not recorded: the checker applies neither
        assertThat(run.uncleanLeaderElection()).isNull();
        assertThat(run.expect().minAckedShare()).isNull();
        assertThat(run.expect().minAcked()).isEqualTo(1L);
    }

    private static void gzip(Path file, String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Files.write(file, bytes.toByteArray());
    }
}
