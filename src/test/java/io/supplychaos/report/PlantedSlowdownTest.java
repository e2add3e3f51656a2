package io.supplychaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.supplychaos.paper.PaperRuns;
import io.supplychaos.paper.RangeCheck;
import io.supplychaos.result.RunResult;

/**
 * The check {@code ./chaos paper} and {@code ./chaos report --paper DIR --against docs/PAPER.md} make,
 * with a slowdown planted in the kept runs: each kept directory's paper runs, every latency, request
 * time and jitter figure times 2 and throughput divided by 2 (and the reverse), checked against the
 * bands the page's other runs set. Most of the judged figures must land outside either way, and far
 * more than when the same runs are checked as they were. With the runs kept on 2026-11-27: 636 of 1,210
 * judged figures outside 2x slower, 669 of 1,210 2x faster, 228 as they were (the page's table "The kept
 * runs checked against the others" states them per directory). Before bands were per machine and sweep,
 * applied once and set by other runs only, halving every figure of a kept quick sweep left 140 of 144
 * within the page's bands.
 */
class PlantedSlowdownTest {

    private static final Path PAGE = Path.of("docs/PAPER.md");

    /** Outside and judged, summed over every kept directory checked with {@code slowdown} planted. */
    private static long[] totals(double slowdown) throws IOException {
        List<PaperReport.Source> page = PaperReport.pageSources(PAGE, Path.of(""));
        Map<Path, List<RunResult>> byDirectory = new LinkedHashMap<>();
        page.stream().filter(s -> s.result().paper() != null).forEach(s -> byDirectory
                .computeIfAbsent(s.directory().getParent(), d -> new java.util.ArrayList<>()).add(s.result()));
        long outside = 0;
        long judged = 0;
        for (List<RunResult> kept : byDirectory.values()) {
            Set<RunResult> originals = new HashSet<>(kept);
            List<RunResult> others = page.stream().map(PaperReport.Source::result).filter(r -> !originals.contains(r))
                    .toList();
            List<RunResult> planted = kept.stream().map(r -> PaperRuns.slowedBy(r, slowdown)).toList();
            RangeCheck.Outcome outcome = RangeCheck.check(planted, others);
            outside += outcome.outside();
            judged += outcome.judged();
        }
        return new long[] {outside, judged};
    }

    @Test
    void givenEveryKeptSweepTwiceAsSlow_whenEachIsCheckedAgainstTheOthers_thenMostOfTheirFiguresAreOutside()
            throws IOException {
        long[] slower = totals(2);

        assertThat(slower[1]).isPositive();
        assertThat(slower[0]).as(slower[0] + " of " + slower[1] + " outside").isGreaterThan(slower[1] / 2);
    }

    @Test
    void givenEveryKeptSweepTwiceAsFast_whenEachIsCheckedAgainstTheOthers_thenMostOfTheirFiguresAreOutside()
            throws IOException {
        long[] faster = totals(0.5);

        assertThat(faster[1]).isPositive();
        assertThat(faster[0]).as(faster[0] + " of " + faster[1] + " outside").isGreaterThan(faster[1] / 2);
    }

    @Test
    void givenTheKeptSweepsAsTheyWere_whenEachIsCheckedAgainstTheOthers_thenFarFewerAreOutsideThanWithAPlantedSlowdown()
            throws IOException {
        long[] asTheyWere = totals(1);
        long[] slower = totals(2);

        assertThat(asTheyWere[1]).isEqualTo(slower[1]);
        assertThat(2 * asTheyWere[0]).as(asTheyWere[0] + " of " + asTheyWere[1] + " outside as they were, "
                + slower[0] + " twice as slow").isLessThan(slower[0]);
    }
}
