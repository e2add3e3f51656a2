package io.supplychaos.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the runs a page of {@link PaperReport} is built from beside the page: copies each run's
 * summary.json and timeseries.csv (the two files the page reads) from result directories into a
 * directory that is committed with it (docs/paper/runs in the project). The page then regenerates
 * from a clone, and a later repeat is one more directory beside the earlier ones. Reports, logs and
 * histories stay where they were: the page does not read them, and they are most of a run's size.
 *
 * <p>Nothing kept is ever overwritten. A kept file that differs from the run's is an error naming
 * both, raised before anything is copied; a kept file with the same bytes is left as it is, so
 * keeping the same results twice is harmless.
 */
public final class KeptRuns {

    /** The files of a run that are kept: what {@link PaperReport#runDirectories} and {@link ResultFiles#read} need. */
    static final List<String> FILES = List.of(ResultFiles.SUMMARY, ResultFiles.TIMESERIES);

    private KeptRuns() {
    }

    /**
     * Copies every run at or below each of {@code roots} into {@code keepRoot/<root's name>/},
     * keeping its path below the root.
     *
     * @return the directories to build the page from, in the order given: each root's kept copy,
     *         or the root itself when it already lies at or below {@code keepRoot}
     * @throws IOException naming the file when a kept copy differs from its run, or naming both
     *                     roots when two would be kept under the same name; nothing is copied then
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
}
