package io.supplychaos.cli;

import io.supplychaos.report.ResultFiles;
import io.supplychaos.report.SweepReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code chaos report DIR}: renders report.html again from the files a run left. DIR is either a
 * run's directory (reads its summary.json and timeseries.csv, writes its report.html) or the parent
 * of several runs, a repeat or a sweep (re-renders each run's report.html, then writes the parent's
 * summary.json and index report.html). Exit 0 when written; 2, with a message naming the file, when
 * DIR or a file in it is missing or unreadable.
 */
@Command(name = "report",
        description = "Re-render report.html from a run directory, or every run and the index of a directory of runs.")
public final class ReportCommand implements Callable<Integer> {


    @Parameters(index = "0", paramLabel = "DIR", description = "a run's results directory, or a directory of runs")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(dir)) {
            err.println("report: " + dir + ": no such directory (expected a results directory)");
            return ChaosCli.EXIT_BAD_INPUT;
        }
        try {
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
        } catch (IOException e) {
            err.println("report: " + e.getMessage());
            return ChaosCli.EXIT_BAD_INPUT;
        }
        spec.commandLine().getOut().println(dir.resolve(ResultFiles.REPORT));
        return 0;
    }
}
