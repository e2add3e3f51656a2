package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.paper.RangeCheck;
import io.supplychaos.report.CompareReport;
import io.supplychaos.report.KeptRuns;
import io.supplychaos.report.PaperReport;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.SweepReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code chaos report DIR [DIR...]}. With one DIR: renders report.html again from the files a run
 * left; DIR is either a run's directory (reads its summary.json and timeseries.csv, writes its
 * report.html) or the parent of several runs, a repeat or a sweep (re-renders each run's
 * report.html, then writes the parent's summary.json and index report.html). With two or more run
 * directories: compares them side by side ({@link CompareReport}), the first the baseline, into
 * {@code --out} (default {@code results/<timestamp>-compare}). With {@code --paper}: writes
 * PAPER.md from every run at or below the DIRs ({@link PaperReport}), after copying them into
 * docs/paper/runs with {@code --keep} ({@link KeptRuns}), or checks them with {@code --against PAGE}
 * against the bands set by the runs PAGE was built from, those checked left out ({@link RangeCheck}). Exit 0 when written; 2, with a message naming the file, when a DIR or a file
 * in it is missing or unreadable, or a kept copy would be overwritten.
 */
@Command(name = "report",
        description = {"Re-render report.html from a run directory (or every run and the index of a directory of runs),",
                "or compare two or more runs side by side: ./chaos report RUN_A RUN_B ...,",
                "or write docs/PAPER.md from the paper's sweeps: ./chaos report --paper DIR..."})
public final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR",
            description = "a run's results directory, or a directory of runs; two or more run directories are compared")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where a comparison's report.html goes (default: results/<timestamp>-compare in the project).")
    Path out;

    @Option(names = "--paper", description = "Write PAPER.md (the paper's Table II beside ours, its figures and a verdict"
            + " on each claim) and its charts from every run at or below the DIRs, into --out (default: the project's docs/).")
    boolean paper;

    @Option(names = "--against", paramLabel = "PAGE", description = "With --paper: instead of writing the page, check"
            + " the runs' figures against the bands set by the runs PAGE (a PAPER.md, e.g. docs/PAPER.md) was built from,"
            + " per machine and sweep, every run that is among those checked left out; exit 1 when more land outside"
            + " than a re-run does, or none could be judged.")
    Path against;

    @Option(names = "--keep", arity = "0..1", paramLabel = "DIR", fallbackValue = KEEP_DEFAULT,
            description = "With --paper: first copy each run's summary.json and timeseries.csv into DIR/<name of each"
                    + " directory given> (DIR defaults to the project's docs/paper/runs), then build the page from those"
                    + " copies and name them in its command, so that it regenerates from a clone. Kept files are never"
                    + " overwritten.")
    String keep;

    /** What {@code --keep} without a directory stands for: the project's docs/paper/runs. */
    static final String KEEP_DEFAULT = "<docs/paper/runs>";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                err.println("report: " + dir + ": no such directory (expected a results directory)");
                return ChaosCli.EXIT_BAD_INPUT;
            }
        }
        if (against != null && !paper) {
            err.println("report: --against needs --paper");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        if (keep != null && (!paper || against != null)) {
            err.println("report: --keep needs --paper, and only keeps runs for writing the page (not with --against)");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        try {
            if (paper) {
                return paper();
            }
            Path written = dirs.size() == 1 ? render(dirs.get(0)) : compare();
            spec.commandLine().getOut().println(written.resolve(ResultFiles.REPORT));
            return 0;
        } catch (IOException e) {
            err.println("report: " + e.getMessage());
            return ChaosCli.EXIT_BAD_INPUT;
        }
    }

    private int paper() throws IOException {
        PrintWriter console = spec.commandLine().getOut();
        List<Path> dirs = this.dirs;
        if (keep != null) {
            Path keepRoot = keep.equals(KEEP_DEFAULT)
                    ? ChaosPaths.defaults().home().resolve("docs").resolve(PaperReport.CHARTS).resolve("runs")
                    : Path.of(keep);
            dirs = KeptRuns.keep(dirs, keepRoot).stream().map(ReportCommand::shown).toList();
            console.println("kept in " + shown(keepRoot) + ": " + dirs.stream().map(Path::toString)
                    .collect(java.util.stream.Collectors.joining(" ")));
        }
        List<PaperReport.Source> sources = PaperReport.read(PaperReport.runDirectories(dirs));
        if (sources.stream().noneMatch(s -> s.result().paper() != null)) {
            spec.commandLine().getErr().println("report: --paper: no run of the paper's scenarios (paper: true) under "
                    + dirs + "; run scenarios/paper-table2-paper-rate.yaml, paper-table2.yaml or paper-quick.yaml first");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        if (against != null) {
            List<PaperReport.Source> bandRuns;
            try {
                bandRuns = PaperReport.pageSources(against, ChaosPaths.defaults().home());
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            RangeCheck.Outcome outcome = RangeCheck.check(sources.stream().map(PaperReport.Source::result).toList(),
                    bandRuns.stream().map(PaperReport.Source::result).toList());
            print(console, outcome, against, true);
            return outcome.judged() == 0 || outcome.off() ? ChaosCli.EXIT_FAILED : 0;
        }
        Path target = this.out != null ? this.out : ChaosPaths.defaults().home().resolve("docs");
        Files.createDirectories(target);
        StringBuilder command = new StringBuilder("./chaos report --paper");
        dirs.forEach(dir -> command.append(' ').append(dir));
        if (this.out != null) {
            command.append(" --out ").append(this.out);
        }
        try {
            console.println(PaperReport.write(target, sources, command.toString()));
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("report: --paper: " + e.getMessage());
            return ChaosCli.EXIT_BAD_INPUT;
        }
        return 0;
    }

    /**
     * A check's outcome: every figure judged ({@code all}) or only those outside, what was not judged
     * and why (counted by reason), and the summary line.
     */
    static void print(PrintWriter console, RangeCheck.Outcome outcome, Path page, boolean all) {
        outcome.comparisons().stream().filter(c -> all || !c.within()).forEach(c -> console.println("  " + c.describe()));
        java.util.Map<String, Long> reasons = new java.util.TreeMap<>();
        outcome.notJudged().forEach(n -> reasons.merge(n.reason(), 1L, Long::sum));
        reasons.forEach((reason, n) -> console.println("  not judged (" + n + (n == 1 ? " figure" : " figures") + "): "
                + reason));
        if (outcome.leftOut() > 0) {
            console.println("  left out of the bands: " + outcome.leftOut() + " of " + page
                    + "'s runs, being among those checked");
        }
        console.println(outcome.summary() + " (bands: the runs " + page + " was built from, per machine and sweep)");
    }

    /** {@code path} as the page's command names it: relative to the working directory when below it. */
    private static Path shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(here) ? here.relativize(absolute) : absolute;
    }

    private static Path render(Path dir) throws IOException {
        List<Path> runs = SweepReport.runDirectories(dir);
        // A run's own directory has its time series; a parent of runs has only its aggregate summary.
        if (runs.isEmpty() || Files.exists(dir.resolve(ResultFiles.TIMESERIES))) {
            ResultFiles.writeReport(dir, ResultFiles.read(dir));
        } else {
            List<SweepReport.Member> members = new ArrayList<>();
            for (Path run : runs) {
                ResultFiles.Run content = ResultFiles.read(run);
                ResultFiles.writeReport(run, content);
                members.add(new SweepReport.Member(run.getFileName().toString(), content.result()));
            }
            SweepReport.write(dir, members);
        }
        return dir;
    }

    private Path compare() throws IOException {
        List<CompareReport.Entry> entries = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.exists(dir.resolve(ResultFiles.TIMESERIES))) {
                throw new IOException(dir + ": not a run's directory (no " + ResultFiles.TIMESERIES
                        + "); to compare a sweep's runs, name them one by one");
            }
            Path name = dir.toAbsolutePath().normalize().getFileName();
            entries.add(new CompareReport.Entry(name == null ? dir.toString() : name.toString(), ResultFiles.read(dir)));
        }
        Path target = out != null ? out : ResultFiles.directory(ChaosPaths.defaults().home().resolve("results"),
                "compare", Instant.now());
        Files.createDirectories(target);
        CompareReport.write(target, entries);
        return target;
    }
}
