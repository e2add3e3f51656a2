package io.supplychaos.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.history.HistoryFile;
import io.supplychaos.result.Provenance;

/**
 * Keeps the runs a page of {@link PaperReport} is built from beside the page: copies each run's
 * summary.json and timeseries.csv (the two files the page reads) and its history.jsonl.gz (from
 * which {@code ./chaos check} judges the run again) from result directories into a directory that
 * is committed with it (docs/paper/runs in the project). The page then regenerates from a clone, its
 * verdicts can be checked again, and a later repeat is one more directory beside the earlier ones.
 * Reports and logs stay where they were. A run without its history, or made by a tool built from a
 * work tree with uncommitted changes ("+dirty" in its provenance), is refused: its verdict could
 * not be checked again, or its figures come from code no commit holds.
 *
 * <p>Nothing kept is ever overwritten. A kept file that differs from the run's is an error naming
 * both, raised before anything is copied; a kept file with the same bytes is left as it is, so
 * keeping the same results twice is harmless.
 */
public final class KeptRuns {

    /**
     * The files of a run that are kept: what {@link PaperReport#runDirectories} and {@link ResultFiles#read}
     * need, and the history {@code ./chaos check} judges the run from.
     */
    static final List<String> FILES = List.of(ResultFiles.SUMMARY, ResultFiles.TIMESERIES, HistoryFile.NAME);

    private KeptRuns() {
    }

    /**
     * Copies every run at or below each of {@code roots} into {@code keepRoot/<root's name>/},
     * keeping its path below the root.
     *
     * @return the directories to build the page from, in the order given: each root's kept copy,
     *         or the root itself when it already lies at or below {@code keepRoot}
     * @throws IOException naming the file when a kept copy differs from its run, naming both roots
     *                     when two would be kept under the same name, or naming the runs that have no
     *                     history or come from a build with uncommitted changes; nothing is copied then
     */
    public static List<Path> keep(List<Path> roots, Path keepRoot) throws IOException {
        Path keepAbsolute = keepRoot.toAbsolutePath().normalize();
        List<Path> kept = new ArrayList<>();
        Map<Path, Path> keptFrom = new LinkedHashMap<>();
        Map<Path, Path> copies = new LinkedHashMap<>();
        for (Path root : roots) {
            Path absolute = root.toAbsolutePath().normalize();
            if (absolute.startsWith(keepAbsolute)) {
                kept.add(root);
                continue;
            }
            Path name = absolute.getFileName();
            if (name == null) {
                throw new IOException(root + ": a file system root cannot be kept; name the results directory");
            }
            Path target = keepRoot.resolve(name.toString());
            Path earlier = keptFrom.putIfAbsent(target, root);
            if (earlier != null) {
                throw new IOException(earlier + " and " + root + " would both be kept as " + target
                        + "; give one of them another name");
            }
            for (Path run : PaperReport.runDirectories(List.of(root))) {
                refuse(run);
                Path below = absolute.relativize(run.toAbsolutePath().normalize());
                for (String file : FILES) {
                    copies.put(target.resolve(below).resolve(file), run.resolve(file));
                }
            }
            kept.add(target);
        }
        for (Map.Entry<Path, Path> copy : copies.entrySet()) {
            if (Files.exists(copy.getKey()) && Files.mismatch(copy.getKey(), copy.getValue()) != -1) {
                throw new IOException(copy.getKey() + " is kept already and differs from " + copy.getValue()
                        + "; kept runs are never overwritten: keep these results under another name");
            }
        }
        for (Map.Entry<Path, Path> copy : copies.entrySet()) {
            Path target = copy.getKey();
            if (Files.exists(target)) {
                continue;
            }
            Files.createDirectories(target.getParent());
            // Copied beside the target and renamed, so an interrupted copy never leaves a half file kept.
            Path partial = target.resolveSibling(target.getFileName() + ".partial");
            Files.copy(copy.getValue(), partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        }
        return List.copyOf(kept);
    }

    /** Refuses a run that cannot be checked again, or whose build no commit holds. */
    private static void refuse(Path run) throws IOException {
        if (!Files.isRegularFile(run.resolve(HistoryFile.NAME))) {
            throw new IOException(run + " has no " + HistoryFile.NAME + ": a kept run keeps its history, so that"
                    + " ./chaos check can judge it again; keep the run's whole results directory");
        }
        Provenance provenance = ResultFiles.readSummary(run.resolve(ResultFiles.SUMMARY)).provenance();
        if (provenance != null && provenance.dirty()) {
            throw new IOException(run + " was made by a build with uncommitted changes (" + provenance.gitCommit()
                    + "), which no commit holds: it is not kept; commit, and run it again");
        }
    }
}
