package io.supplychaos.kind.external;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.supplychaos.chaos.ClusterLookup;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.chaos.LocalAppsBackend;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.ChangeJournal.BrokerChange;
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
 * <p>What the tool did to a broker is remembered in the state directory's {@link ChangeJournal}
 * (stopped or paused) until the start or resume command undoes it, or {@code down} does: a killed
 * broker still shows as registered for a few seconds, and a paused one for as long as its session
 * lasts, so the cluster's metadata alone cannot tell. Without such a record a broker is running when
 * the cluster lists it as registered.
 */
final class ExternalBackend implements LocalAppsBackend {
    private final Attachment attachment;
    private final ExternalTarget target;
    private final ChangeJournal journal;
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
        this.journal = new ChangeJournal(stateDir);
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
        Optional<BrokerChange> done = journal.broker(id);
        if (done.isPresent()) {
            return done.get() == BrokerChange.PAUSED ? ProcessControl.State.PAUSED : ProcessControl.State.STOPPED;
        }
        return membership.registered().contains(id) ? ProcessControl.State.RUNNING : ProcessControl.State.STOPPED;
    }

    @Override
    public void killBroker(int id) {
        run(BrokerCommand.KILL, id);
        journal.broker(id, BrokerChange.STOPPED);
    }

    @Override
    public void stopBroker(int id) {
        run(BrokerCommand.STOP, id);
        journal.broker(id, BrokerChange.STOPPED);
    }

    @Override
    public void startBroker(int id) {
        run(BrokerCommand.START, id);
        membership.awaitRegistered(id);
        journal.brokerRestored(id);
    }

    @Override
    public void pauseBroker(int id) {
        run(BrokerCommand.PAUSE, id);
        journal.broker(id, BrokerChange.PAUSED);
    }

    @Override
    public void resumeBroker(int id) {
        run(BrokerCommand.RESUME, id);
        journal.brokerRestored(id);
    }

    /** Runs the broker command with {id} and {host} filled in; refuses a command the env does not configure. */
    private void run(BrokerCommand command, int id) {
        List<String> template = target.command(command).orElseThrow(() -> new IllegalArgumentException(
                describe() + " has no brokerCommands." + command.yamlName() + ": the tool cannot "
                        + command.yamlName() + " its brokers"));
        // the host is looked up (and checked) only for a command that names it
        String host = template.stream().anyMatch(arg -> arg.contains("{host}")) ? host(id) : null;
        List<String> args = template.stream().map(arg -> arg.replace("{id}", Integer.toString(id)))
                .map(arg -> host == null ? arg : arg.replace("{host}", host)).toList();
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
