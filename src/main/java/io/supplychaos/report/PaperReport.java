package io.supplychaos.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import io.supplychaos.history.HistoryFile;
import io.supplychaos.paper.MachineShift;
import io.supplychaos.paper.Origin;
import io.supplychaos.paper.OurTable2.Experiment;
import io.supplychaos.paper.OurTable2.Metric;
import io.supplychaos.paper.OurTable2.Spread;
import io.supplychaos.paper.OurTable2;
import io.supplychaos.paper.PaperClaims;
import io.supplychaos.paper.PaperTable;
import io.supplychaos.paper.RangeCheck;
import io.supplychaos.paper.RerunBand;
import io.supplychaos.paper.SeedFindings;
import io.supplychaos.provenance.MachineCalibration;
import io.supplychaos.result.Provenance;
import io.supplychaos.result.RunResult;
import io.supplychaos.result.Verdict;
import io.supplychaos.session.Session;

/**
 * docs/PAPER.md and its charts, from result directories: the paper's Table II beside ours, point
 * by point, the paper's Figs. 2-9 with ours overlaid, and a verdict on each of its claims
 * ({@link PaperClaims}), then the other seeds' stages beside their own findings
 * ({@link SeedFindings}). Everything on the page that is a figure comes from the runs or from the
 * seeds' resources; nothing is typed. Reads each run's summary.json under the directories given; writes {@code PAPER.md}, the
 * charts under {@code paper/} and {@code paper/table2-ours.csv} (our medians and ranges, for
 * comparing a re-run) in the target directory.
 */
public final class PaperReport {

    public static final String MARKDOWN = "PAPER.md";
    public static final String CHARTS = "paper";
    public static final String OURS_CSV = "table2-ours.csv";
    private static final List<String> CONFIGS = List.of("C1", "C2", "C3");

    /**
     * A run and the directory it was read from.
     *
     * @param cpuSaturated the share of its measured seconds with the host CPU at 90 % or more
     *                     ({@link RunHealth#saturatedShare}); NaN when not sampled
     * @param history      whether its history.jsonl.gz lies beside it, so that {@code ./chaos check}
     *                     can judge it again
     */
    public record Source(Path directory, RunResult result, double cpuSaturated, boolean history) {

        public Source(Path directory, RunResult result, double cpuSaturated) {
            this(directory, result, cpuSaturated, false);
        }

        public Source(Path directory, RunResult result) {
            this(directory, result, Double.NaN, false);
        }
    }

    private PaperReport() {
    }

