package io.supplychaos.kind.compose;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;

import io.supplychaos.chaos.ClusterLookup;
import io.supplychaos.chaos.FaultBackend;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.ChangeJournal.BrokerChange;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * The docker-compose environment's side of the faults (docker-compose.yml at the project root):
 * brokers are the {@code kafka-N} services' containers, signalled with {@code docker kill/stop/start/
 * pause/unpause} (what Pumba does on a schedule); the network goes through the same Toxiproxy proxies
 * ({@code broker-N-client}, {@code broker-N-replication}) over the API port the file publishes; app
 * instance 1 is the {@code app} service's container ({@code docker kill}, {@code docker stop},
 * {@code docker start}). Container names follow Compose v2
 * ({@code PROJECT-SERVICE-1}) unless a service sets {@code container_name}. Every docker call goes
 * through a {@link CommandRunner}, the only part tests swap.
 */
final class ComposeBackend implements FaultBackend {
    private static final int APP_HTTP_PORT = 8080;

    private final ComposeFile compose;
    private final CommandRunner docker;
    private final IntConsumer awaitRegistered;
    /** The app instances when they run on this machine (a run on kind: compose); null: the app service's container. */
    private final LocalApps localApps;
    private final KafkaAccess access;
    private final ChangeJournal journal;

    ComposeBackend(Path composeFile, CommandRunner docker) {
        this(ComposeFile.read(composeFile), docker, null, null, null, null);
    }

    /**
     * @param awaitRegistered replaces the Admin-client wait after {@code docker start} (tests); null: the real one
     * @param localApps the locally started app instances a run on {@code kind: compose} uses; null: the app container
     * @param access how clients reach the brokers (an env's client config); null: plaintext to the file's client listeners
     * @param journal where the brokers stopped or paused are recorded until started or resumed, for {@code down} to
     *                undo; null (the {@code --compose FILE} verbs, no env attached): not recorded
     */
    ComposeBackend(ComposeFile compose, CommandRunner docker, IntConsumer awaitRegistered, LocalApps localApps,
                   KafkaAccess access, ChangeJournal journal) {
        this.compose = compose;
        this.docker = docker;
        this.localApps = localApps;
        this.journal = journal;
        this.access = access != null ? access : KafkaAccess.plaintext(compose.bootstrapServers());
        this.awaitRegistered = awaitRegistered != null ? awaitRegistered
                : id -> ClusterLookup.awaitRegistered(access(), id, Timeouts.BROKER_REGISTER);
    }

    /** How often a pause that runc could not freeze is asked again. */
    static final int PAUSE_ATTEMPTS = 3;
    /** runc's words for a cgroup that did not freeze in its time, in docker's error. */
    private static final String UNABLE_TO_FREEZE = "unable to freeze";

    private String docker(List<String> command) {
        return docker.run(command, Timeouts.DOCKER_COMMAND);
    }

    String container(int brokerId) {
        String name = compose.brokerContainers().get(brokerId);
        if (name == null) {
            throw new IllegalArgumentException("no broker " + brokerId + " in " + compose.file());
        }
        return name;
    }

    @Override
    public String describe() {
        return "docker compose environment of " + compose.file();
    }

    @Override
    public List<Integer> brokerIds() {
        return List.copyOf(compose.brokerContainers().keySet());
    }

    @Override
    public ProcessControl.State brokerState(int id) {
        return containerState(container(id));
    }

    private ProcessControl.State containerState(String container) {
        String status = docker(List.of("docker", "inspect", "--format", "{{.State.Status}}", container)).trim();
        return switch (status) {
            case "running", "restarting" -> ProcessControl.State.RUNNING;
            case "paused" -> ProcessControl.State.PAUSED;
            default -> ProcessControl.State.STOPPED;
        };
    }

    @Override
    public void killBroker(int id) {
        docker(List.of("docker", "kill", "--signal", "SIGKILL", container(id)));
        record(id, BrokerChange.STOPPED);
    }

