package io.supplychaos.env;

import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Brings up or attaches to the cluster of an env, whatever its {@link EnvKind}, and lets it go
 * again. Embedded: {@link EmbeddedEnvironment} starts and stops the processes. Compose: {@code docker
 * compose up -d} of the cluster's services unless they already run (and {@code down} only if this
 * tool started them). External: connect, check the brokers, create or check the topics; the
 * cluster is never stopped and nothing on it is deleted unless asked ({@code --delete-topics}).
 * Non-embedded clusters are recorded as an {@link Attachment} in the state directory so that the
 * fault verbs of another terminal find them.
 */
public final class Environments {

    /** Prefix of the app's internal topics (its Streams application.id), deleted with --delete-topics. */
    public static final String APP_TOPIC_PREFIX = "supply-chain";

    /**
     * A cluster ready for a run or the verbs.
     *
     * @param embedded   the embedded env's state; null for other kinds
     * @param attachment the recorded attachment of other kinds; null for embedded
     * @param started    true when this call started the cluster (embedded) or recorded the attachment
     */
    public record Opened(EnvSpec spec, KafkaAccess access, EnvState embedded, Attachment attachment, boolean started,
                         Duration took) {

        public EnvKind kind() {
            return spec.kind();
        }
    }

    private final ChaosPaths paths;
    private final CommandRunner commands;
    private final Attacher kubernetes;

    /** How a kind the env package does not know itself (kubernetes) finds a cluster's access. */
    public interface Attacher {
        KafkaAccess access(EnvSpec spec, Consumer<String> progress);
    }

    /** The tool's own: real commands in the project directory. */
    public static Environments of(ChaosPaths paths) {
        return new Environments(paths, CommandRunner.system(paths.home()), (spec, progress) -> {
            progress.accept("reading the bootstrap servers of " + spec.kubernetes().describe());
            try (io.supplychaos.env.kubernetes.KubernetesBackend backend =
                         io.supplychaos.env.kubernetes.KubernetesBackend.connect(spec.kubernetes(), new AppInstances(paths))) {
                return new KafkaAccess(backend.cluster().bootstrapServers(), spec.clientConfig());
            }
        });
    }

    public Environments(ChaosPaths paths, CommandRunner commands, Attacher kubernetes) {
        this.paths = paths;
        this.commands = commands;
        this.kubernetes = kubernetes;
    }

    /** The attachment recorded in the state directory, if any. */
    public Optional<Attachment> attached() {
        return Attachment.read(paths.stateDir());
    }

