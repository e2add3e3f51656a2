package io.supplychaos.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.ProxyRepairs;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.MetricsSource;
import io.supplychaos.env.StateDir;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;

/**
 * A kind whose cluster the tool attaches to rather than starts as its own processes (compose,
 * external, kubernetes). Attaching is the same for all: connect, await the brokers, create or
 * check the topics, record the {@link Attachment} in the state directory so that the verbs of
 * another terminal find it. What differs is how the access is found (and whether something is
 * started for it), how faults reach the brokers, and what letting go stops.
 */
public abstract class AttachedKind implements ClusterKind {

    /** How clients reach the cluster, and whether finding it started something ({@code docker compose up}). */
    public record Connection(KafkaAccess access, boolean started) {
    }

    /** Finds (or starts) the cluster of {@code spec}. */
    protected abstract Connection connect(Host host, EnvSpec spec, Consumer<String> out);

    /** How faults reach an attached cluster of this kind. */
    public abstract FaultBackend faults(Host host, Attachment attachment);

    /**
     * Takes down what this tool brought up for the cluster (compose: the project it brought up from
     * nothing); called only when {@link Attachment#composeStarted()}. Nothing by default.
     */
    protected void stopStarted(Host host, Attachment attachment, Consumer<String> out) {
        out.accept("left the cluster of env " + attachment.envName() + " running (supply-chaos did not start it)");
    }

    /** What {@link #stopStarted} will do, as a line to list before it is done. */
    protected String describeStopStarted(Attachment attachment) {
        return "stop what supply-chaos started for env " + attachment.envName();
    }

    /**
     * Deletes a resource the change journal says this tool created on the cluster (Chaos Mesh's on
     * kubernetes), by kind and name, only if it is still the tool's.
     *
     * @return deleted, gone already, or left because it is no longer the tool's
     */
    protected Deletion deleteCreated(Host host, Attachment attachment, ChangeJournal.Resource resource) {
        throw new IllegalStateException("env " + attachment.envName() + " (" + attachment.spec().kind().yamlName()
                + ") has no resources the tool creates, but " + new ChangeJournal(host.paths().stateDir()).file()
                + " names " + resource);
    }

    /** The app instances the cluster runs itself, when it does; local processes by default. */
    protected Optional<AppFleet> appFleet(Host host, EnvSpec spec) {
        return Optional.empty();
    }

    /** Where the brokers' metrics come from: the env file's {@code metrics:} block. */
    protected MetricsSource metrics(EnvSpec spec) {
        return spec.metrics();
    }