    @Override
    public void stopBroker(int id) {
        docker(List.of("docker", "stop", "--time", Long.toString(Timeouts.BROKER_STOP_GRACE.toSeconds()), container(id)));
        record(id, BrokerChange.STOPPED);
    }

    @Override
    public void startBroker(int id) {
        docker(List.of("docker", "start", container(id)));
        awaitRegistered.accept(id);
        record(id, null);
    }

    /**
     * {@code docker pause}: runc freezes the container's cgroup and gives up with "unable to freeze"
     * when the cgroup has not reported frozen after its wait (about 10 s with cgroup v2; a saturated
     * host did it once in a CI run, just after the container was started again). runc thaws what it
     * froze then, so the pause is asked again, up to {@link #PAUSE_ATTEMPTS} times, unless the
     * container reads paused after all; any other failure is the fault's failure at once.
     */
    @Override
    public void pauseBroker(int id) {
        String container = container(id);
        for (int attempt = 1; ; attempt++) {
            try {
                docker(List.of("docker", "pause", container));
                break;
            } catch (RuntimeException e) {
                if (attempt >= PAUSE_ATTEMPTS || !String.valueOf(e.getMessage()).contains(UNABLE_TO_FREEZE)) {
                    throw e;
                }
                if (containerState(container) == ProcessControl.State.PAUSED) {
                    break;
                }
            }
        }
        record(id, BrokerChange.PAUSED);
    }

    @Override
    public void resumeBroker(int id) {
        docker(List.of("docker", "unpause", container(id)));
        record(id, null);
    }

    /** What the tool did to the broker's container, for down to undo on a project it did not bring up; null: undone. */
    private void record(int id, BrokerChange change) {
        if (journal == null) {
            return;
        }
        if (change == null) {
            journal.brokerRestored(id);
        } else {
            journal.broker(id, change);
        }
    }

    @Override
    public KafkaAccess access() {
        return access;
    }

    @Override
    public Optional<ToxiproxyApi> toxiproxy() {
        return Optional.ofNullable(compose.toxiproxyApi()).map(ToxiproxyApi::new);
    }

    @Override
    public Optional<String> proxyName(int brokerId, ProxyLink link) {
        // docker/toxiproxy.json creates the embedded env's names: broker-N-client, broker-N-replication
        return compose.brokerContainers().containsKey(brokerId) ? Optional.of(link.proxyName(brokerId)) : Optional.empty();
    }

    @Override
    public List<Integer> appIndexes() {
        if (localApps != null) {
            return localApps.indexes();
        }
        return compose.appContainer() == null ? List.of() : List.of(1);
    }

    @Override
    public boolean appAlive(int index) {
        if (localApps != null) {
            return localApps.alive(index);
        }
        return index == 1 && compose.appContainer() != null
                && containerState(compose.appContainer()) == ProcessControl.State.RUNNING;
    }

    @Override
    public void killApp(int index) {
        if (localApps != null) {
            localApps.kill(index);
            return;
        }
        docker(List.of("docker", "kill", "--signal", "SIGKILL", compose.appContainer()));
    }

    /** {@code docker stop}: SIGTERM, SIGKILL after the app's grace. */
    @Override
    public void stopApp(int index) {
        if (localApps != null) {
            localApps.stop(index);
            return;
        }
        docker(List.of("docker", "stop", "--time", Long.toString(Timeouts.APP_STOP_GRACE.toSeconds()), compose.appContainer()));
    }

    @Override
    public void startApp(int index) {
        if (localApps != null) {
            localApps.start(index);
            return;
        }
        docker(List.of("docker", "start", compose.appContainer()));
        Poll.require("app container " + compose.appContainer() + " to be ready on port " + APP_HTTP_PORT, Timeouts.APP_READY,
                () -> AppInstances.ready(APP_HTTP_PORT));
    }
}
