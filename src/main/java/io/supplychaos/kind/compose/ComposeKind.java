package io.supplychaos.kind.compose;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.ClusterKind;
import io.supplychaos.cluster.Host;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * {@code kind: compose}: the brokers and Toxiproxy of a docker-compose file (with the env's
 * {@code composeOverride} laid over it), started with {@code up -d} of whichever compose is installed
 * ({@link ComposeCli}: the v2 plugin, else {@code docker-compose}) unless they already run, and
 * taken down again ({@code down -v}) only if this tool brought the project up from nothing (a
 * project that had containers, networks or volumes is the user's, {@link Up}); before that, the docker CLI, its
 * daemon and the published ports are checked ({@link DockerEngine}, {@link PublishedPorts}) and after
 * it every broker container must start ({@link ComposeStartup}). Broker faults through the docker CLI,
 * network faults through the compose file's Toxiproxy, app instances as local processes.
 */
public final class ComposeKind extends AttachedKind {

    @Override
    public Optional<String> refusal(EnvSpec env, FaultSpec fault) {
        return ClusterKind.needsLocalLogDirs(env, fault).or(() -> ClusterKind.needsProxies(env, fault));
    }

    /** A repair is a docker command: it gets that command's whole budget. */
    @Override
    public Duration healBudget() {
        return max(Timeouts.RUN_HEAL, Timeouts.DOCKER_COMMAND);
    }

    /** What {@code up} found and did. */
    enum Up {
        /** Every cluster service ran: nothing started. */
        RUNNING,
        /** The project was there (containers, networks or volumes): up -d started the services that did not run; the project stays the user's. */
        STARTED_SERVICES,
        /** Nothing of the project existed: up -d brought it up, and letting it go takes it down. */
        BROUGHT_UP
    }

    @Override
    protected Connection connect(Host host, EnvSpec spec, Consumer<String> out) {
        ComposeFile compose = ComposeFile.read(Path.of(spec.compose().file()));
        Up up = up(host, compose, override(spec), PublishedPorts::requireFree, out);
        if (up != Up.RUNNING) {
            try {
                ComposeStartup.awaitBrokers(host.commands(), compose, Timeouts.CLUSTER_ATTACH);
            } catch (RuntimeException e) {
                // nothing of a failed start stays: a project this up brought up goes down again; a user's stays
                if (up == Up.BROUGHT_UP) {
                    down(host, compose, override(spec), out);
                }
                throw e instanceof Poll.Abort ? new IllegalArgumentException(e.getMessage(), e) : e;
            }
        }
        return new Connection(new KafkaAccess(compose.bootstrapServers(), spec.clientConfig()), up == Up.BROUGHT_UP);
    }

    @Override
    public FaultBackend faults(Host host, Attachment attachment) {
        return new ComposeBackend(ComposeFile.read(Path.of(attachment.spec().compose().file())), host.commands(),
                id -> host.admin().awaitRegistered(attachment.access(), id), new LocalApps(host.apps()), attachment.access(),
                new ChangeJournal(host.paths().stateDir()));
    }

    /** The faults of the compose file's services without an env file ({@code --compose FILE} of the verbs). */
    public static FaultBackend faults(Host host, Path composeFile) {
        return new ComposeBackend(composeFile, host.commands());
    }

    /** Called only for a project this tool brought up from nothing ({@link Up#BROUGHT_UP}): it goes, volumes and all. */
    @Override
    protected void stopStarted(Host host, Attachment attachment, Consumer<String> out) {
        down(host, ComposeFile.read(Path.of(attachment.spec().compose().file())), override(attachment.spec()), out);
    }

    @Override
    protected String describeStopStarted(Attachment attachment) {
        return "docker compose down -v of project " + ComposeFile.read(Path.of(attachment.spec().compose().file())).project()
                + ", which supply-chaos brought up";
    }

    private static void down(Host host, ComposeFile compose, Path override, Consumer<String> out) {
        ComposeCli cli = DockerEngine.compose(host.commands());
        out.accept(cli.displayName() + " down (" + compose.project() + ", brought up by supply-chaos)");
        // -v: the anonymous volumes of the services go with them, the engine keeps nothing of the run
        host.commands().run(cli.command(concat(projectArgs(compose, override), List.of("down", "-v"))), Timeouts.COMPOSE_UP);
    }

    /**
     * Starts the compose file's cluster services unless they all run, without checking its ports
     * first (tests); true when it brought the project up from nothing, so that letting it go may
     * take it down.
     */
    public static boolean up(Host host, ComposeFile compose, Consumer<String> out) {
        return up(host, compose, null, (file, running) -> { }, out) == Up.BROUGHT_UP;
    }

    /**
     * Starts the compose file's cluster services (with {@code override} laid over the file, when
     * given) unless they all run. Checks first that a docker daemon answers, which compose
     * implementation is installed (and says which runs), and that the ports the file publishes are
     * free. A project of which a container, network or volume exists already is the user's, even when
     * a service of it was stopped (a broker a kill left down): {@code up -d} starts what does not run,
     * and it is {@link Up#STARTED_SERVICES}, never taken down by the tool.
     */
    static Up up(Host host, ComposeFile compose, Path override, BiConsumer<Path, List<String>> requirePortsFree,
                 Consumer<String> out) {
        if (!Files.isRegularFile(compose.file())) {
            throw new IllegalArgumentException("no compose file " + compose.file());
        }
        if (override != null && !Files.isRegularFile(override)) {
            throw new IllegalArgumentException("no compose override file " + override);
        }
        String server = DockerEngine.check(host.commands());
        ComposeCli cli = DockerEngine.compose(host.commands());
        List<String> base = projectArgs(compose, override);
        String running = host.commands().run(cli.command(concat(base, cli.runningServices())), Timeouts.DOCKER_COMMAND);
        List<String> up = running.lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
        List<String> wanted = compose.clusterServices().stream().filter(s -> !s.equals("topics")).toList();
        if (up.containsAll(wanted)) {
            out.accept("compose services of " + compose.project() + " already running: using them");
            return Up.RUNNING;
        }
        List<String> existing = projectResources(host, compose.project());
        requirePortsFree.accept(compose.file(), up);
        out.accept(cli.displayName() + " up -d " + String.join(" ", compose.clusterServices()) + " (docker engine "
                + (server.isEmpty() ? "?" : server) + (override == null ? "" : ", images of " + override.getFileName()) + ")");
        host.commands().run(cli.command(concat(base, concat(List.of("up", "-d"), compose.clusterServices()))), Timeouts.COMPOSE_UP);
        if (!existing.isEmpty()) {
            out.accept("project " + compose.project() + " was there before (" + String.join(", ", existing) + "): it stays yours, "
                    + "supply-chaos will not stop or remove its containers, networks or volumes");
            return Up.STARTED_SERVICES;
        }
        return Up.BROUGHT_UP;
    }

    /** What of the project exists now, running or not: "2 container(s)", "1 volume(s)", ...; empty when nothing. */
    private static List<String> projectResources(Host host, String project) {
        String label = "label=com.docker.compose.project=" + project;
        List<String> found = new ArrayList<>();
        for (List<String> kind : List.of(List.of("container", "ps", "-a"), List.of("network", "network", "ls"),
                List.of("volume", "volume", "ls"))) {
            List<String> command = concat(List.of("docker"), concat(kind.subList(1, kind.size()), List.of("-q", "--filter", label)));
            long count = host.commands().run(command, Timeouts.DOCKER_COMMAND).lines().filter(line -> !line.isBlank()).count();
            if (count > 0) {
                found.add(count + " " + kind.get(0) + "(s)");
            }
        }
        return found;
    }

    private static List<String> projectArgs(ComposeFile compose, Path override) {
        List<String> args = new ArrayList<>(List.of("-f", compose.file().toString()));
        if (override != null) {
            args.addAll(List.of("-f", override.toString()));
        }
        args.addAll(List.of("-p", compose.project()));
        return args;
    }

    private static Path override(EnvSpec spec) {
        return spec.compose().override() == null ? null : Path.of(spec.compose().override());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
