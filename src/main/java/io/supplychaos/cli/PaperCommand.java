package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.paper.OurTable2;
import io.supplychaos.paper.PaperClaims;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.paper.RangeCheck;
import io.supplychaos.report.PaperReport;
import io.supplychaos.report.ResultFiles;
import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code paper [--quick] [--env LIST] [--orders LIST] [--rate paper|max] [--out DIR]}: the paper
 * reproduced in one command. Runs its Table II sweeps as {@code run} does ({@value #FULL}, or
 * {@value #QUICK} with {@code --quick}), or any subset of their points, then writes PAPER.md and its
 * charts into the results directory ({@link PaperReport}), prints the verdict on each claim and
 * checks its figures against the bands the runs of docs/PAPER.md set on the same machine and sweep
 * ({@link RangeCheck}: a re-run checked against the page, never against itself). Exit 0 when every run passed, 1 when one failed or was interrupted,
 * 2 for bad input (a config, count or rate the sweep does not have), before anything starts.
 */
@Command(name = "paper", description = {"Reproduce the paper: run its Table II sweeps, then write PAPER.md (Table II"
        + " beside ours, Figs. 2-9, a verdict per claim) into the results.",
        "--quick: 12 of the 66 points, both halves, in under 15 minutes. --env, --orders and --rate pick any subset.",
        "The figures are checked against the bands the runs of docs/PAPER.md set on the same machine and sweep."})
final class PaperCommand implements Callable<Integer> {

    static final String FULL = "scenarios/paper-table2.yaml";
    static final String QUICK = "scenarios/paper-quick.yaml";
    /** The page whose runs set the bands a re-run is checked against. */
    static final String PAGE = "docs/PAPER.md";

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

    @Option(names = "--env", split = ",", paramLabel = "CONFIG", description = "Only these configs (c1, c2, c3).")
    List<String> envs;

    @Option(names = "--orders", split = ",", paramLabel = "COUNT", description = "Only these of the paper's message counts.")
    List<Long> orders;

    @Option(names = "--rate", paramLabel = "paper|max", description = "Only one half: at the paper's offered rate"
            + " (latency, request time, jitter) or as fast as possible (throughput).")
    String rate;

    @Override
    public Integer call() throws Exception {
        ChaosPaths paths = common.paths();
        PrintWriter console = spec.commandLine().getOut();
        Path scenarioFile = paths.home().resolve(quick ? QUICK : FULL);
        Subset subset;
        try {
            Scenario sweep = new ScenarioLoader(name -> EnvFiles.resolve(paths, name)).load(scenarioFile);
            subset = Subset.of(envs, orders, rate, sweep, quick ? QUICK : FULL);
            subset.apply(sweep); // a combination no point has is bad input too, before anything starts
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("paper: " + e.getMessage());
            return ChaosCli.EXIT_BAD_INPUT;
        }
        Path dir = out != null ? out : ResultFiles.directory(paths.home().resolve("results"),
                quick ? "paper-quick" : "paper", Instant.now());
        RunCommand run = new RunCommand();
        run.common = common;
        run.port = port;
        run.spec = spec;
        run.scenarioFile = scenarioFile;
        run.out = dir;
        run.adjust = subset::apply;
        int exit = run.call();
        if (!Files.isDirectory(dir)) {
            return exit;
        }
        List<PaperReport.Source> sources = PaperReport.read(PaperReport.runDirectories(List.of(dir)));
        OurTable2 ours = OurTable2.of(sources.stream().map(PaperReport.Source::result).toList());
        try {
            console.println("the paper: " + PaperReport.write(dir, sources, "./chaos report --paper " + dir));
            for (PaperClaims.Claim claim : PaperClaims.judge(ours, PaperTable.load().messageCounts())) {
                console.printf("  %-19s %s%n", claim.verdict().words(), claim.claim());
            }
        } catch (IllegalArgumentException e) {
            console.println("the paper: not written: " + e.getMessage());
        }
        Path page = paths.home().resolve(PAGE);
        if (Files.isRegularFile(page)) {
            RangeCheck.Outcome outcome = RangeCheck.check(sources.stream().map(PaperReport.Source::result).toList(),
                    PaperReport.pageSources(page, paths.home()).stream().map(PaperReport.Source::result).toList());
            ReportCommand.print(console, outcome, page, false);
            console.println("  (`./chaos report --paper " + dir + " --against " + PAGE + "` lists every figure)");
        } else {
            console.println("  no " + page + " to check these runs against");
        }
        return exit;
    }

    /**
     * The points of the sweep the options name: every point when none is given. Each value must be
     * one the sweep has, so that a typo is exit 2 before anything starts rather than an empty run.
     */
    record Subset(Set<String> envs, Set<Long> orders, String rateLabel) {

        static Subset of(List<String> envs, List<Long> orders, String rate, Scenario sweep, String file) {
            List<Scenario.SweepPoint> points = sweep.sweep();
            Set<String> configs = new LinkedHashSet<>();
            Set<Long> counts = new LinkedHashSet<>();
            points.forEach(p -> {
                configs.add(p.env().name());
                counts.add(p.orders());
            });
            Set<String> wantedEnvs = null;
            if (envs != null) {
                wantedEnvs = new LinkedHashSet<>();
                for (String env : envs) {
                    String name = env.trim().toLowerCase(Locale.ROOT);
                    if (!configs.contains(name)) {
                        throw new IllegalArgumentException("--env " + env + ": " + file + " runs " + String.join(", ", configs));
                    }
                    wantedEnvs.add(name);
                }
            }
            Set<Long> wantedOrders = null;
            if (orders != null) {
                wantedOrders = new LinkedHashSet<>();
                for (long count : orders) {
                    if (!counts.contains(count)) {
                        throw new IllegalArgumentException("--orders " + count + ": not one of the message counts "
                                + file + " runs (" + counts.stream().map(String::valueOf).collect(Collectors.joining(", "))
                                + ")" + (file.equals(QUICK) ? "; without --quick any of the paper's 22 can be picked" : ""));
                    }
                    wantedOrders.add(count);
                }
            }
            String label = null;
            if (rate != null) {
                label = switch (rate.trim().toLowerCase(Locale.ROOT)) {
                    case "paper" -> "paper-rate";
                    case "max" -> "max-rate";
                    default -> throw new IllegalArgumentException("--rate " + rate
                            + ": paper (the paper's offered rate) or max (as fast as possible) expected");
                };
            }
            return new Subset(wantedEnvs, wantedOrders, label);
        }

        boolean keeps(Scenario.SweepPoint point) {
            return (envs == null || envs.contains(point.env().name()))
                    && (orders == null || orders.contains(point.orders()))
                    && (rateLabel == null || rateLabel.equals(point.rateLabel()));
        }

        Scenario apply(Scenario scenario) {
            return scenario.withSweepPoints(this::keeps);
        }
    }
}