    @Override
    public final Cluster open(Host host, EnvSpec spec, String source, int basePort, String recordedBy,
                              Consumer<String> out) {
        long t0 = System.nanoTime();
        Connection connection = connect(host, spec, out);
        KafkaAccess access = connection.access();
        Attachment attachment;
        try {
            out.accept("connecting to " + access.bootstrapServers() + " (" + access.securityProtocol() + ")");
            Map<Integer, String> hosts = ClusterTopics.awaitBrokers(access, spec, Timeouts.CLUSTER_ATTACH);
            List<String> created = ClusterTopics.ensure(access, spec, Topics.SUPPLY_CHAIN_TOPIC_NAMES);
            out.accept(created.isEmpty() ? "topics present with " + layout(spec)
                    : "created " + created.size() + " topic(s) with " + layout(spec));
            // the app's internal topics and groups are named after its application.id: recorded, so that
            // --delete-topics later deletes those of the app that ran here, whatever the default is by then
            attachment = new Attachment(spec, source, Instant.now(), access, hosts, connection.started(), recordedBy,
                    List.of(Topics.APPLICATION_ID));
            attachment.write(host.paths().stateDir());
        } catch (RuntimeException e) {
            if (connection.started()) {
                stopStarted(host, new Attachment(spec, source, Instant.now(), access, Map.of(), true, recordedBy), out);
            }
            throw e;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        out.accept(String.format(Locale.ROOT, "env %s (%s) ready in %.1f s at %s", spec.name(), spec.kind().yamlName(),
                took.toMillis() / 1000.0, access.bootstrapServers()));
        return cluster(host, attachment, true, took);
    }

    /** The attached cluster recorded in the state directory, as a run reusing it or a verb sees it. */
    public final Cluster cluster(Host host, Attachment attachment, boolean started, Duration took) {
        return new Attached(this, host, attachment, started, took);
    }

    /**
     * Lets an attached cluster go as {@code down} does, once the user confirmed ({@link #plan} with
     * everything the tool changed undone).
     */
    public final void release(Host host, Attachment attachment, boolean deleteTopics, Consumer<String> out) {
        plan(host, attachment, deleteTopics, true).apply(out);
    }

    /**
     * What letting an attached cluster go will do, in this order, found before anything is done:
     * <ol>
     * <li>when {@code undo} and the tool did not bring the cluster up: undo what it changed there and
     * has not undone ({@link ChangeJournal}): start the brokers it stopped and resume those it paused
     * with the env's own commands, delete the resources it created, by name; and on the env's own
     * Toxiproxy proxies, remove its toxics and enable the proxies ({@link ProxyRepairs});</li>
     * <li>when {@code deleteTopics}: delete the supply-chain topics, the app's internal topics and its
     * consumer groups that exist now (those of the application.id the attachment recorded:
     * {@link ClusterTopics#ownTopics}), each named;</li>
     * <li>when the tool brought the cluster up itself ({@link Attachment#composeStarted()}): take it
     * down ({@link #stopStarted}), which is the tool's own to stop and asks no one.</li>
     * </ol>
     * Then the app instances' local state goes and the attachment is forgotten; the cluster keeps
     * running. Without {@code undo} (the end of a run) a change the tool has not undone is not
     * forgotten: the attachment stays recorded and says so, for {@code down} to undo.
     */
    public final Release plan(Host host, Attachment attachment, boolean deleteTopics, boolean undo) {
        boolean ours = attachment.composeStarted();
        ChangeJournal journal = new ChangeJournal(host.paths().stateDir());
        List<Release.Step> steps = new ArrayList<>();
        if (undo && !ours) {
            steps.addAll(undoSteps(host, attachment, journal));
        }
        if (deleteTopics) {
            steps.add(topicStep(host, attachment, !ours));
        }
        if (ours) {
            steps.add(new Release.Step(List.of(describeStopStarted(attachment)), false, out -> stopStarted(host, attachment, out)));
        }
        return new Release(attachment.envName(), steps, out -> finish(host, attachment, journal, ours, out));
    }

    private void finish(Host host, Attachment attachment, ChangeJournal journal, boolean ours, Consumer<String> out) {
        Path stateDir = host.paths().stateDir();
        if (!ours && !journal.isEmpty()) {
            out.accept("kept env " + attachment.envName() + " recorded: what supply-chaos changed there is still in effect ("
                    + String.join(", ", pending(journal)) + "); `./chaos down` undoes it");
            return;
        }
        if (!ours) {
            out.accept("left the cluster of env " + attachment.envName() + " running (supply-chaos did not start it)");
        }
        // the tool's own traces of it: the app instances' Streams state, the journal of what it changed
        StateDir.wipeData(host.paths().dataDir());
        try {
            Files.deleteIfExists(journal.file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + journal.file(), e);
        }
        Attachment.forget(stateDir);
    }

    private static List<String> pending(ChangeJournal journal) {
        List<String> pending = new ArrayList<>();
        journal.brokers().forEach((id, change) -> pending.add("broker " + id + " " + change.word()));
        journal.resources().forEach(resource -> pending.add(resource.toString()));
        return pending;
    }

    /** Undoing what the journal holds, and the tool's toxics on the env's own proxies. */
    private List<Release.Step> undoSteps(Host host, Attachment attachment, ChangeJournal journal) {
        List<Release.Step> steps = new ArrayList<>();
        journal.brokers().forEach((id, change) -> {
            boolean stopped = change == ChangeJournal.BrokerChange.STOPPED;
            steps.add(new Release.Step(List.of((stopped ? "start" : "resume") + " broker " + id + " of env " + attachment.envName()
                    + ", which supply-chaos " + change.word()), true, out -> withFaults(host, attachment, backend -> {
                        if (stopped) {
                            backend.startBroker(id);
                        } else {
                            backend.resumeBroker(id);
                        }
                        out.accept((stopped ? "started" : "resumed") + " broker " + id);
                    })));
        });
        for (ChangeJournal.Resource resource : journal.resources()) {
            steps.add(new Release.Step(List.of("delete " + resource + ", which supply-chaos created"), true, out -> {
                out.accept(deleteCreated(host, attachment, resource).describe(resource.toString()));
            }));
        }
        if (attachment.spec().proxied()) {
            List<ProxyRepairs.Repair> repairs = new ArrayList<>();
            try {
                withFaults(host, attachment, backend -> repairs.addAll(ProxyRepairs.pending(backend)));
            } catch (RuntimeException e) {
                // a Toxiproxy that is gone holds no toxic of ours: say so, and let the rest be undone
                steps.add(new Release.Step(List.of("remove supply-chaos's toxics from the proxies of env " + attachment.envName()
                        + " (its Toxiproxy did not answer: " + e.getMessage() + ")"), true,
                        out -> out.accept("left the proxies of env " + attachment.envName() + " as they are: " + e.getMessage())));
            }
            for (ProxyRepairs.Repair repair : repairs) {
                steps.add(new Release.Step(List.of(repair.describe() + " (Toxiproxy of env " + attachment.envName() + ")"), true,
                        out -> withFaults(host, attachment, backend -> {
                            ProxyRepairs.apply(backend, repair);
                            out.accept("done: " + repair.describe());
                        })));
            }
        }
        return steps;
    }

    /** Runs {@code use} on the cluster's fault backend, closing it after when it holds a connection. */
    private void withFaults(Host host, Attachment attachment, Consumer<FaultBackend> use) {
        FaultBackend backend = faults(host, attachment);
        try {
            use.accept(backend);
        } finally {
            if (backend instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // a client's close failing changes nothing on the cluster
                }
            }
        }
    }

