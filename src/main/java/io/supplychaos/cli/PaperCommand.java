package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.paper.OurTable2;
import io.supplychaos.paper.PaperClaims;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.paper.RangeCheck;
import io.supplychaos.report.PaperReport;
import io.supplychaos.report.ResultFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code paper [--quick] [--out DIR]}: the paper reproduced in one command. Runs its Table II
 * sweeps as {@code run} does ({@value #FULL}, or {@value #QUICK} with {@code --quick}), then writes
 * PAPER.md and its charts into the results directory ({@link PaperReport}) and prints the verdict
 * on each claim. With {@code --quick}, also says how many of its figures land within the bands
 * docs/paper/table2-ours.csv states for the full sweep. Exit 0 when every run passed, 1 when one
 * failed or was interrupted, 2 for bad input.
 */
@Command(name = "paper", description = {"Reproduce the paper: run its Table II sweeps, then write PAPER.md (Table II"
        + " beside ours, Figs. 2-9, a verdict per claim) into the results.",
        "--quick: 15 of the 66 points in 12 to 18 minutes, checked against docs/paper/table2-ours.csv."})
final class PaperCommand implements Callable<Integer> {

    static final String FULL = "scenarios/paper-table2.yaml";
    static final String QUICK = "scenarios/paper-quick.yaml";

    @Mixin
    CommonOptions common;

    @Mixin
    BasePortOption port;

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "Run the quick subset (" + QUICK + ") instead of the whole table (" + FULL + ").")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-paper).")
    Path out;

    @Override
    public Integer call() throws Exception {
        ChaosPaths paths = common.paths();
        PrintWriter console = spec.commandLine().getOut();
        Path dir = out != null ? out : ResultFiles.directory(paths.home().resolve("results"),
                quick ? "paper-quick" : "paper", Instant.now());
        RunCommand run = new RunCommand();
        run.common = common;
        run.port = port;
        run.spec = spec;
        run.scenarioFile = paths.home().resolve(quick ? QUICK : FULL);
        run.out = dir;
        int exit = run.call();
        if (!Files.isDirectory(dir)) {
            return exit;
        }
        List<PaperReport.Source> sources = PaperReport.read(PaperReport.runDirectories(List.of(dir)));
        OurTable2 ours = OurTable2.of(sources.stream().map(PaperReport.Source::result).toList());
        console.println("the paper: " + PaperReport.write(dir, sources, "./chaos report --paper " + dir));
        for (PaperClaims.Claim claim : PaperClaims.judge(ours, PaperTable.load().messageCounts())) {
            console.printf("  %-19s %s%n", claim.verdict().words(), claim.claim());
        }
        Path stated = paths.home().resolve("docs").resolve(PaperReport.CHARTS).resolve(PaperReport.OURS_CSV);
        if (quick && Files.isRegularFile(stated)) {
            List<RangeCheck.Comparison> comparisons = RangeCheck.compare(ours,
                    RangeCheck.parse(Files.readString(stated), stated.toString()), 0);
            long within = comparisons.stream().filter(RangeCheck.Comparison::within).count();
            console.println("  " + within + " of " + comparisons.size() + " figures within the bands of " + stated
                    + " (`./chaos report --paper " + dir + " --against " + stated + "` lists them)");
        }
        return exit;
    }
}
