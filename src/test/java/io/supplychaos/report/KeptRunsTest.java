package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.history.HistoryFile;

class KeptRunsTest {

    @TempDir
    Path dir;

    private Path sweep(String name, String... runs) throws IOException {
        Path sweep = dir.resolve("results").resolve(name);
        for (String run : runs) {
            write(sweep.resolve(run), Runs.run());
        }
        return sweep;
    }

    /** A run's directory as a run leaves it: its files and its history. */
    private static void write(Path run, ResultFiles.Run content) throws IOException {
        ResultFiles.write(run, content);
        Files.write(run.resolve(HistoryFile.NAME), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void shouldKeepTheSummaryTimeSeriesAndHistoryOfEachRunUnderTheSweepsName() throws IOException {
        // given: a sweep of two runs, one a level deeper, each with its report besides the two files
        Path sweep = sweep("paper-2026", "c1-100", "c2/c2-250");
        Path keep = dir.resolve("docs/paper/runs");

        // when
        List<Path> kept = KeptRuns.keep(List.of(sweep), keep);

        // then
        assertThat(kept).containsExactly(keep.resolve("paper-2026"));
        assertThat(files(keep)).containsExactly("paper-2026/c1-100/history.jsonl.gz", "paper-2026/c1-100/summary.json",
                "paper-2026/c1-100/timeseries.csv", "paper-2026/c2/c2-250/history.jsonl.gz",
                "paper-2026/c2/c2-250/summary.json", "paper-2026/c2/c2-250/timeseries.csv");
        assertThat(Files.mismatch(keep.resolve("paper-2026/c1-100/history.jsonl.gz"),
                sweep.resolve("c1-100/history.jsonl.gz"))).isEqualTo(-1L);
        assertThat(Files.mismatch(keep.resolve("paper-2026/c2/c2-250/summary.json"),
                sweep.resolve("c2/c2-250/summary.json"))).isEqualTo(-1L);
        assertThat(Files.exists(sweep.resolve("c1-100").resolve(ResultFiles.REPORT))).isTrue();
        assertThat(PaperReport.runDirectories(kept)).hasSize(2);
    }

    @Test
    void shouldUseAKeptDirectoryAsItIsAndKeepTheSameResultsTwiceWithoutAChange() throws IOException {
        // given: a sweep kept once
        Path sweep = sweep("repeat-2", "c1-100");
        Path keep = dir.resolve("runs");
        Path kept = KeptRuns.keep(List.of(sweep), keep).get(0);
        long modified = Files.getLastModifiedTime(kept.resolve("c1-100/summary.json")).toMillis();

        // when: kept again, named beside its kept copy
        List<Path> again = KeptRuns.keep(List.of(kept, sweep), keep);

        // then
        assertThat(again).containsExactly(kept, kept);
        assertThat(Files.getLastModifiedTime(kept.resolve("c1-100/summary.json")).toMillis()).isEqualTo(modified);
        assertThat(files(keep)).containsExactly("repeat-2/c1-100/history.jsonl.gz", "repeat-2/c1-100/summary.json",
                "repeat-2/c1-100/timeseries.csv");
    }

    @Test
    void shouldRefuseToOverwriteAKeptRunThatDiffersAndCopyNothing() throws IOException {
        // given: a kept run, and new results of the same name whose second run differs from it
        Path keep = dir.resolve("runs");
        Files.createDirectories(keep.resolve("sweep/c2-250"));
        Files.writeString(keep.resolve("sweep/c2-250/summary.json"), "{\"kept\": true}");
        Path sweep = sweep("sweep", "c1-100", "c2-250");

        // when / then
        assertThatThrownBy(() -> KeptRuns.keep(List.of(sweep), keep))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(keep.resolve("sweep/c2-250/summary.json").toString())
                .hasMessageContaining("never overwritten");
        assertThat(Files.readString(keep.resolve("sweep/c2-250/summary.json"))).isEqualTo("{\"kept\": true}");
        assertThat(Files.exists(keep.resolve("sweep/c1-100"))).isFalse();
    }

    @Test
    void shouldRefuseTwoDirectoriesThatWouldBeKeptUnderOneName() throws IOException {
        // given
        Path first = sweep("seeds", "a");
        Path second = dir.resolve("elsewhere/seeds");
        write(second.resolve("b"), Runs.run());

        // when / then
        assertThatThrownBy(() -> KeptRuns.keep(List.of(first, second), dir.resolve("runs")))
                .hasMessageContaining(first.toString()).hasMessageContaining(second.toString())
                .hasMessageContaining("another name");
        assertThat(Files.exists(dir.resolve("runs"))).isFalse();
    }

    @Test
    void givenARunWithoutItsHistory_whenKept_thenItIsRefusedByNameAndNothingIsCopied() throws IOException {
        // given a sweep whose second run lost its history
        Path sweep = sweep("sweep", "c1-100", "c2-250");
        Files.delete(sweep.resolve("c2-250").resolve(HistoryFile.NAME));
        Path keep = dir.resolve("runs");

        // when / then
        assertThatThrownBy(() -> KeptRuns.keep(List.of(sweep), keep)).isInstanceOf(IOException.class)
                .hasMessageContaining(sweep.resolve("c2-250").toString()).hasMessageContaining("no history.jsonl.gz")
                .hasMessageContaining("./chaos check");
        assertThat(Files.exists(keep)).isFalse();
    }

    @Test
    void givenARunOfABuildWithUncommittedChanges_whenKept_thenItIsRefusedByNameAndNothingIsCopied() throws IOException {
        // given a sweep whose second run was made by a tool built from a dirty work tree
        Path sweep = sweep("sweep", "c1-100");
        ResultFiles.Run dirty = Runs.run();
        write(sweep.resolve("c2-250"), new ResultFiles.Run(dirty.result().withProvenance(Runs.provenance()),
                dirty.timeSeries()));
        Path keep = dir.resolve("runs");

        // when / then
        assertThatThrownBy(() -> KeptRuns.keep(List.of(sweep), keep)).isInstanceOf(IOException.class)
                .hasMessageContaining(sweep.resolve("c2-250").toString()).hasMessageContaining("0123abc+dirty")
                .hasMessageContaining("uncommitted changes");
        assertThat(Files.exists(keep)).isFalse();
    }
}
