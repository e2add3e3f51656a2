package io.supplychaos.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.env.Attachment;
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

    /** What letting go stops beyond the common part (compose: the services this tool started); nothing by default. */
    protected void stopStarted(Host host, Attachment attachment, Consumer<String> out) {
        out.accept("left the cluster of env " + attachment.envName() + " running (supply-chaos did not start it)");
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
                    Topics.APPLICATION_ID);
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
     * Lets an attached cluster go: deletes the supply-chain topics, the app's internal topics and
     * its consumer groups when {@code deleteTopics} (those of the application.id the attachment
     * recorded: {@link ClusterTopics#delete(ClusterTopics.TopicAdmin, Collection, String, Collection)}), stops what this tool started for it, removes the app instances'
     * local state and the marks of what the tool did to brokers, and forgets the attachment. The
     * cluster itself keeps running.
     */
    public final void release(Host host, Attachment attachment, boolean deleteTopics, Consumer<String> out) {
        if (deleteTopics) {
            ClusterTopics.Deleted deleted;
            try (ClusterTopics.TopicAdmin admin = host.admin().topics(attachment.access())) {
                String applicationId = applicationId(attachment);
                deleted = ClusterTopics.delete(admin, Topics.SUPPLY_CHAIN_TOPIC_NAMES, applicationId,
                        List.of(applicationId, Topics.SSE_GROUP));
            }
            out.accept("deleted " + deleted.topics().size() + " topic(s) " + deleted.topics() + " and "
                    + deleted.groups().size() + " consumer group(s) " + deleted.groups() + " on "
                    + attachment.access().bootstrapServers());
        }
        if (attachment.composeStarted()) {
            stopStarted(host, attachment, out);
        } else {
            out.accept("left the cluster of env " + attachment.envName() + " running (supply-chaos did not start it)");
        }
        // the tool's own traces of it: the app instances' Streams state and what it did to brokers
        Path stateDir = host.paths().stateDir();
        StateDir.wipeData(host.paths().dataDir());
        try (Stream<Path> marks = Files.list(stateDir)) {
            for (Path mark : marks.filter(p -> p.getFileName().toString().matches("external-broker-\\d+\\.state")).toList()) {
                Files.deleteIfExists(mark);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean " + stateDir, e);
        }
        Attachment.forget(stateDir);
    }

    /** The application.id the attachment recorded, or the current default for a file written before it was. */
    static String applicationId(Attachment attachment) {
        return attachment.applicationId() != null ? attachment.applicationId() : Topics.APPLICATION_ID;
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

        @Override
        public void release(boolean deleteTopics, Consumer<String> out) {
            kind.release(host, attachment, deleteTopics, out);
        }
    }
}
