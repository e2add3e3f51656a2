package io.supplychaos.kind.external;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.supplychaos.chaos.ClusterLookup;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.chaos.LocalAppsBackend;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.HostName;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.time.Timeouts;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * The side of the faults of a cluster the tool did not start ({@code kind: external}): brokers are
 * acted on only through the env file's {@code brokerCommands} (argument lists run without a shell,
 * {@code {id}} and {@code {host}} filled in, in the project directory), the network through the
 * cluster's own Toxiproxy when one is configured, and the app instances are the local ones.
 *
 * <p>What the tool did to a broker is remembered in the state directory
 * ({@code external-broker-N.state}: stopped or paused) until the start or resume command undoes it:
 * a killed broker still shows as registered for a few seconds, and a paused one for as long as its
 * session lasts, so the cluster's metadata alone cannot tell. Without such a mark a broker is
 * running when the cluster lists it as registered.
 */
final class ExternalBackend implements LocalAppsBackend {
    private static final String STOPPED = "stopped";
    private static final String PAUSED = "paused";

    private final Attachment attachment;
    private final ExternalTarget target;
    private final Path stateDir;
    private final CommandRunner commands;
    private final Membership membership;
    private final LocalApps apps;

    /** Which brokers the cluster lists as registered, and the wait for one to register: Admin calls, or a test's. */
    interface Membership {
        java.util.Set<Integer> registered();

        void awaitRegistered(int id);
    }

    /** @param membership which brokers are registered: the cluster's Admin, or a test's */
    ExternalBackend(Attachment attachment, Path stateDir, CommandRunner commands, Membership membership, LocalApps apps) {
        this.attachment = attachment;
        this.target = attachment.spec().external();
        this.stateDir = stateDir;
        this.commands = commands;
        this.apps = apps;
        this.membership = membership;
    }

    @Override
    public String describe() {
        return "external env " + attachment.envName() + " at " + attachment.access().bootstrapServers();
    }

    @Override
    public List<Integer> brokerIds() {
        List<Integer> ids = new ArrayList<>();
        for (int id = 1; id <= attachment.spec().brokers(); id++) {
            ids.add(id);
        }
        return ids;
    }

    @Override
    public ProcessControl.State brokerState(int id) {
        String mark = mark(id);
        if (PAUSED.equals(mark)) {
            return ProcessControl.State.PAUSED;
        }
        if (STOPPED.equals(mark)) {
            return ProcessControl.State.STOPPED;
        }
        return membership.registered().contains(id) ? ProcessControl.State.RUNNING : ProcessControl.State.STOPPED;
    }

    @Override
    public void killBroker(int id) {
        run(BrokerCommand.KILL, id);
        mark(id, STOPPED);
    }

    @Override
    public void stopBroker(int id) {
        run(BrokerCommand.STOP, id);
        mark(id, STOPPED);
    }

    @Override
    public void startBroker(int id) {
        run(BrokerCommand.START, id);
        membership.awaitRegistered(id);
        mark(id, null);
    }

    @Override
    public void pauseBroker(int id) {
        run(BrokerCommand.PAUSE, id);
        mark(id, PAUSED);
    }

    @Override
    public void resumeBroker(int id) {
        run(BrokerCommand.RESUME, id);
        mark(id, null);
    }

    /** Runs the broker command with {id} and {host} filled in; refuses a command the env does not configure. */
    private void run(BrokerCommand command, int id) {
        List<String> template = target.command(command).orElseThrow(() -> new IllegalArgumentException(
                describe() + " has no brokerCommands." + command.yamlName() + ": the tool cannot "
                        + command.yamlName() + " its brokers"));
        String host = host(id);
        List<String> args = template.stream().map(arg -> arg.replace("{id}", Integer.toString(id)).replace("{host}", host))
                .toList();
        commands.run(args, Timeouts.BROKER_COMMAND);
    }

    /**
     * The env file's host for the broker, else the one it advertised when attached, else the live
     * metadata's; refused unless it is a host name or address ({@link HostName}): an advertised
     * host is the cluster's word, and it becomes an argument of a command run on this machine.
     */
    private String host(int id) {
        String host = target.hosts().get(id);
        String from = "in the env file's hosts:";
        if (host == null) {
            host = attachment.brokerHosts().get(id);
            from = "advertised by the cluster when attached";
        }
        if (host == null) {
            host = ClusterLookup.hosts(access()).get(id);
            from = "advertised by the cluster";
        }
        if (host == null) {
            throw new IllegalArgumentException("no host known for broker " + id + " of " + describe()
                    + ": name it under hosts: in the env file");
        }
        if (!HostName.valid(host)) {
            throw new IllegalArgumentException("broker " + id + "'s host '" + host + "' (" + from + ") is not "
                    + HostName.EXPECTED + ": refused, no command run; name the broker's host under hosts: in the env file");
        }
        return host;
    }

    private Path markFile(int id) {
        return stateDir.resolve("external-broker-" + id + ".state");
    }

    private String mark(int id) {
        try {
            return Files.exists(markFile(id)) ? Files.readString(markFile(id)).trim() : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + markFile(id), e);
        }
    }

    private void mark(int id, String state) {
        try {
            if (state == null) {
                Files.deleteIfExists(markFile(id));
            } else {
                Files.createDirectories(stateDir);
                Files.writeString(markFile(id), state);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + markFile(id), e);
        }
    }

    @Override
    public KafkaAccess access() {
        return attachment.access();
    }

    @Override
    public Optional<ToxiproxyApi> toxiproxy() {
        return Optional.ofNullable(target.toxiproxy()).map(ToxiproxyApi::new);
    }

    @Override
    public Optional<String> proxyName(int brokerId, ProxyLink link) {
        return target.toxiproxy() == null ? Optional.empty() : Optional.of(target.proxyName(brokerId, link));
    }

    @Override
    public LocalApps localApps() {
        return apps;
    }
}
