package io.supplychaos.paper;

import java.nio.file.Path;
import java.util.Map;

import io.supplychaos.result.RunResult;

/**
 * Where a run's figures come from: the machine it ran on and the sweep it was a point of. Two runs
 * of one point are repeats only when they share both: a machine of the same class can be half as
 * fast, and a point run fourth in the quick sweep (2,000 warm-up orders before the first point)
 * meets colder JVMs than the same point run twelfth in the whole table (6,000). Figures of different
 * origins are never pooled into one range or one band.
 *
 * @param machine the machine as its provenance names it ({@code Provenance.Machine#identity()})
 * @param sweep   the sweep's scenario file, without directory and ".yaml"
 */
public record Origin(String machine, String sweep) {

    /** What provenance says when a run recorded none. */
    public static final String UNKNOWN_MACHINE = "unknown machine";
    public static final String UNKNOWN_SWEEP = "unknown sweep";

    /**
     * Sweeps that are parts of another: paper-table2-paper-rate.yaml is paper-table2.yaml without its
     * as-fast-as-possible half (its header says so), run for repeats, so its points are repeats of
     * paper-table2's.
     */
    static final Map<String, String> PART_OF = Map.of("paper-table2-paper-rate", "paper-table2");

    public static Origin of(RunResult run) {
        return new Origin(machineOf(run), sweepOf(run));
    }

    /** Which machine a run ran on. */
    public static String machineOf(RunResult run) {
        return run.provenance() == null || run.provenance().machine() == null ? UNKNOWN_MACHINE
                : run.provenance().machine().identity();
    }

    /** Which sweep a run was a point of: its scenario file's name, a part counted as the whole. */
    public static String sweepOf(RunResult run) {
        String file = run.provenance() == null ? null : run.provenance().scenarioFile();
        if (file == null || file.isBlank()) {
            return UNKNOWN_SWEEP;
        }
        Path name = Path.of(file).getFileName();
        String stem = name == null ? file : name.toString().replaceFirst("\\.ya?ml$", "");
        return PART_OF.getOrDefault(stem, stem);
    }
}
