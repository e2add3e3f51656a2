package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.paper.OurTable2;
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
 * docs/paper/runs with {@code --keep} ({@link KeptRuns}), or checks them against stated bands with
 * {@code --against}. Exit 0 when written; 2, with a message naming the file, when a DIR or a file
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

    @Option(names = "--against", paramLabel = "CSV", description = "With --paper: check the runs' figures against the"
            + " bands this table2-ours.csv states (each point's range widened by the measured repeat-to-repeat factor)"
            + " instead of writing the page; exit 1 when one lands outside.")
    Path against;

    @Option(names = "--keep", arity = "0..1", paramLabel = "DIR", fallbackValue = KEEP_DEFAULT,
            description = "With --paper: first copy each run's summary.json and timeseries.csv into DIR/<name of each"
                    + " directory given> (DIR defaults to the project's docs/paper/runs), then build the page from those"
                    + " copies and name them in its command, so that it regenerates from a clone. Kept files are never"
                    + " overwritten.")
    String keep;

    /** What {@code --keep} without a directory stands for: the project's docs/paper/runs. */
    static final String KEEP_DEFAULT = "<docs/paper/runs>";

    @Option(names = "--tolerance", paramLabel = "PERCENT", description = "With --against: widen each stated band by"
            + " this share of its median on each side (default ${DEFAULT-VALUE}).", defaultValue = "0")
    double tolerance;

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
        if (tolerance < 0 || tolerance > 100) {
            err.println("report: --tolerance: a percentage from 0 to 100 expected, was " + tolerance);
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
        OurTable2 ours = OurTable2.of(sources.stream().map(PaperReport.Source::result).toList());
        if (against != null) {
            if (!Files.isRegularFile(against)) {
                throw new IOException(against + ": no such file (expected a table2-ours.csv written by --paper)");
            }
            List<RangeCheck.Comparison> comparisons;
            try {
                comparisons = RangeCheck.compare(ours, RangeCheck.parse(Files.readString(against), against.toString()),
                        tolerance / 100);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            comparisons.forEach(c -> console.println(c.describe()));
            long within = comparisons.stream().filter(RangeCheck.Comparison::within).count();
            console.println(within + " of " + comparisons.size() + " figures within the stated range"
                    + (tolerance > 0 ? " widened by " + tolerance + " % of its median" : ""));
            return comparisons.isEmpty() || within < comparisons.size() ? 1 : 0;
        }
        Path target = this.out != null ? this.out : ChaosPaths.defaults().home().resolve("docs");
        Files.createDirectories(target);
        StringBuilder command = new StringBuilder("./chaos report --paper");
        dirs.forEach(dir -> command.append(' ').append(dir));
        if (this.out != null) {
            command.append(" --out ").append(this.out);
        }
        console.println(PaperReport.write(target, sources, command.toString()));
        return 0;
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
