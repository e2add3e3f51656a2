package io.supplychaos.kind;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import io.supplychaos.cluster.AttachedKind;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.cluster.Host;
import io.supplychaos.cluster.Release;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvBusyException;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;
import io.supplychaos.kind.embedded.EmbeddedKind;
import io.supplychaos.kind.embedded.EnvState;

/**
 * Brings up or attaches to the cluster of an env, whatever its kind, and finds the one a state
 * directory records. One env at a time per state directory: an embedded env up or a cluster
 * attached keeps another out until {@code ./chaos down}. What happens then is the kind's own
 * ({@link Kinds}): embedded starts and stops the processes; compose runs {@code docker compose up -d}
 * unless the services run (and {@code down} only if this tool started them); external and
 * kubernetes connect and check. Non-embedded clusters are recorded as an {@link Attachment} in the
 * state directory so that the fault verbs of another terminal find them.
 */
public final class Environments {

    private final Host host;

    public Environments(Host host) {
        this.host = host;
    }

    /** The tool's own: real commands in the project directory. */
    public static Environments of(ChaosPaths paths) {
        return new Environments(Host.of(paths));
    }

    public Host host() {
        return host;
    }

    /** The attachment recorded in the state directory, if any. */
    public Optional<Attachment> attached() {
        return Attachment.read(host.paths().stateDir());
    }

    /** The embedded env up in the state directory, if any. */
    public Optional<EnvState> embedded() {
        return new EmbeddedEnvironment(host.paths()).running();
    }

    /** The spec of the env up or attached in the state directory, if any. */
    public Optional<EnvSpec> current() {
        return attached().map(Attachment::spec).or(() -> embedded().map(EnvState::spec));
    }

    /**
     * Starts or attaches to {@code spec}'s cluster, saying what happens on {@code out}, and
     * records it ({@code recordedBy}: "up" or "run"). An attached cluster already recorded for the
     * same spec is used as it is.
     *
     * @throws EnvBusyException when another env is up or attached in this state directory
     */
    public Cluster open(EnvSpec spec, String source, int basePort, String recordedBy, Consumer<String> out) {
        long t0 = System.nanoTime();
        Optional<Attachment> attached = attached();
        if (spec.kind().toolOwned()) {
            attached.ifPresent(other -> {
                throw new EnvBusyException("env '" + other.envName() + "' (" + other.spec().kind().yamlName()
                        + ") is attached here (state in " + host.paths().stateDir() + "): `./chaos down` first");
            });
        } else {
            embedded().ifPresent(running -> {
                throw new EnvBusyException("embedded env '" + running.envName() + "' is up here (state in "
                        + host.paths().stateDir() + "): `./chaos down` first, or use another --state-dir");
            });
            if (attached.isPresent()) {
                if (!attached.get().spec().equals(spec)) {
                    throw new EnvBusyException("env '" + attached.get().envName() + "' is attached here (state in "
                            + host.paths().stateDir() + "): `./chaos down` first");
                }
                out.accept("using env " + spec.name() + " (" + spec.kind().yamlName() + ") at "
                        + attached.get().access().bootstrapServers());
                return Kinds.attached(spec.kind()).cluster(host, attached.get(), false,
                        Duration.ofNanos(System.nanoTime() - t0));
            }
        }
        return Kinds.of(spec.kind()).open(host, spec, source, basePort, recordedBy, out);
    }

    /**
     * The cluster recorded in the state directory, for the verbs of another terminal: the attached
     * one, or the embedded env once it is running.
     *
     * @throws IllegalArgumentException when no env is running there, or it is still starting
     */
    public Cluster recorded() {
        Optional<Attachment> attached = attached();
        if (attached.isPresent()) {
            return Kinds.attached(attached.get().spec().kind()).cluster(host, attached.get(), false, Duration.ZERO);
        }
        EnvState state = embedded().orElseThrow(() -> new IllegalArgumentException(
                "no environment is running in " + host.paths().stateDir() + "; start one with './chaos up'"));
        if (!EnvState.RUNNING.equals(state.phase())) {
            throw new IllegalArgumentException("env '" + state.envName() + "' is still starting; wait for './chaos up' to finish");
        }
        return EmbeddedKind.running(host, state);
    }

    /** Lets an attached cluster go ({@code ./chaos down}) without asking; see {@link AttachedKind#release}. */
    public void release(Attachment attachment, boolean deleteTopics, Consumer<String> out) {
        Kinds.attached(attachment.spec().kind()).release(host, attachment, deleteTopics, out);
    }

    /**
     * What {@code run --delete-topics} will delete on {@code spec}'s cluster when the run ends, as
     * lines to confirm before it starts ({@link AttachedKind#topicDeletion}), its app using
     * {@code applicationId}.
     */
    public List<String> topicDeletion(EnvSpec spec, String applicationId) {
        return AttachedKind.topicDeletion("env " + spec.name(), attached().filter(a -> a.spec().equals(spec)), applicationId);
    }

    /**
     * What {@code ./chaos down} will do to let an attached cluster go, found before anything is
     * done, for the user to confirm ({@link AttachedKind#plan}, with what the tool changed undone).
     */
    public Release releasePlan(Attachment attachment, boolean deleteTopics) {
        return Kinds.attached(attachment.spec().kind()).plan(host, attachment, deleteTopics, true);
    }
}