    /**
     * Starts or attaches to {@code spec}'s cluster, saying what happens on {@code out}, and
     * records it ({@code recordedBy}: "up" or "run").
     *
     * @throws EnvBusyException when another env is up or attached in this state directory
     */
    public Opened open(EnvSpec spec, String source, int basePort, String recordedBy, Consumer<String> out) {
        long t0 = System.nanoTime();
        EmbeddedEnvironment embedded = new EmbeddedEnvironment(paths);
        Optional<Attachment> attached = attached();
        if (spec.kind() == EnvKind.EMBEDDED) {
            attached.ifPresent(other -> {
                throw new EnvBusyException("env '" + other.envName() + "' (" + other.spec().kind().yamlName()
                        + ") is attached here (state in " + paths.stateDir() + "): `./chaos down` first");
            });
            EmbeddedEnvironment.UpResult up = embedded.upOrReuse(spec, source, basePort, out);
            return new Opened(spec, up.state().access(), up.state(), null, !up.reused(), up.took());
        }
        embedded.running().ifPresent(running -> {
            throw new EnvBusyException("embedded env '" + running.envName() + "' is up here (state in "
                    + paths.stateDir() + "): `./chaos down` first, or use another --state-dir");
        });
        if (attached.isPresent()) {
            if (!attached.get().spec().equals(spec)) {
                throw new EnvBusyException("env '" + attached.get().envName() + "' is attached here (state in "
                        + paths.stateDir() + "): `./chaos down` first");
            }
            out.accept("using env " + spec.name() + " (" + spec.kind().yamlName() + ") at " + attached.get().access().bootstrapServers());
            return new Opened(spec, attached.get().access(), null, attached.get(), false, Duration.ofNanos(System.nanoTime() - t0));
        }
        boolean composeStarted = false;
        KafkaAccess access;
        switch (spec.kind()) {
            case COMPOSE -> {
                ComposeFile compose = ComposeFile.read(Path.of(spec.compose().file()));
                composeStarted = composeUp(compose, out);
                access = new KafkaAccess(compose.bootstrapServers(), spec.clientConfig());
            }
            case EXTERNAL -> access = new KafkaAccess(spec.external().bootstrapServers(), spec.clientConfig());
            case KUBERNETES -> access = kubernetes.access(spec, out);
            default -> throw new IllegalStateException("unhandled kind " + spec.kind());
        }
        Attachment attachment;
        try {
            out.accept("connecting to " + access.bootstrapServers() + " (" + access.securityProtocol() + ")");
            Map<Integer, String> hosts = ClusterTopics.awaitBrokers(access, spec, Timeouts.CLUSTER_ATTACH);
            List<String> created = ClusterTopics.ensure(access, spec, Topics.SUPPLY_CHAIN_TOPIC_NAMES);
            out.accept(created.isEmpty() ? "topics present with " + layout(spec)
                    : "created " + created.size() + " topic(s) with " + layout(spec));
            attachment = new Attachment(spec, source, Instant.now(), access, hosts, composeStarted, recordedBy);
            attachment.write(paths.stateDir());
        } catch (RuntimeException e) {
            if (composeStarted) {
                composeDown(ComposeFile.read(Path.of(spec.compose().file())), out);
            }
            throw e;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        out.accept(String.format(Locale.ROOT, "env %s (%s) ready in %.1f s at %s", spec.name(), spec.kind().yamlName(),
                took.toMillis() / 1000.0, access.bootstrapServers()));
        return new Opened(spec, access, null, attachment, true, took);
    }

    private static String layout(EnvSpec spec) {
        return spec.partitions() + " partitions, RF " + spec.replicationFactor() + ", min ISR " + spec.minInsyncReplicas();
    }

    /**
     * Lets an attached cluster go: deletes the supply-chain topics and the app's internal topics
     * when {@code deleteTopics}, stops the compose services when this tool started them, removes the
     * app instances' local state and the marks of what the tool did to brokers, and forgets the
     * attachment. The cluster itself keeps running.
     */
    public void release(Attachment attachment, boolean deleteTopics, Consumer<String> out) {
        if (deleteTopics) {
            List<String> deleted = ClusterTopics.delete(attachment.access(), Topics.SUPPLY_CHAIN_TOPIC_NAMES,
                    List.of(APP_TOPIC_PREFIX));
            out.accept("deleted " + deleted.size() + " topic(s) on " + attachment.access().bootstrapServers());
        }
        if (attachment.composeStarted()) {
            composeDown(ComposeFile.read(Path.of(attachment.spec().compose().file())), out);
        } else {
            out.accept("left the cluster of env " + attachment.envName() + " running (supply-chaos did not start it)");
        }
        // the tool's own traces of it: the app instances' Streams state and what it did to brokers
        StateDir.wipeData(paths.dataDir());
        try (java.util.stream.Stream<Path> marks = Files.list(paths.stateDir())) {
            for (Path mark : marks.filter(p -> p.getFileName().toString().matches("external-broker-\\d+\\.state")).toList()) {
                Files.deleteIfExists(mark);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot clean " + paths.stateDir(), e);
        }
        Attachment.forget(paths.stateDir());
    }

    /** Starts the compose file's cluster services unless they all run; true when it started them. */
    boolean composeUp(ComposeFile compose, Consumer<String> out) {
        if (!Files.isRegularFile(compose.file())) {
            throw new IllegalArgumentException("no compose file " + compose.file());
        }
        List<String> base = List.of("docker", "compose", "-f", compose.file().toString(), "-p", compose.project());
        String running = commands.run(concat(base, List.of("ps", "--status", "running", "--services")), Timeouts.DOCKER_COMMAND);
        List<String> up = running.lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
        List<String> wanted = compose.clusterServices().stream().filter(s -> !s.equals("topics")).toList();
        if (up.containsAll(wanted)) {
            out.accept("compose services of " + compose.project() + " already running: using them");
            return false;
        }
        out.accept("docker compose up -d " + String.join(" ", compose.clusterServices()));
        commands.run(concat(base, concat(List.of("up", "-d"), compose.clusterServices())), Timeouts.COMPOSE_UP);
        return true;
    }

    private void composeDown(ComposeFile compose, Consumer<String> out) {
        out.accept("docker compose down (" + compose.project() + ", started by supply-chaos)");
        commands.run(List.of("docker", "compose", "-f", compose.file().toString(), "-p", compose.project(), "down"),
                Timeouts.COMPOSE_UP);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