    /** Every run directory (one with a summary.json and a timeseries.csv) at or below each of {@code roots}, sorted. */
    public static List<Path> runDirectories(List<Path> roots) throws IOException {
        Set<Path> found = new LinkedHashSet<>();
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root, 4)) {
                walk.filter(dir -> Files.isRegularFile(dir.resolve(ResultFiles.SUMMARY))
                                && Files.isRegularFile(dir.resolve(ResultFiles.TIMESERIES)))
                        .sorted().forEach(found::add);
            }
        }
        return List.copyOf(found);
    }

    /**
     * Writes PAPER.md, the charts and the CSV into {@code target}.
     *
     * @param command the command that regenerates the page, printed on it
     * @return the Markdown file
     * @throws IllegalArgumentException naming them, when a run comes from a build with uncommitted
     *                                  changes: its figures come from code no commit holds
     */
    public static Path write(Path target, List<Source> sources, String command) throws IOException {
        refuseDirty(sources);
        List<RunResult> runs = sources.stream().map(Source::result).toList();
        Reference reference = Reference.of(runs);
        OurTable2 ours = reference.table(runs);
        PaperTable paper = PaperTable.load();
        Path charts = target.resolve(CHARTS);
        Files.createDirectories(charts);
        Map<String, String> svgs = charts(ours, paper);
        for (Map.Entry<String, String> chart : svgs.entrySet()) {
            AtomicFiles.write(charts.resolve(chart.getKey()), chart.getValue());
        }
        MachineShift machines = MachineShift.of(runs);
        AtomicFiles.write(charts.resolve(OURS_CSV), csv(runs, machines));
        Path markdown = target.resolve(MARKDOWN);
        AtomicFiles.write(markdown, markdown(sources, paper, command, svgs.keySet()));
        return markdown;
    }

    /**
     * Refuses runs of a build with uncommitted changes ("+dirty" in their provenance): no commit
     * holds the code their figures and verdicts come from, so no one can say what was measured.
     */
    public static void refuseDirty(List<Source> sources) {
        List<String> dirty = sources.stream().filter(s -> s.result().provenance() != null
                && s.result().provenance().dirty()).map(s -> s.directory() + " (" + s.result().provenance().gitCommit()
                + ")").toList();
        if (!dirty.isEmpty()) {
            throw new IllegalArgumentException(dirty.size() + (dirty.size() == 1 ? " run comes" : " runs come")
                    + " from a build with uncommitted changes, which the paper's page does not take: "
                    + String.join(", ", dirty.subList(0, Math.min(5, dirty.size())))
                    + (dirty.size() > 5 ? " and " + (dirty.size() - 5) + " more" : "")
                    + "; commit, run again, or leave their directories out");
        }
    }

    /**
     * Whose runs Table II, its charts and the claims are made of: the machine with the most paper
     * runs, and on it the sweep with the most. Runs of other machines or sweeps are shown apart,
     * never pooled with these.
     */
    record Reference(String machine, String sweep) {

        static Reference of(List<RunResult> runs) {
            List<RunResult> paper = runs.stream().filter(r -> r.paper() != null).toList();
            String machine = mostCommon(paper, Origin::machineOf);
            String sweep = mostCommon(paper.stream().filter(r -> Origin.machineOf(r).equals(machine)).toList(),
                    Origin::sweepOf);
            return new Reference(machine, sweep);
        }

        boolean holds(RunResult run) {
            return Origin.machineOf(run).equals(machine) && Origin.sweepOf(run).equals(sweep);
        }

        OurTable2 table(List<RunResult> runs) {
            return OurTable2.of(runs.stream().filter(r -> r.paper() != null && holds(r)).toList());
        }

        Origin origin() {
            return new Origin(machine, sweep);
        }

        private static String mostCommon(List<RunResult> runs, Function<RunResult, String> key) {
            Map<String, Long> counts = new java.util.TreeMap<>();
            runs.forEach(r -> counts.merge(key.apply(r), 1L, Long::sum));
            return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
        }
    }

    // ---- the page ------------------------------------------------------------------------------

    static String markdown(List<Source> sources, PaperTable paper, String command, Set<String> charts) {
        List<RunResult> runs = sources.stream().map(Source::result).toList();
        Reference reference = Reference.of(runs);
        OurTable2 ours = reference.table(runs);
        MachineShift machines = MachineShift.of(runs);
        StringBuilder md = new StringBuilder();
        md.append("<!-- Generated by `").append(command).append("`. Do not edit: edit the generator"
                + " (report/PaperReport, paper/PaperClaims) or run again. -->\n\n");
        md.append("# The paper, reproduced here\n\n");
        md.append(PaperTable.CITATION).append(".\n\n");
        md.append("The paper runs a five-service drug supply chain on Kafka in three configurations (Table I) and reports"
                + " latency, request time, jitter and throughput at 22 message counts each (Table II). This page puts"
                + " our figures beside all 66 of its points, overlays ours on its Figs. 2-9 and judges each of its"
                + " claims. Every figure and verdict on it is computed from result directories by the command above;"
                + " [How to regenerate](#how-to-regenerate) says how.\n\n");
        List<PaperClaims.Claim> judged = PaperClaims.judge(ours, paper.messageCounts());
        verdicts(md, judged);
        howWeRan(md, ours, sources, reference, machines);
        table2(md, ours, paper, reference, machines);
        rerunBands(md, sources, machines);
        otherOrigins(md, runs, reference, machines);
        figures(md, charts);
        claims(md, judged);
        machine(md, sources, reference, machines);
        seeds(md, sources);
        runs(md, sources);
        regenerate(md, command);
        return md.toString();
    }

    private static void verdicts(StringBuilder md, List<PaperClaims.Claim> claims) {
        md.append("## The claims at a glance\n\n| claim | paper | verdict |\n|---|---|---|\n");
        for (PaperClaims.Claim c : claims) {
            md.append("| ").append(c.claim()).append(" | ").append(c.where()).append(" | **")
                    .append(c.verdict().words()).append("** |\n");
        }
        md.append("\nThe reasons, with our figures, are under [The claims](#the-claims).\n\n");
    }

    private static void howWeRan(StringBuilder md, OurTable2 ours, List<Source> sources, Reference reference,
                                 MachineShift machineShift) {
        md.append("## How we ran it\n\n");
        md.append("Two sweeps, each over C1, C2 and C3 and the paper's 22 message counts:\n\n");
        md.append("- **At the paper's offered rate** (latency, request time, jitter): each point sends its orders at the"
                + " throughput Table II gives for that config and count, so that our latencies are taken at the paper's"
                + " own load. Points covered: ").append(ours.points(Experiment.PAPER_RATE)).append(" of 66.\n");
        md.append("- **As fast as possible** (throughput): each point sends its orders as fast as the chain takes them;"
                + " throughput is the measured orders completed over the span from the first intended send to the last"
                + " completion, as the paper's messages per second. At the paper's rate it would only echo the offered"
                + " rate. Points covered: ").append(ours.points(Experiment.CAPACITY)).append(" of 66.\n\n");
        md.append("**How fresh each point is.** The points of one config run on one cluster and one app that stay up"
                + " (`./chaos run` shares them between the points of a sweep without faults). The first point of a"
                + " config warms the fresh JVMs with the scenario's warm-up; each later point sends ")
                .append(Session.LATER_WARMUP).append(" warm-up orders through its own"
                + " new producer before it measures. Each point has its own history: it reads order-placed and the"
                + " outputs from their end offsets at its start, so it judges and measures only its own orders, and it"
                + " drains (no order of it in flight) before the next begins. What carries over is what a running"
                + " supply chain carries: the app's state stores (order ledger, stock) and the topics' logs. That is"
                + " fair to the paper's question (how the cluster behaves at this load), and it avoids measuring the"
                + " first minute of fresh JVMs at every point, which on this machine would be most of a small point.\n\n");
        md.append("**What the paper leaves open, and what we chose.**\n\n| | paper | ours |\n|---|---|---|\n");
        RunResult sample = ours.runs(Experiment.PAPER_RATE).stream().findFirst()
                .orElse(ours.runs(Experiment.CAPACITY).stream().findFirst().orElse(null));
        Map<String, Object> workload = sample == null ? Map.of() : sample.workload();
        Map<String, Object> app = map(workload.get("app"));
        Map<String, Object> producer = map(workload.get("producer"));
        row(md, "processing guarantee", "not stated (separate services, consumer groups)",
                text(app.get("processingGuarantee"), "at_least_once"));
        row(md, "producer acks", "not stated", text(producer.get("acks"), "all (Kafka's default)"));
        row(md, "producer batch.size", "\"lower batch sizes\" in C3; no values",
                text(producer.get("batch.size"), "16384 bytes (Kafka's default)"));
        row(md, "producer linger.ms", "\"reduced linger time\" in C3; no values",
                text(producer.get("linger.ms"), "5 ms (Kafka's default)"));
        row(md, "compression", "not stated", text(producer.get("compression.type"), "none (Kafka's default)"));
        row(md, "brokers / RF / partitions / partitioning", "Table I", "Table I: C1 1/1/1 round-robin, C2 2/2/3"
                + " round-robin, C3 3/3/6 key (order id); min.insync.replicas 1, 1, 2");
        row(md, "app's own producer", "not stated", "linger 5 ms, Kafka Streams' defaults otherwise");
        row(md, "network", "Docker on one host (not stated further)", "loopback through Toxiproxy, which the fault"
                + " runs need; it adds well under a millisecond per hop");
        row(md, "latency", "\"produced, transmitted and consumed\"", "one hop: an order's intended send to its first"
                + " read by the manufacturer's intake; end to end: intended send to the final notification read back");
        row(md, "request time", "\"end-to-end processing time of a Kafka request\"", "the producer's send to its"
                + " acknowledgement, per order (with acks=all this includes the wait for the in-sync replicas)");
        row(md, "jitter", "\"variation in message delivery time between subsequent messages\"", "mean absolute"
                + " difference of consecutive latencies: one hop in send order, end to end in completion order");
        row(md, "repeats", "not stated (one figure per point)", repeats(ours));
        row(md, "warm-up", "not stated", firstWarmups(ours) + " orders at the first point of a config, "
                + Session.LATER_WARMUP + " at each later one");
        md.append('\n');
        Provenance provenance = sources.stream().map(s -> s.result().provenance()).filter(Objects::nonNull).findFirst()
                .orElse(null);
        if (provenance != null) {
            md.append("**Where.** Kafka ").append(provenance.kafka()).append(", supply-chaos ").append(provenance.tool())
                    .append(' ').append(builds(sources)).append("; the tool on Java ").append(provenance.java());
            if (provenance.clusterJava() != null) {
                md.append(", brokers and app on Java ").append(provenance.clusterJava());
            }
            List<MachineShift.Machine> machines = machineShift.machines();
            if (machines.size() > 1) {
                md.append("; ").append(machines.size()).append(" machines")
                        .append(provenance.machine() == null ? "" : " of " + provenance.machine().cores() + " cores")
                        .append(" (named under [Machines](#machines))");
            } else if (provenance.machine() != null) {
                md.append("; ").append(provenance.machine().cores()).append(" cores and ")
                        .append(provenance.machine().memoryMb() / 1024).append(" GiB (").append(provenance.machine().os())
                        .append(' ').append(provenance.machine().arch())
                        .append(provenance.machine().cpu() == null ? "" : ", " + provenance.machine().cpu()).append(')');
            }
            md.append(". Brokers, the app, Toxiproxy and the load generator share these cores; the paper's machine is"
                    + " not stated.\n\n");
        }
    }

    /**
     * The builds the runs were made with, oldest first: one commit in brackets, or each with its runs
     * and when, so that a repeat taken before a change to the app can be told from one after.
     */
    static String builds(List<Source> sources) {
        Map<String, List<Source>> byBuild = new LinkedHashMap<>();
        sources.stream().filter(s -> s.result().provenance() != null)
                .sorted(Comparator.comparingLong(s -> s.result().startedAt()))
                .forEach(s -> byBuild.computeIfAbsent(shortCommit(s.result().provenance().gitCommit()),
                        k -> new ArrayList<>()).add(s));
        if (byBuild.size() <= 1) {
            return "(" + byBuild.keySet().stream().findFirst().orElse("commit unknown") + ")";
        }
        List<String> each = new ArrayList<>();
        byBuild.forEach((commit, runs) -> {
            long first = runs.stream().mapToLong(r -> r.result().startedAt()).filter(t -> t > 0).min().orElse(0);
            long last = runs.stream().mapToLong(r -> r.result().endedAt()).max().orElse(0);
            each.add("`" + commit + "` (" + count(runs.size()) + (runs.size() == 1 ? " run" : " runs")
                    + (first > 0 ? ", " + utc(first) + " to " + utc(last) + " UTC" : "") + ")");
        });
        return "in " + byBuild.size() + " builds, " + String.join(", ", each);
    }

    private static String shortCommit(String commit) {
        if (commit == null || commit.isBlank()) {
            return "commit unknown";
        }
        String dirty = commit.endsWith("+dirty") ? "+dirty" : "";
        String hash = commit.substring(0, commit.length() - dirty.length());
        return (hash.length() > 7 ? hash.substring(0, 7) : hash) + dirty;
    }

    private static String repeats(OurTable2 ours) {
        int min = ours.cells().stream().mapToInt(c -> c.runs().size()).min().orElse(0);
        int max = ours.cells().stream().mapToInt(c -> c.runs().size()).max().orElse(0);
        return min == max ? min + " per point: median, and the range over them in brackets"
                : min + " to " + max + " per point: median, and the range over them in brackets";
    }

    private static void table2(StringBuilder md, OurTable2 ours, PaperTable paper, Reference reference,
                               MachineShift machines) {
        md.append("## Table II beside ours\n\n");
        long runs = ours.cells().stream().mapToLong(c -> c.runs().size()).sum();
        md.append("Ours are machine ").append(letter(machines, reference.machine())).append("'s runs of `")
                .append(reference.sweep()).append("` (").append(count(runs)).append(runs == 1 ? " run" : " runs")
                .append("): the machine with the most runs, and on it the sweep with the most. Each cell is the"
                        + " median over the point's repeats, with the range (min-max) when there were two or more. Runs"
                        + " of another machine or another sweep are never pooled into these cells: a machine of the"
                        + " same class can be half as fast, and a point met early in a short sweep meets colder JVMs"
                        + " than the same point late in the whole table. They are under"
                        + " [Other machines and sweeps](#other-machines-and-sweeps). A dash: the point was not run."
                        + " Milliseconds, and orders per second for throughput.\n\n");
        metricTable(md, "Latency (ms)", ours, paper, List.of(
                new Column("paper", (c, m) -> paperValue(paper, c, m, RunResult.PaperFigures::latencyMs)),
                new Column("one hop", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c, m, Metric.LATENCY_ONE_HOP))),
                new Column("end to end", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c, m, Metric.LATENCY_E2E)))));
        metricTable(md, "Kafka request time (ms)", ours, paper, List.of(
                new Column("paper", (c, m) -> paperValue(paper, c, m, RunResult.PaperFigures::requestTimeMs)),
                new Column("ours", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c, m, Metric.REQUEST_TIME)))));
        metricTable(md, "Jitter (ms)", ours, paper, List.of(
                new Column("paper", (c, m) -> paperValue(paper, c, m, RunResult.PaperFigures::jitterMs)),
                new Column("one hop", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c, m, Metric.JITTER_ONE_HOP))),
                new Column("end to end", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c, m, Metric.JITTER_E2E)))));
        md.append("The throughput of a run at the paper's rate is the offered rate whenever the chain keeps up: its"
                + " column is an **offered-rate echo**, shown because a figure below the paper's says the chain fell"
                + " behind, and never checked or counted as a figure that lands within a band.\n\n");
        metricTable(md, "Throughput (orders/s)", ours, paper, List.of(
                new Column("paper", (c, m) -> paperValue(paper, c, m, RunResult.PaperFigures::throughputPerSec)),
                new Column("as fast as possible", (c, m) -> cell(ours.spread(Experiment.CAPACITY, c, m, Metric.THROUGHPUT))),
                new Column("at the paper's rate (offered-rate echo)", (c, m) -> cell(ours.spread(Experiment.PAPER_RATE, c,
                        m, Metric.THROUGHPUT)))));
    }

    /** The figures a band is set for: every metric but throughput at the paper's rate, which echoes the offered rate. */
    private static final List<Metric> METRICS = List.of(Metric.LATENCY_ONE_HOP, Metric.LATENCY_E2E, Metric.REQUEST_TIME,
            Metric.JITTER_ONE_HOP, Metric.JITTER_E2E, Metric.THROUGHPUT);

    /** How far a re-run lands: the band method, which runs set each band, the factors, and the kept runs checked. */
    private static void rerunBands(StringBuilder md, List<Source> sources, MachineShift machines) {
        List<RunResult> runs = sources.stream().map(Source::result).toList();
        RerunBand bands = RerunBand.of(runs);
        md.append("## How far a re-run lands\n\n");
        md.append("Two runs of the same point do not give the same figure: the brokers, the app, Toxiproxy and the load"
                + " generator share two cores, and a collection pause or a busy core moves a run's averages. A band"
                + " says how far a re-run of a point may land and still be a re-run, measured on the runs of one"
                + " machine and one sweep (together: one origin); runs of different origins are never pooled.\n\n");
        md.append("**The method.** For one origin, experiment, config and metric, every point run two or more times"
                + " there gives one ratio per run: the run against the median of the point's other runs, the larger"
                + " over the smaller (how far that run landed from the rest). The factor is the ")
                .append(percent(RerunBand.COVERAGE)).append(" quantile (nearest rank) of those ratios over all of the"
                        + " config's repeated points. A point's band is the median of its runs there, times and divided"
                        + " by that factor once: median / factor to median x factor. A faithful re-run is expected outside"
                        + " for about ").append(percent(1 - RerunBand.COVERAGE)).append(" of its figures; a re-run is"
                        + " called off when more than ").append(percent(RangeCheck.OFF_SHARE)).append(" land outside."
                        + " A point of a config no point of which was repeated in that origin has no band, and is not"
                        + " judged. Throughput at the paper's offered rate has no band: it echoes the offered rate."
                        + " `./chaos report --paper DIR --against docs/PAPER.md` checks the runs under DIR against the"
                        + " bands set by the runs this page's first line names, leaving out every run that is among those"
                        + " checked, so that no run widens the band it is checked against; `./chaos paper` checks its own"
                        + " runs so. `docs/paper/").append(OURS_CSV).append("` lists every point's band as data.\n\n");
        md.append("Each run records a calibration of its machine (provenance's `calibration`: ")
                .append(MachineCalibration.METHOD).append("; in sorts per second). Bands are per machine, not scaled by"
                        + " calibration: latency near what a machine's cores take does not follow its speed in proportion"
                        + " (a slower machine queues), so a scaled band would be a guess. The calibration tells machines"
                        + " that name themselves alike apart, and a busy moment from a quiet one.\n\n");

        md.append("### Which runs set the bands\n\n| origin | machine | sweep | runs | kept directories (runs, first and last"
                + " start, UTC) |\n|---|---|---|---:|---|\n");
        Map<Origin, List<Source>> byOrigin = new LinkedHashMap<>();
        sources.stream().filter(s -> s.result().paper() != null)
                .forEach(s -> byOrigin.computeIfAbsent(Origin.of(s.result()), o -> new ArrayList<>()).add(s));
        List<Origin> origins = bands.origins();
        for (Origin origin : origins) {
            List<Source> of = byOrigin.getOrDefault(origin, List.of());
            Map<Path, List<Source>> byDirectory = new java.util.TreeMap<>();
            of.forEach(s -> byDirectory.computeIfAbsent(keptDirectory(s), d -> new ArrayList<>()).add(s));
            List<String> directories = new ArrayList<>();
            byDirectory.forEach((dir, in) -> directories.add("`" + dir + "` (" + in.size() + ", " + span(in) + ")"));
            md.append("| ").append(name(machines, origin)).append(" | ").append(letter(machines, origin.machine()))
                    .append(" | `").append(origin.sweep()).append("` | ").append(of.size()).append(" | ")
                    .append(String.join("; ", directories)).append(" |\n");
        }
        md.append('\n');

        md.append("### The factors\n\nEach cell: the factor (a band is the point's median times and divided by it), and"
                + " over how many repeated points it was measured. A dash: no point of that kind was repeated in that"
                + " origin, so its points have no band.\n\n");
        metricsHeader(md, List.of("origin", "experiment", "config"), METRICS);
        for (Origin origin : origins) {
            for (Experiment experiment : Experiment.values()) {
                for (String config : CONFIGS) {
                    if (bands.runs(origin).map(t -> t.cells().stream().noneMatch(c -> c.experiment() == experiment
                            && c.config().equals(config))).orElse(true)) {
                        continue;
                    }
                    md.append("| ").append(name(machines, origin)).append(" | ").append(words(experiment)).append(" | ")
                            .append(config).append(" |");
                    for (Metric metric : METRICS) {
                        md.append(' ').append(metric.echoes(experiment) ? "echo" : bands.factor(origin, experiment,
                                config, metric).map(f -> String.format(Locale.ROOT, "x%.2f (%d)", f.factor(), f.points()))
                                .orElse("-")).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
        md.append('\n');

        md.append("### The kept runs checked against the others\n\nEach kept directory's paper runs, checked against the"
                + " bands the other runs set (the directory's own left out), as they are and with a slowdown planted:"
                + " every latency, request time and jitter figure times 2 and throughput divided by 2 (2x slower), and"
                + " the reverse (2x faster). Not judged: figures with no band in their origin (no other run of the"
                + " point there, or no repeated point of the config to measure a spread). A sweep made by another"
                + " build than the runs that set its bands may land off for the build's sake, not the machine's.\n\n"
                + "| kept runs | origin | build | calibration (sorts/s) | host CPU at 90 % or more (median share of"
                + " measured seconds) | figures judged | outside | a faithful re-run: about | 2x slower: outside"
                + " | 2x faster: outside | not judged |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        Map<Path, List<Source>> byDirectory = new java.util.TreeMap<>();
        sources.stream().filter(s -> s.result().paper() != null)
                .forEach(s -> byDirectory.computeIfAbsent(keptDirectory(s), d -> new ArrayList<>()).add(s));
        long[] totals = new long[5]; // judged, outside, 2x slower outside, 2x faster outside, not judged
        byDirectory.forEach((dir, in) -> {
            List<RunResult> checked = in.stream().map(Source::result).toList();
            RangeCheck.Outcome asIs = RangeCheck.check(checked, runs);
            RangeCheck.Outcome slower = RangeCheck.check(checked, runs, 2);
            RangeCheck.Outcome faster = RangeCheck.check(checked, runs, 0.5);
            String origin = String.join(", ", checked.stream().map(Origin::of).distinct().map(o -> name(machines, o))
                    .toList());
            String build = String.join(", ", checked.stream().map(r -> r.provenance() == null ? "unknown"
                    : "`" + shortCommit(r.provenance().gitCommit()) + "`").distinct().toList());
            Spread calibration = Spread.of(checked.stream().filter(r -> r.provenance() != null
                    && r.provenance().calibration() != null).mapToDouble(r -> r.provenance().calibration().perSecond())
                    .toArray());
            Spread saturated = Spread.of(in.stream().mapToDouble(Source::cpuSaturated).filter(Double::isFinite)
                    .map(v -> v * 100).toArray());
            md.append("| `").append(dir).append("` | ").append(origin).append(" | ").append(build).append(" | ")
                    .append(calibration.measured() ? String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", calibration.median(),
                            calibration.min(), calibration.max()) : "-").append(" | ")
                    .append(saturated.measured() ? String.format(Locale.ROOT, "%.0f %%", saturated.median()) : "-")
                    .append(" | ").append(asIs.judged()).append(" | ")
                    .append(asIs.outside()).append(asIs.off() ? " (off)" : "").append(" | ")
                    .append(String.format(Locale.ROOT, "%.0f", asIs.expectedOutside())).append(" | ")
                    .append(slower.outside()).append(" | ").append(faster.outside()).append(" | ")
                    .append(asIs.notJudged().size()).append(" |\n");
            totals[0] += asIs.judged();
            totals[1] += asIs.outside();
            totals[2] += slower.outside();
            totals[3] += faster.outside();
            totals[4] += asIs.notJudged().size();
        });
        md.append("| all of them | | | | | ").append(totals[0]).append(" | ").append(totals[1]).append(" | ")
                .append(String.format(Locale.ROOT, "%.0f", totals[0] * (1 - RerunBand.COVERAGE))).append(" | ")
                .append(totals[2]).append(" | ").append(totals[3]).append(" | ").append(totals[4]).append(" |\n");
        md.append('\n');
        machineShifts(md, machines);
    }

    /** The directory a run was kept in: the one holding its own directory. */
    private static Path keptDirectory(Source source) {
        Path parent = source.directory().getParent();
        return parent == null ? source.directory() : parent;
    }

    /** "2026-11-24 20:45 to 2026-11-24 22:33" over the runs' measured starts. */
    private static String span(List<Source> runs) {
        long first = runs.stream().mapToLong(r -> r.result().startedAt()).filter(t -> t > 0).min().orElse(0);
        long last = runs.stream().mapToLong(r -> r.result().startedAt()).max().orElse(0);
        return first > 0 ? utc(first) + " to " + utc(last) : "when unknown";
    }

    /** The machines, their calibration, and how far each sits from the reference in the sweeps both ran. */
    private static void machineShifts(StringBuilder md, MachineShift shift) {
        md.append("### Machines\n\nThe runs come from ").append(shift.machines().size())
                .append(shift.machines().size() == 1 ? " machine" : " machines").append(", as their provenance names"
                        + " them (a kernel build tells apart VMs that name their CPU alike):\n\n");
        for (int i = 0; i < shift.machines().size(); i++) {
            MachineShift.Machine machine = shift.machines().get(i);
            md.append("- ").append(letter(i)).append(": ").append(machine.identity())
                    .append(machine.cpu() == null ? "" : " (" + machine.cpu() + ")").append(", ").append(machine.runs())
                    .append(" runs").append(i == 0 ? " (the reference)" : "").append("; calibration: ")
                    .append(machine.calibration().measured() ? String.format(Locale.ROOT,
                            "%.2f sorts/s (%.2f-%.2f over %d runs)", machine.calibration().median(),
                            machine.calibration().min(), machine.calibration().max(), machine.calibration().n())
                            : "none (its runs predate calibrations)").append('\n');
        }
        md.append('\n');
        if (shift.compared().isEmpty()) {
            return;
        }
        md.append("How far each machine sits from the reference, in the sweeps both ran: a point's median there over its"
                + " median on the reference, as the median over the points run on both (min-max, points). Above 1:"
                + " slower latency or request time, more jitter, or more throughput. Latency does not follow a"
                + " machine's speed in proportion: where the offered rate is near what the slower machine's cores take,"
                + " a slower machine queues, and its latency is many times the faster one's;"
                + " [What bounds our figures](#what-bounds-our-figures) says how often the CPU was the limit.\n\n");
        metricsHeader(md, List.of("machine", "sweep", "experiment", "config"), METRICS);
        for (MachineShift.Shift compared : shift.compared()) {
            for (Experiment experiment : Experiment.values()) {
                for (String config : CONFIGS) {
                    if (METRICS.stream().noneMatch(m -> shift.shift(compared.machine(), compared.sweep(), experiment,
                            config, m).isPresent())) {
                        continue;
                    }
                    md.append("| ").append(letter(shift, compared.machine())).append(" | `").append(compared.sweep())
                            .append("` | ").append(words(experiment)).append(" | ").append(config).append(" |");
                    for (Metric metric : METRICS) {
                        md.append(' ').append(shift.shift(compared.machine(), compared.sweep(), experiment, config, metric)
                                .map(s -> String.format(Locale.ROOT, "x%.2f (%.2f-%.2f, %d)", s.ratios().median(),
                                        s.ratios().min(), s.ratios().max(), s.ratios().n())).orElse("-")).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
        md.append('\n');
    }

    /** Every origin but the reference's: its points, each figure as median (range) over its runs there. */
    private static void otherOrigins(StringBuilder md, List<RunResult> runs, Reference reference, MachineShift machines) {
        RerunBand bands = RerunBand.of(runs);
        List<Origin> others = bands.origins().stream().filter(o -> !o.equals(reference.origin())).toList();
        if (others.isEmpty()) {
            return;
        }
        md.append("## Other machines and sweeps\n\nThe runs that are not Table II's, one table per origin (machine and"
                + " sweep), never pooled with Table II's or with each other: each cell the median over the point's runs"
                + " there, with the range when there were two or more.\n\n");
        for (Origin origin : others) {
            OurTable2 table = bands.runs(origin).orElseThrow();
            md.append("### ").append(name(machines, origin)).append(": machine ").append(letter(machines, origin.machine()))
                    .append(", `").append(origin.sweep()).append("`\n\n");
            metricsHeader(md, List.of("experiment", "config", "messages", "runs"), METRICS);
            for (OurTable2.Cell cell : table.cells()) {
                md.append("| ").append(words(cell.experiment())).append(" | ").append(cell.config()).append(" | ")
                        .append(count(cell.messages())).append(" | ").append(cell.runs().size()).append(" |");
                for (Metric metric : METRICS) {
                    String text = cell(cell.spread(metric));
                    md.append(' ').append(metric.echoes(cell.experiment()) && !"-".equals(text) ? text + " (echo)" : text)
                            .append(" |");
                }
                md.append('\n');
            }
            md.append('\n');
        }
    }

    /** A table's header: the leading columns, then one right-aligned column per metric. */
    private static void metricsHeader(StringBuilder md, List<String> leading, List<Metric> metrics) {
        md.append('|');
        StringBuilder rule = new StringBuilder("|");
        for (String column : leading) {
            md.append(' ').append(column).append(" |");
            rule.append("---|");
        }
        for (Metric metric : metrics) {
            md.append(' ').append(metric.label()).append(" |");
            rule.append("---:|");
        }
        md.append('\n').append(rule).append('\n');
    }

    /** How the page names an experiment. */
    private static String words(Experiment experiment) {
        return experiment == Experiment.PAPER_RATE ? "at the paper's rate" : "as fast as possible";
    }

    /** A machine's name on the page: A for the reference, then B, C... */
    private static String letter(int index) {
        return String.valueOf((char) ('A' + Math.min(index, 25)));
    }

    private static String letter(MachineShift machines, String identity) {
        List<String> identities = machines.machines().stream().map(MachineShift.Machine::identity).toList();
        return letter(Math.max(0, identities.indexOf(identity)));
    }

    /** An origin's name on the page: its machine's letter and its sweep, "A paper-quick". */
    private static String name(MachineShift machines, Origin origin) {
        return letter(machines, origin.machine()) + " " + origin.sweep();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }

    private interface CellText {
        String at(String config, long messages);
    }

    private record Column(String name, CellText text) {
    }

    private static void metricTable(StringBuilder md, String title, OurTable2 ours, PaperTable paper, List<Column> columns) {
        md.append("### ").append(title).append("\n\n| messages |");
        StringBuilder rule = new StringBuilder("|---:|");
        for (String config : CONFIGS) {
            for (Column column : columns) {
                md.append(' ').append(config).append(' ').append(column.name()).append(" |");
                rule.append("---:|");
            }
        }
        md.append('\n').append(rule).append('\n');
        for (long messages : paper.messageCounts()) {
            md.append("| ").append(count(messages)).append(" |");
            for (String config : CONFIGS) {
                for (Column column : columns) {
                    md.append(' ').append(column.text().at(config, messages)).append(" |");
                }
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static String paperValue(PaperTable paper, String config, long messages,
                                     java.util.function.ToDoubleFunction<RunResult.PaperFigures> figure) {
        return paper.figures(config, messages).map(f -> num(figure.applyAsDouble(f))).orElse("-");
    }

    static String cell(Spread s) {
        if (!s.measured()) {
            return "-";
        }
        return s.n() > 1 ? num(s.median()) + " (" + num(s.min()) + "-" + num(s.max()) + ")" : num(s.median());
    }

    // ---- charts --------------------------------------------------------------------------------

    /** A chart like one of the paper's figures. */
    private record Chart(String file, String title, Metric metric, Experiment experiment,
                         java.util.function.ToDoubleFunction<RunResult.PaperFigures> paper, PaperClaims.Band band,
                         Metric second) {
    }

    private static final List<Chart> CHARTS_LIKE_THE_PAPER = List.of(
            new Chart("fig2-latency-light.svg", "Fig. 2: latency, light load", Metric.LATENCY_ONE_HOP,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::latencyMs, PaperClaims.Band.LIGHT, null),
            new Chart("fig3-latency-medium.svg", "Fig. 3: latency, medium load", Metric.LATENCY_ONE_HOP,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::latencyMs, PaperClaims.Band.MEDIUM, null),
            new Chart("fig4-latency-heavy.svg", "Fig. 4: latency, heavy load", Metric.LATENCY_ONE_HOP,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::latencyMs, PaperClaims.Band.HEAVY, null),
            new Chart("fig5-request-time.svg", "Fig. 5: Kafka request time", Metric.REQUEST_TIME,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::requestTimeMs, null, null),
            new Chart("fig6-jitter.svg", "Fig. 6: jitter", Metric.JITTER_ONE_HOP,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::jitterMs, null, null),
            new Chart("fig7-throughput-light.svg", "Fig. 7: throughput, light load", Metric.THROUGHPUT,
                    Experiment.CAPACITY, RunResult.PaperFigures::throughputPerSec, PaperClaims.Band.LIGHT, null),
            new Chart("fig8-throughput-medium.svg", "Fig. 8: throughput, medium load", Metric.THROUGHPUT,
                    Experiment.CAPACITY, RunResult.PaperFigures::throughputPerSec, PaperClaims.Band.MEDIUM, null),
            new Chart("fig9-throughput-heavy.svg", "Fig. 9: throughput, heavy load", Metric.THROUGHPUT,
                    Experiment.CAPACITY, RunResult.PaperFigures::throughputPerSec, PaperClaims.Band.HEAVY, null),
            new Chart("latency-end-to-end.svg", "Ours only: end-to-end latency over the whole sweep", Metric.LATENCY_E2E,
                    Experiment.PAPER_RATE, RunResult.PaperFigures::latencyMs, null, null));

    static Map<String, String> charts(OurTable2 ours, PaperTable paper) {
        Map<String, String> files = new LinkedHashMap<>();
        for (Chart chart : CHARTS_LIKE_THE_PAPER) {
            List<Long> counts = paper.messageCounts().stream()
                    .filter(m -> chart.band() == null || chart.band().contains(m)).toList();
            boolean log = chart.band() == null || chart.band() == PaperClaims.Band.LIGHT;
            Function<Long, Double> x = m -> log ? Math.log10(m) : m;
            // ours and the paper's, per config: ours may be orders of magnitude away, hence a log y axis then
            List<double[]> mine = new ArrayList<>();
            List<double[]> theirs = new ArrayList<>();
            for (String config : CONFIGS) {
                mine.add(counts.stream().mapToDouble(m -> ours.spread(chart.experiment(), config, m,
                        chart.metric()).median()).toArray());
                theirs.add(counts.stream().mapToDouble(m -> paper.figures(config, m)
                        .map(f -> chart.paper().applyAsDouble(f)).orElse(Double.NaN)).toArray());
            }
            double[] all = Stream.concat(mine.stream(), theirs.stream()).flatMapToDouble(java.util.Arrays::stream)
                    .filter(v -> Double.isFinite(v) && v > 0).toArray();
            double lo = java.util.Arrays.stream(all).min().orElse(1);
            double hi = java.util.Arrays.stream(all).max().orElse(1);
            boolean logY = hi / lo > 30;
            SvgChart svg = new SvgChart("messages" + (log ? " (log scale)" : ""), chart.metric().unit()
                    + (logY ? " (log scale)" : ""));
            if (log) {
                double from = Math.log10(counts.get(0));
                double to = Math.log10(counts.get(counts.size() - 1));
                svg.xTicks(SweepReport.logTicks(from, to)).xRange(from - 0.05, to + 0.05);
            }
            if (logY) {
                svg.yTicks(logTicks((int) Math.floor(Math.log10(lo)), (int) Math.ceil(Math.log10(hi))));
            }
            java.util.function.DoubleUnaryOperator y = v -> !logY ? v : v > 0 ? Math.log10(v) : Double.NaN;
            double[] xs = counts.stream().mapToDouble(m -> x.apply(m)).toArray();
            for (int c = 0; c < CONFIGS.size(); c++) {
                String config = CONFIGS.get(c);
                svg.add(new SvgChart.Series(config + " ours (" + chart.metric().label() + ")", xs,
                        java.util.Arrays.stream(mine.get(c)).map(y).toArray(), false, c));
                svg.add(new SvgChart.Series(config + " paper", xs,
                        java.util.Arrays.stream(theirs.get(c)).map(y).toArray(), true, c));
            }
            files.put(chart.file(), svg.renderStandalone());
        }
        return files;
    }

    /** Ticks at 1, 2 and 5 of each decade from 10^from to 10^to, at their log10, labelled with the value. */
    static List<SvgChart.Tick> logTicks(int from, int to) {
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (int decade = from; decade <= to; decade++) {
            for (int step : decade == to ? new int[] {1} : new int[] {1, 2, 5}) {
                double value = step * Math.pow(10, decade);
                String label = value >= 1000 ? String.format(Locale.ROOT, "%.0fk", value / 1000)
                        : value >= 1 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%s",
                        java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(1)).toPlainString());
                ticks.add(new SvgChart.Tick(Math.log10(value), label));
            }
        }
        return ticks;
    }

    private static void figures(StringBuilder md, Set<String> files) {
        md.append("## Figures\n\nSolid: ours (the median per point); dashed: the paper's. One colour per config."
                + " Latency and jitter are the one-hop figures, the paper's definition; the last chart adds our"
                + " end-to-end latency. Throughput is the as-fast-as-possible sweep.\n\n");
        for (Chart chart : CHARTS_LIKE_THE_PAPER) {
            if (files.contains(chart.file())) {
                md.append("### ").append(chart.title()).append("\n\n![").append(chart.title()).append("](")
                        .append(CHARTS).append('/').append(chart.file()).append(")\n\n");
            }
        }
    }

    // ---- what bounds our figures ----------------------------------------------------------------

    /** Per origin, experiment and config, how much of the measured time the machine's CPU was the limit. */
    private static void machine(StringBuilder md, List<Source> sources, Reference reference, MachineShift machines) {
        List<Source> paperRuns = sources.stream().filter(s -> s.result().paper() != null
                && Double.isFinite(s.cpuSaturated())).toList();
        if (paperRuns.isEmpty()) {
            return;
        }
        md.append("## What bounds our figures\n\nThe brokers, the app, Toxiproxy and the load generator share one"
                + " machine, and other work on it takes from them. Where its CPU is saturated, latency describes the"
                + " machine's queue more than Kafka. The share of measured seconds (sending and draining, warm-up"
                + " excluded) with the host CPU at 90 % or more, per run: median (min-max) over the runs of each"
                + " origin and config; Table II's are machine ").append(letter(machines, reference.machine()))
                .append("'s `").append(reference.sweep()).append("`.\n\n"
                        + "| origin | config | at the paper's rate | as fast as possible |\n|---|---|---:|---:|\n");
        List<Origin> origins = new ArrayList<>(List.of(reference.origin()));
        paperRuns.stream().map(s -> Origin.of(s.result())).distinct().filter(o -> !origins.contains(o))
                .forEach(origins::add);
        for (Origin origin : origins) {
            for (String config : CONFIGS) {
                List<Source> of = paperRuns.stream().filter(s -> Origin.of(s.result()).equals(origin)
                        && s.result().paper().config().equalsIgnoreCase(config)).toList();
                if (of.isEmpty()) {
                    continue;
                }
                md.append("| ").append(name(machines, origin)).append(" | ").append(config).append(" |");
                for (Experiment experiment : List.of(Experiment.PAPER_RATE, Experiment.CAPACITY)) {
                    Spread spread = Spread.of(of.stream().filter(s -> OurTable2.Experiment.of(s.result()) == experiment)
                            .mapToDouble(s -> s.cpuSaturated() * 100).toArray());
                    md.append(' ').append(spread.measured() ? percent(spread) : "-").append(" |");
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    private static String percent(Spread s) {
        return String.format(Locale.ROOT, "%.0f %% (%.0f-%.0f %%)", s.median(), s.min(), s.max());
    }

    // ---- the other seeds ------------------------------------------------------------------------

    private static final Map<String, String> SEED_INTROS = Map.of(
            "slow-kafka", "### The slow-kafka experiment\n\nOne producer and a ten-thread consumer on two brokers"
                    + " (RF 2, 10 partitions, acks=1), made slow one level at a time. Its figure is the consumer's rate"
                    + " for 100k events; ours is the chain's completed orders per second for the same change, each"
                    + " stage on a fresh env.",
            "ingest", "### The sustained-ingest matrix P0-P5\n\nThree producers sending as fast as they can, one"
                    + " dimension changed per stage. The seed soaks ten minutes per stage and reports figures for P0"
                    + " only.",
            "logibec", "### Logibec's broker threads and socket buffers\n\nA CDC pipeline on a 2-core VM, timed end to"
                    + " end; its figure is the whole transfer's time, so its throughput ratio is the baseline's time"
                    + " over the stage's. Ours: C3 sending 20,000 orders as fast as possible per setting.");

    private static void seeds(StringBuilder md, List<Source> sources) {
        List<SeedFindings.Stage> stages = SeedFindings.load();
        md.append("## The other seeds\n\nEach seed's stages as scenarios of ours, beside the seed's own figure where"
                + " it gives one. Our cells are the median over the runs of a stage, with the range when there were"
                + " two or more. \"Seed vs baseline\" and \"ours vs baseline\" are each side's throughput against its"
                + " own baseline, side by side. A stage is judged only where it differs from its baseline (a baseline"
                + " is not compared with itself) and the seed gives a figure. It agrees when both go the same way"
                + " (slower: the ratio below 0.9; faster: above 1.1; else about the same) and ours is within a factor"
                + " of ").append(num(SIZE_TOLERANCE)).append(" of the seed's (ours over the seed's from ")
                .append(String.format(Locale.ROOT, "%.2f", 1 / SIZE_TOLERANCE)).append(" to ").append(num(SIZE_TOLERANCE))
                .append("): a slowdown a fifth the seed's goes the same way but does not reproduce it. When the stage"
                        + " and its baseline were both repeated and their ranges overlap, ours is within what a re-run"
                        + " moves and counts as about the same, whatever the medians say. \"Single runs\" marks a"
                        + " verdict read from one run on either side: on this machine a re-run can move a figure by more"
                        + " than the 10 % band, so such a verdict is weak evidence.\n\n");
        for (String group : List.of("slow-kafka", "ingest", "logibec")) {
            md.append(SEED_INTROS.get(group)).append(soak(group, stages, sources)).append("\n\n");
            md.append("| stage | what changes | the seed | ours: orders/s | records/s | latency p50 / p99 (ms)"
                    + " | request time (ms) | seed vs baseline | ours vs baseline | agrees |\n"
                    + "|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
            List<String> failed = new ArrayList<>();
            for (SeedFindings.Stage stage : stages) {
                if (!stage.group().equals(group)) {
                    continue;
                }
                List<RunResult> mine = runsNamed(sources, stage.run());
                List<RunResult> base = runsNamed(sources, stage.baseline());
                // A failed run's figures are shown as measured, but a direction read from them would
                // judge a chain that did not finish: the stage is not judged, and the failure is named.
                boolean judged = Stream.concat(mine.stream(), base.stream()).allMatch(r -> r.verdict() == Verdict.PASS);
                mine.stream().filter(r -> r.verdict() != Verdict.PASS).forEach(r -> failed.add("- **" + stage.stage()
                        + "** (`" + r.scenario() + "`): " + r.verdict() + ", " + shortened(r.violations())));
                Spread throughput = spread(mine, r -> r.throughput().ordersPerSec());
                Spread baseThroughput = spread(base, r -> r.throughput().ordersPerSec());
                double ratio = throughput.median() / baseThroughput.median();
                boolean baseline = stage.run().equals(stage.baseline());
                md.append("| ").append(stage.stage()).append(" | ").append(stage.changes()).append(" | ")
                        .append(stage.seedFigure()).append(" | ")
                        .append(cell(throughput)).append(" | ")
                        .append(cell(spread(mine, r -> r.throughput().recordsPerSec()))).append(" | ")
                        .append(num(spread(mine, r -> r.latencyMs().p50()).median())).append(" / ")
                        .append(num(spread(mine, r -> r.latencyMs().p99()).median())).append(" | ")
                        .append(num(spread(mine, r -> r.requestTimeMs().avg()).median())).append(" | ")
                        .append(ratio(stage.seedRatio())).append(" | ")
                        .append(ratio(ratio)).append(" | ")
                        .append(baseline ? "the baseline" : judged ? agrees(stage.seedRatio(), throughput, baseThroughput)
                                : "not judged: a run failed").append(" |\n");
            }
            if (!failed.isEmpty()) {
                md.append("\nRuns that failed the checker, so their stage is not judged:\n\n");
                failed.forEach(line -> md.append(line).append('\n'));
            }
            md.append('\n');
        }
    }

    /** A run's violations in one line, the first in full and the rest counted. */
    private static String shortened(List<String> violations) {
        if (violations.isEmpty()) {
            return "no violation recorded";
        }
        String first = violations.get(0);
        if (first.length() > 160) {
            first = first.substring(0, 157) + "...";
        }
        return first + (violations.size() > 1 ? " (+" + (violations.size() - 1) + " more)" : "");
    }

    /** The soak length of the group's runs, when they are bounded by time rather than orders. */
    private static String soak(String group, List<SeedFindings.Stage> stages, List<Source> sources) {
        Set<String> lengths = new java.util.TreeSet<>();
        for (SeedFindings.Stage stage : stages) {
            if (stage.group().equals(group)) {
                runsNamed(sources, stage.run()).forEach(r -> {
                    Object seconds = r.workload().get("durationSeconds");
                    if (seconds instanceof Number n && n.longValue() > 0) {
                        lengths.add(n.longValue() + " s");
                    }
                });
            }
        }
        return lengths.isEmpty() ? "" : " Here each stage soaks " + String.join(" or ", lengths)
                + " after its warm-up (`--duration` sets it; 600 is the seed's length).";
    }

    private static List<RunResult> runsNamed(List<Source> sources, String name) {
        return sources.stream().map(Source::result)
                .filter(r -> name.equals(r.scenario()) && !r.interrupted() && r.verdict() != Verdict.ERROR).toList();
    }

    private static Spread spread(List<RunResult> runs, java.util.function.ToDoubleFunction<RunResult> figure) {
        return Spread.of(runs.stream().mapToDouble(figure).toArray());
    }

    private static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT,
                value < 0.01 ? "%.4f" : "%.2f", value);
    }

    /** How far ours may be from the seed's change, as a factor either way, and still agree with it. */
    static final double SIZE_TOLERANCE = 1.5;

    /**
     * Whether our change reproduces the seed's: the same way (slower, about the same, or faster) and
     * within {@link #SIZE_TOLERANCE} of its size. Ours is read from the medians' ratio, except that
     * repeated runs whose ranges overlap are about the same: a difference a re-run could undo is not a
     * direction. "-" where the seed gives no figure.
     */
    static String agrees(double seed, Spread stage, Spread baseline) {
        double ours = stage.median() / baseline.median();
        if (Double.isNaN(seed) || Double.isNaN(ours) || Double.isInfinite(ours)) {
            return "-";
        }
        boolean repeated = stage.n() > 1 && baseline.n() > 1;
        int direction = repeated && stage.overlaps(baseline) ? 0 : direction(ours);
        double size = (direction == 0 ? 1 : ours) / seed;
        String verdict;
        if (direction(seed) != direction) {
            verdict = "no: " + way(direction) + " against the seed's " + way(direction(seed));
        } else if (size < 1 / SIZE_TOLERANCE || size > SIZE_TOLERANCE) {
            verdict = "no: " + way(direction) + ", but " + String.format(Locale.ROOT, size >= 10 ? "%.0fx" : "%.2fx", size)
                    + " the seed's change";
        } else {
            verdict = "yes";
        }
        return repeated ? verdict : verdict + " (single runs)";
    }

    private static String way(int direction) {
        return direction < 0 ? "slower" : direction > 0 ? "faster" : "about the same";
    }

    private static int direction(double ratio) {
        return ratio < 0.9 ? -1 : ratio > 1.1 ? 1 : 0;
    }

    // ---- claims, runs, regeneration ------------------------------------------------------------

    private static void claims(StringBuilder md, List<PaperClaims.Claim> claims) {
        md.append("## The claims\n\nThe rules: a claim about a load band holds when it is true at two thirds or"
                + " more of the band's points that were measured on every config it names; \"lower\" compares"
                + " medians; \"about equal\" is within 10 % or overlapping ranges. Latency and jitter are judged on"
                + " the one-hop figure, the paper's definition. Load bands as the paper's §IV-C: light 100-5,000,"
                + " medium 7,500-20,000, heavy 25,000-50,000 messages.\n\n");
        for (PaperClaims.Claim c : claims) {
            md.append("- **").append(c.claim()).append("** (").append(c.where()).append("; ").append(c.figure())
                    .append(") **").append(c.verdict().words()).append(".** ").append(c.evidence()).append(".\n");
        }
        md.append('\n');
    }

    private static void runs(StringBuilder md, List<Source> sources) {
        List<Source> rechecked = sources.stream().filter(Source::history).toList();
        List<Source> without = sources.stream().filter(s -> !s.history()).toList();
        md.append("## The runs\n\n").append(count(sources.size())).append(sources.size() == 1 ? " run" : " runs")
                .append(" read make this page (").append(count(sources.stream().filter(s -> s.result().paper() != null)
                        .count())).append(" of the paper's sweeps, the rest the other seeds'). ");
        if (rechecked.isEmpty()) {
            md.append("None of them kept its history, so no verdict on this page can be judged again.");
        } else {
            Map<Verdict, Long> verdicts = new java.util.EnumMap<>(Verdict.class);
            rechecked.forEach(s -> verdicts.merge(s.result().verdict(), 1L, Long::sum));
            md.append(count(rechecked.size())).append(rechecked.size() == 1 ? " keeps its history" : " keep their history")
                    .append(" (`history.jsonl.gz` beside summary.json), so `./chaos check DIR` judges each again from"
                            + " its history alone: their verdicts are ")
                    .append(String.join(", ", verdicts.entrySet().stream().map(e -> count(e.getValue()) + " "
                            + e.getKey()).toList())).append('.');
        }
        if (!without.isEmpty()) {
            md.append(' ').append(count(without.size())).append(without.size() == 1 ? " run was" : " runs were")
                    .append(" kept before histories were (under ").append(String.join(", ", without.stream()
                            .map(PaperReport::keptDirectory).distinct().sorted().map(d -> "`" + d + "`").toList()))
                    .append("): their figures are in the tables, their verdicts are as their summary.json recorded"
                            + " them, **not re-checkable**, and not counted here.");
        }
        md.append("\n\n");
        List<Source> failed = sources.stream().filter(s -> s.result().paper() != null
                && s.result().verdict() != Verdict.PASS).toList();
        if (failed.isEmpty()) {
            md.append("Every paper run's summary says PASS: no order lost, duplicated or left in flight, stock"
                    + " conserved.\n\n");
        } else {
            md.append("Not every paper run passed the checker; interrupted runs and tool errors are left out of the"
                    + " tables, failed ones are kept and listed here:\n\n");
            failed.forEach(s -> md.append("- `").append(s.directory().getFileName()).append("`: ")
                    .append(s.result().verdict()).append(s.result().violations().isEmpty() ? ""
                            : " (" + String.join("; ", s.result().violations()) + ")").append('\n'));
            md.append('\n');
        }
        long first = sources.stream().mapToLong(s -> s.result().startedAt()).filter(t -> t > 0).min().orElse(0);
        long last = sources.stream().mapToLong(s -> s.result().endedAt()).max().orElse(0);
        if (first > 0) {
            md.append("They ran from ").append(utc(first)).append(" to ").append(utc(last)).append(" UTC.\n\n");
        }
    }

    private static void regenerate(StringBuilder md, String command) {
        md.append("## How to regenerate\n\n```\n")
                .append("./chaos run scenarios/paper-table2.yaml              # both sweeps (~100 min)\n")
                .append("./chaos run scenarios/paper-table2-paper-rate.yaml   # a repeat of the paper-rate half (~85 min)\n")
                .append("./chaos paper --quick --orders 100,1000 --out results/paper-quick-$(date -u +%F)"
                        + "   # the quick sweep's two lightest counts (~12 min on an idle machine)\n")
                .append("out=results/seeds-$(date -u +%Y%m%d-%H%M)               # a new root for each repeat of the seeds\n")
                .append("for s in slow-kafka-baseline slow-kafka-slow-broker slow-kafka-slow-consumer slow-kafka-slow-producer \\\n")
                .append("         sweep-broker-threads sweep-socket-buffers; do\n")
                .append("  ./chaos run scenarios/$s.yaml --out $out/$s\n")
                .append("done\n")
                .append("for s in ingest-p0-baseline ingest-p1-big-batch ingest-p2-durability ingest-p3-broker-threads \\\n")
                .append("         ingest-p4-compression ingest-p5-high-safety; do   # a 10 s soak: ~300,000 orders, 3-4 min each\n")
                .append("  ./chaos run scenarios/$s.yaml --out $out/$s --duration 10\n")
                .append("done\n")
                .append(command).append('\n')
                .append("```\n\nThe page names its own command at the top: it reads every run at or below the"
                        + " directories it is given, so the repeats of a sweep are simply more directories. It refuses"
                        + " runs of a build with uncommitted changes (`+dirty` in their provenance). The runs it was"
                        + " built from are kept in `docs/paper/runs/` (each run's summary.json, timeseries.csv and,"
                        + " since histories are kept, history.jsonl.gz), so it regenerates from a clone and"
                        + " `./chaos check` judges every kept run with a history again; to add new results, name them"
                        + " after the kept ones with `--keep`, which copies them there first (refusing a run without a"
                        + " history or from a build with uncommitted changes) and names the copies in the command:"
                        + " `./chaos report --paper docs/paper/runs/* results/NEW --keep`."
                        + " To check this page by a re-run, `./chaos paper --quick` runs a subset (every config at four"
                        + " message counts, both sweeps) in under 15 minutes, and `./chaos paper --env C --orders N,M"
                        + " [--rate paper|max]` any other points; each then checks its figures against the bands under"
                        + " [How far a re-run lands](#how-far-a-re-run-lands) of its own machine and sweep"
                        + " (`./chaos report --paper DIR --against docs/PAPER.md` checks results already there). The"
                        + " charts are in `docs/paper/`, our figures and every band as data in `docs/paper/" + OURS_CSV
                        + "`, the seeds' own figures in `src/main/resources/paper/seed-findings.tsv` and the paper's"
                        + " Table II in `src/main/resources/paper/paper-table2.csv`.\n");
    }

    // ---- data ----------------------------------------------------------------------------------

    /** The CSV's header: where the runs come from, the point, the range over its runs there, and its band. */
    public static final String CSV_HEADER = "machine,sweep,experiment,config,messages,metric,median,min,max,runs,factor,low,high";

    /**
     * Our medians and ranges, one line per machine (its letter on the page), sweep, experiment, config,
     * message count and metric, with the band a re-run is expected within (empty where there is none);
     * throughput at the paper's rate, an echo of the offered rate, is left out.
     */
    static String csv(List<RunResult> runs, MachineShift machines) {
        RerunBand bands = RerunBand.of(runs);
        StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        for (Origin origin : bands.origins()) {
            for (OurTable2.Cell cell : bands.runs(origin).orElseThrow().cells()) {
                for (Metric metric : Metric.values()) {
                    Spread s = cell.spread(metric);
                    if (!s.measured() || metric.echoes(cell.experiment())) {
                        continue;
                    }
                    java.util.Optional<RerunBand.Band> band = bands.band(origin, cell.experiment(), cell.config(),
                            cell.messages(), metric);
                    csv.append(letter(machines, origin.machine())).append(',').append(origin.sweep()).append(',')
                            .append(cell.experiment().name().toLowerCase(Locale.ROOT)).append(',').append(cell.config())
                            .append(',').append(cell.messages()).append(',').append(metric.name().toLowerCase(Locale.ROOT))
                            .append(',').append(s.median()).append(',').append(s.min()).append(',').append(s.max())
                            .append(',').append(s.n()).append(',')
                            .append(band.map(b -> b.factor() + "," + b.low() + "," + b.high()).orElse(",,"))
                            .append('\n');
                }
            }
        }
        return csv.toString();
    }

    // ---- text ----------------------------------------------------------------------------------

    private static void row(StringBuilder md, String what, String paper, String ours) {
        md.append("| ").append(what).append(" | ").append(paper).append(" | ").append(ours).append(" |\n");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /**
     * The warm-ups the first points of the sessions had, most frequent first ("6,000", or "6,000 or
     * 2,000" when runs of two scenarios are pooled): every warm-up but the later points' own.
     */
    static String firstWarmups(OurTable2 ours) {
        Map<String, Long> seen = new LinkedHashMap<>();
        String later = orders(List.of(Session.LATER_WARMUP));
        for (Experiment experiment : Experiment.values()) {
            for (RunResult run : ours.runs(experiment)) {
                String phases = orders(run.workload() == null ? null : run.workload().get("warmup"));
                if (!phases.equals(later)) {
                    seen.merge(phases, 1L, Long::sum);
                }
            }
        }
        if (seen.isEmpty()) {
            return later;
        }
        return String.join(" or ", seen.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).map(Map.Entry::getKey).toList());
    }

    /** A warm-up list as "6,000" (or "1,000 + 500" for several phases); a warm-up until steady as "until steady". */
    private static String orders(Object phases) {
        if (phases instanceof Map<?, ?>) {
            return "until steady";
        }
        if (!(phases instanceof List<?> list) || list.isEmpty()) {
            return "no";
        }
        return String.join(" + ", list.stream().map(p -> p instanceof Number n ? count(n.longValue()) : String.valueOf(p))
                .toList());
    }

    private static String text(Object value, String absent) {
        return value == null ? absent : String.valueOf(value);
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.1f", v);
    }

    private static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String utc(long epochMs) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(epochMs));
    }

    /** Reads the runs of {@code directories}, noting which keep their history. */
    public static List<Source> read(List<Path> directories) throws IOException {
        List<Source> sources = new ArrayList<>();
        for (Path dir : directories) {
            ResultFiles.Run run = ResultFiles.read(dir);
            sources.add(new Source(dir, run.result(), RunHealth.saturatedShare(run.timeSeries()),
                    Files.isRegularFile(dir.resolve(HistoryFile.NAME))));
        }
        return sources;
    }

    /**
     * The runs a generated page was built from (those its first line names, relative paths taken
     * from {@code home}, the project): the runs that set the bands a re-run is checked against.
     */
    public static List<Source> pageSources(Path page, Path home) throws IOException {
        if (!Files.isRegularFile(page)) {
            throw new IOException(page + ": no such file (expected a PAPER.md written by ./chaos report --paper)");
        }
        List<Path> roots = new ArrayList<>();
        for (Path dir : pageRuns(Files.readString(page), page.toString())) {
            Path root = home.resolve(dir);
            if (!Files.isDirectory(root)) {
                throw new IOException(page + " names " + dir + ", which is not a directory under " + home);
            }
            roots.add(root);
        }
        return read(runDirectories(roots));
    }

    /**
     * The run directories a generated page names in its first line's command: the runs whose bands a
     * re-run is checked against.
     *
     * @throws IllegalArgumentException when the page's first line names no {@code ./chaos report --paper} command
     */
    public static List<Path> pageRuns(String page, String file) {
        java.util.regex.Matcher matcher = java.util.regex.Pattern
                .compile("^<!-- Generated by `\\./chaos report --paper ([^`]+)`").matcher(page);
        if (!matcher.find()) {
            throw new IllegalArgumentException(file + ": its first line names no `./chaos report --paper DIR...` command"
                    + " (expected a page written by ./chaos report --paper)");
        }
        List<Path> runs = new ArrayList<>();
        for (String word : matcher.group(1).trim().split(" +")) {
            if (word.startsWith("--")) {
                break; // the options after the directories (--out)
            }
            runs.add(Path.of(word));
        }
        return runs;
    }
}