    /** The topics and groups {@code --delete-topics} deletes, each named as it is now on the cluster. */
    private static Release.Step topicStep(Host host, Attachment attachment, boolean foreign) {
        List<String> applicationIds = applicationIds(attachment);
        List<String> groups = Stream.concat(applicationIds.stream(), Stream.of(Topics.SSE_GROUP)).distinct().sorted().toList();
        List<String> topics;
        try (ClusterTopics.TopicAdmin admin = host.admin().topics(attachment.access())) {
            Collection<String> existing = admin.topics();
            topics = applicationIds.stream().flatMap(id -> ClusterTopics.ownTopics(existing, Topics.SUPPLY_CHAIN_TOPIC_NAMES, id).stream())
                    .distinct().sorted().toList();
        }
        String where = " on " + attachment.access().bootstrapServers();
        List<String> lines = new ArrayList<>();
        topics.forEach(topic -> lines.add("delete topic " + topic + where));
        groups.forEach(group -> lines.add("delete consumer group " + group + where + " (if it exists)"));
        return new Release.Step(lines, foreign, out -> {
            ClusterTopics.Deleted deleted;
            try (ClusterTopics.TopicAdmin admin = host.admin().topics(attachment.access())) {
                deleted = ClusterTopics.deleteExactly(admin, topics, groups);
            }
            out.accept("deleted " + deleted.topics().size() + " topic(s) " + deleted.topics() + " and "
                    + deleted.groups().size() + " consumer group(s) " + deleted.groups() + where);
        });
    }

    /** The application.ids the attachment recorded, or the current default for a file written before they were. */
    static List<String> applicationIds(Attachment attachment) {
        return attachment.applicationIds().isEmpty() ? List.of(Topics.APPLICATION_ID) : attachment.applicationIds();
    }

    /**
     * What {@code --delete-topics} deletes, as lines to confirm before a run starts (the topics are
     * created during the run, so they are named by the rule {@link ClusterTopics#ownTopics} applies):
     * on {@code where}, for the application.ids {@code attachment} recorded (empty: the default) and
     * {@code runApplicationId}, the one the run's app will use.
     */
    public static List<String> topicDeletion(String where, Optional<Attachment> attachment, String runApplicationId) {
        List<String> ids = new ArrayList<>(attachment.map(AttachedKind::applicationIds).orElse(List.of()));
        if (!ids.contains(runApplicationId)) {
            ids.add(runApplicationId);
        }
        List<String> lines = new ArrayList<>();
        lines.add("delete the supply-chain topics on " + where + ": " + String.join(", ", Topics.SUPPLY_CHAIN_TOPIC_NAMES));
        for (String id : ids) {
            lines.add("delete the app's Kafka Streams internal topics on " + where + ": " + id + "-*-changelog and " + id + "-*-repartition");
        }
        List<String> groups = new ArrayList<>(ids);
        groups.add(Topics.SSE_GROUP);
        lines.add("delete the consumer groups " + String.join(" and ", groups) + " on " + where + " (if they exist)");
        return lines;
    }

    private static String layout(EnvSpec spec) {
        return spec.partitions() + " partitions, RF " + spec.replicationFactor() + ", min ISR " + spec.minInsyncReplicas();
    }

    /** An attached cluster: its faults through its kind's backend, its release through its kind. */
    private record Attached(AttachedKind kind, Host host, Attachment attachment, boolean started, Duration took)
            implements Cluster {

        @Override
        public EnvSpec spec() {
            return attachment.spec();
        }

        @Override
        public KafkaAccess access() {
            return attachment.access();
        }

        @Override
        public FaultBackend faults() {
            return kind.faults(host, attachment);
        }

        @Override
        public MetricsSource metrics() {
            return kind.metrics(attachment.spec());
        }

        @Override
        public Optional<AppFleet> appFleet() {
            return kind.appFleet(host, attachment.spec());
        }

        /** Recorded in attached.json, where {@code down} in another terminal reads it too. */
        @Override
        public void recordApplication(String applicationId) {
            Path stateDir = host.paths().stateDir();
            Attachment.read(stateDir).ifPresent(recorded -> recorded.withApplicationId(applicationId).write(stateDir));
        }

        /**
         * The end of a run that attached it: what the tool changed and did not undo keeps it recorded,
         * for down. The attachment as recorded now (with the application.ids its apps used).
         */
        @Override
        public void release(boolean deleteTopics, Consumer<String> out) {
            kind.plan(host, Attachment.read(host.paths().stateDir()).orElse(attachment), deleteTopics, false).apply(out);
        }
    }
}
