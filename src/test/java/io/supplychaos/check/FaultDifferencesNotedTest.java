package io.supplychaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryFile;
import io.supplychaos.result.Verdict;

/**
 * A fault whose effect differs on the run's env from the other envs (a kill on Kubernetes, where the
 * broker comes back at once) was stated before the run and recorded in its history's start: the
 * result's notes say it, from the history file alone, so {@code ./chaos check} reproduces it.
 */
class FaultDifferencesNotedTest {

    private static final String KILL = "faults[0] (kill-broker at 10s for 20s): the broker comes back at once (the kubelet"
            + " restarts the container, or the StrimziPodSet recreates the pod): the outage lasts as long as that restart,"
            + " not when healed";

    @TempDir
    Path dir;

    /** One order delivered, stock moved by exactly its units. */
    private static Histories clean(Histories run) {
        return run.baseline("aspirin", 100, 100, 0, 0).order("r1-p0-1", "aspirin", 3).deliver("r1-p0-1", "aspirin", 3)
                .stock("aspirin", 100, 0, 97, 0, 3);
    }

    @Test
    void givenAHistoryWhoseStartRecordsAFaultDifference_whenJudgedFromItsFile_thenTheNotesStateItAndTheVerdictIsUnchanged() throws Exception {
        // given a passing run on k8s-c3 whose kill differs, written and read back as check reads it
        Path file = dir.resolve(HistoryFile.NAME);
        HistoryFile.write(file, clean(Histories.runWithFaultDifferences(KILL)).build());
        List<HistoryEvent> read = HistoryFile.read(file);

        // when
        RunAnalysis analysis = RunAnalysis.of(read);

        // then
        assertThat(analysis.judgement().notes()).contains("on env k8s-c3 this fault differs from the other envs: " + KILL);
        assertThat(analysis.verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void givenAHistoryWithoutDifferences_whenJudged_thenNoNoteSpeaksOfOne() {
        assertThat(clean(Histories.run()).analyse().judgement().notes())
                .noneMatch(note -> note.contains("differs from the other envs"));
    }
}
