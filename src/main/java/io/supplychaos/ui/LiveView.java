package io.supplychaos.ui;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultPlace;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.cluster.ClusterTopics;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.kind.embedded.EnvStatus;
import io.supplychaos.metrics.LiveSeries;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;

/**
 * What the page shows, sampled once a second on its own thread so that a request never waits for
 * the cluster: the env's status ({@link EnvStatus}: processes, Toxiproxy, leaders and ISR, apps),
 * the end offsets of order-placed and notifications as records/s, a run's rows from
 * {@link LiveSeries} ({@code <stateDir>/live/timeseries.jsonl}) and the fault journal
 * ({@code <stateDir>/events.log}) paired into intervals. Reads only.
 */
final class LiveView implements AutoCloseable {

    /** How far back the charts go. */
    static final Duration WINDOW = Duration.ofMinutes(2);
    /** A live series not written to for this long is from a run that ended. */
    private static final Duration RUN_FRESH = Duration.ofSeconds(5);
    private static final List<String> COUNTED_TOPICS = List.of(Topics.ORDER_PLACED.name(), Topics.NOTIFICATIONS.name());
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code GET /api/status}; {@code env} null and {@code message} set when nothing is up. */
    record Status(long at, String stateDir, EnvInfo env, String message, boolean run, List<EnvStatus.BrokerStatus> brokers,
                  Integer underReplicated, List<EnvStatus.TopicStatus> topics, List<Toxics> toxics,
                  List<EnvStatus.AppStatus> apps) {
    }

    record EnvInfo(String name, String kind, String phase, String bootstrapServers) {
    }

    /** A proxy that is cut or carries toxics. */
    record Toxics(String proxy, Boolean enabled, List<JsonNode> toxics) {
    }

    /** {@code GET /api/series}: {@code source} is "run", "cluster" or "none". */
    record Series(long now, long windowMs, String source, List<RunPoint> run, List<ClusterPoint> cluster,
                  List<FaultBar> faults) {
    }

    /**
     * One second of a run: completed orders/s, latency percentiles (null when none completed), in
     * flight, the faults in effect and the run's phase (WARMUP, MEASURE, ...; null from a row without one).
     */
    record RunPoint(long at, long ordersPerSec, Double p50Ms, Double p99Ms, long inFlight, List<String> faults, String phase) {
    }

    record ClusterPoint(long at, Double placedPerSec, Double notificationsPerSec) {
    }

    /**
     * A fault from injection to heal ({@code to} null: still in effect); source "cli", "ui", "schedule"
     * or "run"; {@code id} its journal id (null for a run's bars and for older journal lines).
     */
    record FaultBar(String label, String action, String target, Integer brokerId, String source, long from, Long to,
                    String id) {

        FaultBar endedAt(long at) {
            return new FaultBar(label, action, target, brokerId, source, from, at, id);
        }

        FaultPlace place() {
            return new FaultPlace(brokerId, target);
        }
    }

    private final ChaosPaths paths;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "chaos-ui-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private final FaultEventLog journal;
    /** Where a line of the journal that is not an entry is named, once. */
    private final Consumer<String> warnings;
    private final List<FaultBar> journalBars = new ArrayList<>();
    private final Deque<RunPoint> runPoints = new ArrayDeque<>();
    private final Deque<ClusterPoint> clusterPoints = new ArrayDeque<>();
    private volatile Status status;
    private volatile Series series;
    private long journalPosition;
    private long livePosition;
    /** Lines of the live series read so far: a bad one is named by its number. */
    private long liveLines;
    private long liveModified;
    private Map<String, Long> lastEnds;
    private long lastEndsAt;
    private Admin admin;
    private String adminServers;
    /** When the env shown was started (now when none is): a fault still open from before it belongs to an env that is gone. */
    private long envStartedAt;
    /** How the env shown is reached; null when none is. */
    private KafkaAccess access;
    /** The brokers an attached cluster had registered at some point: one missing now is shown stopped. */
    private final java.util.SortedSet<Integer> seenBrokers = new java.util.TreeSet<>();

    /** @param warnings told each line of the journal that is skipped because it is not an entry */
    LiveView(ChaosPaths paths, Consumer<String> warnings) {
        this.paths = paths;
        this.journal = new FaultEventLog(paths.stateDir());
        this.warnings = warnings;
        this.status = new Status(System.currentTimeMillis(), paths.stateDir().toString(), null, "reading the state directory",
                false, List.of(), null, null, List.of(), List.of());
        this.series = new Series(System.currentTimeMillis(), WINDOW.toMillis(), "none", List.of(), List.of(), List.of());
    }

    void start() {
        timer.scheduleWithFixedDelay(this::sampleSafely, 0, 1, TimeUnit.SECONDS);
    }

    Status status() {
        return status;
    }

    Series series() {
        return series;
    }

    private void sampleSafely() {
        try {
            sample();
        } catch (RuntimeException | Error e) {
            status = new Status(System.currentTimeMillis(), paths.stateDir().toString(), null, "sampling failed: " + e,
                    false, List.of(), null, null, List.of(), List.of());
        }
    }

    /** One round: status, the run's rows, the journal, the end offsets. Package-private for tests. */
    void sample() {
        long now = System.currentTimeMillis();
        boolean run = readLiveSeries(now);
        readJournal();
        Status current = readStatus(now, run);
        status = current;
        List<ClusterPoint> cluster = List.of();
        if (current.env() != null && !run) {
            sampleOffsets(now);
            cluster = List.copyOf(clusterPoints);
        } else {
            clusterPoints.clear();
            lastEnds = null;
        }
        long from = now - WINDOW.toMillis();
        List<FaultBar> bars = new ArrayList<>();
        synchronized (journalBars) {
            journalBars.removeIf(b -> b.to() != null && b.to() < from || b.to() == null && b.from() < envStartedAt);
            journalBars.stream().filter(b -> b.to() == null || b.to() >= from).forEach(bars::add);
        }
        List<RunPoint> points = run ? List.copyOf(runPoints) : List.of();
        bars.addAll(runBars(points));
        series = new Series(now, WINDOW.toMillis(), run ? "run" : current.env() != null ? "cluster" : "none", points, cluster, bars);
    }

    private Status readStatus(long now, boolean run) {
        String dir = paths.stateDir().toString();
        Optional<Attachment> attached = Attachment.read(paths.stateDir());
        List<AppInstances.AppInstance> apps = new AppInstances(paths).read();
        if (attached.isPresent()) {
            return attachedStatus(now, run, attached.get(), apps);
        }
        Optional<EnvState> recorded = new EmbeddedEnvironment(paths).recorded();
        envStartedAt = recorded.map(r -> r.startedAt() == null ? 0L : r.startedAt().toEpochMilli()).orElse(now);
        if (recorded.isEmpty()) {
            access = null;
            return new Status(now, dir, null, "No environment is up in " + dir + ". Start one with ./chaos up (or ./chaos run);"
                    + " this page follows it as soon as it is recorded.", run, List.of(), null, null, List.of(), List.of());
        }
        EnvState state = recorded.get();
        access = state.access();
        EnvStatus.Report report = EnvStatus.of(state, apps);
        List<EnvStatus.TopicStatus> topics = report.topics() == null ? null : report.topics().stream()
                .filter(t -> Topics.SUPPLY_CHAIN_TOPIC_NAMES.contains(t.name())).toList();
        List<Toxics> toxics = report.toxiproxy().proxies().stream()
                .filter(p -> Boolean.FALSE.equals(p.enabled()) || !p.toxics().isEmpty())
                .map(p -> new Toxics(p.name(), p.enabled(), p.toxics())).toList();
        String message = EnvState.RUNNING.equals(state.phase()) ? null
                : "env '" + state.envName() + "' is " + state.phase() + "; the buttons work once it is running";
        return new Status(now, dir, new EnvInfo(report.env(), "embedded", report.phase(), report.bootstrapServers()), message, run,
                report.brokers(), report.underReplicatedPartitions(), topics, toxics, report.apps());
    }

    /**
     * A cluster the tool attached to (compose, external, kubernetes): no processes of ours to read, so
     * a broker is running while it is registered with the cluster and stopped once it is not; leaders
     * and ISR from the Admin client; proxies are not known here.
     */
    private Status attachedStatus(long now, boolean run, Attachment attachment, List<AppInstances.AppInstance> apps) {
        envStartedAt = attachment.attachedAt() == null ? 0L : attachment.attachedAt().toEpochMilli();
        access = attachment.access();
        java.util.Set<Integer> registered;
        try {
            registered = ClusterTopics.registered(access, Timeouts.STATUS_QUERY);
            seenBrokers.addAll(registered);
        } catch (RuntimeException e) {
            registered = null;
        }
        java.util.Set<Integer> answered = registered;
        List<EnvStatus.BrokerStatus> brokers = seenBrokers.stream().map(id -> new EnvStatus.BrokerStatus(id, null,
                answered == null ? "unknown" : answered.contains(id) ? "running" : "stopped", null, 0)).toList();
        List<EnvStatus.TopicStatus> topics = answered == null ? null : describe(access);
        Integer urp = topics == null ? null : (int) topics.stream().flatMap(t -> t.partitions().stream())
                .filter(p -> p.isr().size() < p.replicas().size()).count();
        List<EnvStatus.AppStatus> appStates = apps.stream()
                .map(app -> new EnvStatus.AppStatus(app.index(), app.pid(), "recorded", app.httpPort())).toList();
        return new Status(now, paths.stateDir().toString(), new EnvInfo(attachment.envName(), attachment.spec().kind().yamlName(),
                "attached", access.bootstrapServers()), answered == null ? "the cluster does not answer" : null, run, brokers, urp,
                topics, List.of(), appStates);
    }

    /** Leaders and ISR of the supply-chain topics on a cluster; null when it does not answer in time. */
    private List<EnvStatus.TopicStatus> describe(KafkaAccess cluster) {
        try {
            Admin client = admin(cluster);
            java.util.Set<String> names = new java.util.TreeSet<>(client.listTopics().names()
                    .get(Timeouts.STATUS_QUERY.toMillis(), TimeUnit.MILLISECONDS));
            names.retainAll(Topics.SUPPLY_CHAIN_TOPIC_NAMES);
            return client.describeTopics(names).allTopicNames().get(Timeouts.STATUS_QUERY.toMillis(), TimeUnit.MILLISECONDS)
                    .values().stream().sorted(java.util.Comparator.comparing(d -> d.name()))
                    .map(d -> new EnvStatus.TopicStatus(d.name(), d.partitions().stream()
                            .map(p -> new EnvStatus.PartitionStatus(p.partition(),
                                    p.leader() == null || p.leader().isEmpty() ? null : p.leader().id(),
                                    p.isr().stream().map(n -> n.id()).sorted().toList(),
                                    p.replicas().stream().map(n -> n.id()).sorted().toList()))
                            .toList()))
                    .toList();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return null;
        }
    }

    /** New rows of a run; true while the run writes them. */
    private boolean readLiveSeries(long now) {
        Path file = LiveSeries.file(paths.stateDir());
        try {
            if (!Files.isRegularFile(file)) {
                runPoints.clear();
                return false;
            }
            long size = Files.size(file);
            long modified = Files.getLastModifiedTime(file).toMillis();
            if (size < livePosition || modified < liveModified) {
                // truncated: a new run began
                livePosition = 0;
                liveLines = 0;
                runPoints.clear();
            }
            liveModified = modified;
            if (size > livePosition) {
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                    java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate((int) Math.min(size - livePosition, 8 << 20));
                    channel.read(buffer, livePosition);
                    String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
                    int end = text.lastIndexOf('\n');
                    if (end >= 0) {
                        for (String line : text.substring(0, end).split("\n", -1)) {
                            liveLines++;
                            if (!line.isBlank()) {
                                readRow(file, line);
                            }
                        }
                        livePosition += text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
                    }
                }
            }
            long from = now - WINDOW.toMillis();
            while (!runPoints.isEmpty() && runPoints.peekFirst().at() < from) {
                runPoints.removeFirst();
            }
            return now - modified < RUN_FRESH.toMillis();
        } catch (IOException e) {
            return false;
        }
    }

    /** One row of the live series; a line that is not one is skipped and named, and the rows after it read on. */
    private void readRow(Path file, String line) {
        try {
            JsonNode row = JSON.readTree(line);
            if (row != null && row.isObject()) {
                runPoints.add(runPoint(row));
                return;
            }
        } catch (IOException e) {
            // named below
        }
        warnings.accept(file + ":" + liveLines + ": skipped a line that is not a row of the live series: '"
                + (line.length() <= 80 ? line : line.substring(0, 77) + "...") + "'");
    }

    private static RunPoint runPoint(JsonNode row) {
        List<String> faults = new ArrayList<>();
        row.path("activeFaults").forEach(f -> faults.add(f.asText()));
        return new RunPoint(row.path("at").asLong(), row.path("completed").asLong(), number(row.get("p50Ms")),
                number(row.get("p99Ms")), row.path("inFlight").asLong(), faults,
                row.hasNonNull("phase") ? row.get("phase").asText() : null);
    }

    /** A finite number, or null (NaN is written as the string "NaN"). */
    private static Double number(JsonNode value) {
        if (value == null || !value.isNumber()) {
            return null;
        }
        double d = value.asDouble();
        return Double.isFinite(d) ? d : null;
    }

    /** Faults the run's rows say were in effect, as intervals: each second a label is listed in. */
    static List<FaultBar> runBars(List<RunPoint> points) {
        List<FaultBar> bars = new ArrayList<>();
        Map<String, long[]> open = new HashMap<>();
        for (RunPoint point : points) {
            for (String label : point.faults()) {
                long[] span = open.get(label);
                if (span == null) {
                    open.put(label, new long[] {point.at() - 1000, point.at()});
                } else {
                    span[1] = point.at();
                }
            }
            open.entrySet().removeIf(e -> {
                if (!point.faults().contains(e.getKey())) {
                    bars.add(new FaultBar(e.getKey(), e.getKey().split(" ")[0], null, null, "run", e.getValue()[0], e.getValue()[1],
                            null));
                    return true;
                }
                return false;
            });
        }
        open.forEach((label, span) -> bars.add(new FaultBar(label, label.split(" ")[0], null, null, "run", span[0], null, null)));
        return bars;
    }

    private void readJournal() {
        FaultEventLog.Read read;
        try {
            read = journal.readFrom(journalPosition);
        } catch (RuntimeException e) {
            return;
        }
        journalPosition = read.next();
        read.warnings().forEach(warnings);
        synchronized (journalBars) {
            read.entries().forEach(entry -> apply(journalBars, entry));
        }
    }

    /**
     * Pairs journal entries into bars as a run's timeline does: a lasting fault opens one, its own
     * heal closes it (the heal line names its inject's id; older lines without ids match by detail),
     * and a repair closes what its fault file says it ends ({@link FaultType#ends}: a start or resume
     * of the same broker its kill or pause, heal link faults and pauses).
     */
    static void apply(List<FaultBar> bars, FaultEventLog.Entry entry) {
        FaultType type = FaultType.byCliName(entry.action()).orElse(null);
        if (type == null) {
            return;
        }
        boolean inject = FaultEventLog.Entry.INJECT.equals(entry.phase());
        if (type == FaultType.HEAL || inject && type.isRepair()) {
            for (int i = 0; i < bars.size(); i++) {
                FaultBar bar = bars.get(i);
                FaultType barType = FaultType.byCliName(bar.action()).orElse(null);
                if (bar.to() == null && barType != null && type.ends(barType, entry.place(), bar.place())) {
                    bars.set(i, bar.endedAt(entry.at()));
                }
            }
        } else if (inject && !type.isInstantaneous()) {
            bars.add(new FaultBar(entry.detail(), entry.action(), entry.target(), entry.brokerId(), entry.source(), entry.at(),
                    null, entry.id()));
        } else if (!inject) {
            for (int i = 0; i < bars.size(); i++) {
                FaultBar bar = bars.get(i);
                boolean own = entry.ends() != null ? entry.ends().equals(bar.id()) : bar.label().equals(entry.detail());
                if (bar.to() == null && own) {
                    bars.set(i, bar.endedAt(entry.at()));
                }
            }
        }
    }

    /** Records/s of order-placed and notifications from their end offsets, when the cluster answers. */
    private void sampleOffsets(long now) {
        if (access == null) {
            return;
        }
        try {
            Admin client = admin(access);
            Map<TopicPartition, OffsetSpec> request = new HashMap<>();
            Map<String, List<TopicPartition>> partitions = new HashMap<>();
            List<EnvStatus.TopicStatus> topics = status.topics();
            if (topics == null) {
                clusterPoints.add(new ClusterPoint(now, null, null));
                lastEnds = null;
                trim(now);
                return;
            }
            for (EnvStatus.TopicStatus topic : topics) {
                if (COUNTED_TOPICS.contains(topic.name())) {
                    topic.partitions().forEach(p -> {
                        TopicPartition tp = new TopicPartition(topic.name(), p.partition());
                        request.put(tp, OffsetSpec.latest());
                        partitions.computeIfAbsent(topic.name(), k -> new ArrayList<>()).add(tp);
                    });
                }
            }
            var ends = client.listOffsets(request).all().get(Timeouts.STATUS_QUERY.toMillis(), TimeUnit.MILLISECONDS);
            Map<String, Long> sums = new HashMap<>();
            ends.forEach((tp, info) -> sums.merge(tp.topic(), info.offset(), Long::sum));
            if (lastEnds != null && now > lastEndsAt) {
                double seconds = (now - lastEndsAt) / 1000.0;
                clusterPoints.add(new ClusterPoint(now, rate(sums, Topics.ORDER_PLACED.name(), seconds),
                        rate(sums, Topics.NOTIFICATIONS.name(), seconds)));
            }
            lastEnds = sums;
            lastEndsAt = now;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            clusterPoints.add(new ClusterPoint(now, null, null));
            lastEnds = null;
        }
        trim(now);
    }

    private Double rate(Map<String, Long> sums, String topic, double seconds) {
        Long before = lastEnds.get(topic);
        Long after = sums.get(topic);
        return before == null || after == null ? null : Math.max(0, after - before) / seconds;
    }

    private void trim(long now) {
        long from = now - WINDOW.toMillis();
        while (!clusterPoints.isEmpty() && clusterPoints.peekFirst().at() < from) {
            clusterPoints.removeFirst();
        }
    }

    private Admin admin(KafkaAccess access) {
        if (admin == null || !access.bootstrapServers().equals(adminServers)) {
            if (admin != null) {
                admin.close(Duration.ZERO);
            }
            Properties props = access.properties();
            props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.STATUS_QUERY.toMillis()));
            props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(Timeouts.STATUS_QUERY.toMillis()));
            admin = Admin.create(props);
            adminServers = access.bootstrapServers();
        }
        return admin;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (admin != null) {
            admin.close(Timeouts.CLIENT_CLOSE);
        }
    }
}
