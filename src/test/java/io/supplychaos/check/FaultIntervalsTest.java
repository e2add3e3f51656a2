package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.result.RunResult;

/**
 * The report's fault intervals from a history's fault events: paired by the ids a HEALED event
 * names, and, for histories written before faults had ids (kept runs that {@code ./chaos check}
 * judges again), as they were paired then.
 */
class FaultIntervalsTest {

    @TempDir
    Path dir;

    /** The fault events of a history file made of the lines of a test resource. */
    private List<HistoryEvent.Fault> faultsOf(String resource) throws IOException {
        Path file = dir.resolve(HistoryFile.NAME);
        try (InputStream lines = getClass().getResourceAsStream("/histories/" + resource);
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            lines.transferTo(out);
        }
        return HistoryFile.read(file).stream().filter(HistoryEvent.Fault.class::isInstance)
                .map(HistoryEvent.Fault.class::cast).toList();
    }

    @Test
    void shouldPairAHealWithTheFaultWhoseIdItNamesNotTheFirstOneThatLooksAlike() throws IOException {
        // given two kills of a random broker, the second ended by a start of its broker, named by id
        List<HistoryEvent.Fault> faults = faultsOf("faults-with-ids.jsonl");

        // when the faults are paired
        List<RunResult.FaultEvent> intervals = FaultIntervals.pair(faults);

        // then the second kill ended, the first (same action, same target as written) is still in place
        assertThat(intervals).extracting(RunResult.FaultEvent::detail, RunResult.FaultEvent::healedAt).containsExactly(
                tuple("kill-broker 1", null),
                tuple("kill-broker 2", 2000L),
                tuple("start-broker 2", null),
                tuple("delay 100 ms, client links, all brokers", 3000L),
                tuple("cut, client links, broker 2", 3000L));
    }

    @Test
    void shouldPairAHistoryWrittenBeforeFaultsHadIdsAsItWasPairedThen() throws IOException {
        // given a history without ids: a kill healed by its own HEALED line, then a CLI heal
        List<HistoryEvent.Fault> faults = faultsOf("faults-before-ids.jsonl");
        assertThat(faults).allSatisfy(fault -> {
            assertThat(fault.id()).isNull();
            assertThat(fault.ends()).isNull();
        });

        // when the faults are paired
        List<RunResult.FaultEvent> intervals = FaultIntervals.pair(faults);

        // then the kill ends at the HEALED line with its target and action, and the CLI heal ends every fault still open
        assertThat(intervals).extracting(RunResult.FaultEvent::detail, RunResult.FaultEvent::healedAt,
                RunResult.FaultEvent::error).containsExactly(
                tuple("kill-broker 1", 2000L, null),
                tuple("delay 100 ms, client links, all brokers", 3000L, null),
                tuple("pause-broker 3", 3000L, null),
                tuple("start-broker 1", 3000L, null),
                tuple("kill-broker 7", null, "no broker 7"));
    }
}
