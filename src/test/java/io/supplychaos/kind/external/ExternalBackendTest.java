package io.supplychaos.kind.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.chaos.FaultAction;
import io.supplychaos.chaos.FaultActions;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;
import io.supplychaos.chaos.Faults;
import io.supplychaos.chaos.LocalApps;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.Attachment;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ExternalTarget;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;

/**
 * The external env's faults: broker faults run exactly the env's commands with {id} and {host}
 * filled in, what the tool did is remembered until undone, and a fault without its command is
 * refused before anything runs.
 */
class ExternalBackendTest {

    @TempDir
    Path stateDir;

    private final List<List<String>> ran = new ArrayList<>();
    private final List<Integer> awaited = new ArrayList<>();
    private ExternalBackend backend;
    private FaultActions faults;

    @BeforeEach
    void givenAnExternalClusterWithKillStartPauseResumeCommands() {
        ExternalTarget target = new ExternalTarget("k1:9092,k2:9092,k3:9092", "http://toxi:8474",
                Map.of(2, Map.of(ProxyLink.CLIENT, "kafka2-in")), Map.of(1, "kafka-1.example"), Map.of(
                BrokerCommand.KILL, List.of("ssh", "{host}", "sudo", "systemctl", "kill", "-s", "KILL", "kafka@{id}"),
                BrokerCommand.START, List.of("ssh", "{host}", "sudo", "systemctl", "start", "kafka@{id}"),
                BrokerCommand.PAUSE, List.of("./pause", "{id}"),
                BrokerCommand.RESUME, List.of("./resume", "{id}")));
        EnvSpec spec = new EnvSpec("staging", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of(), EnvKind.EXTERNAL,
                Map.of(), null, target, null, null, null);
        Attachment attachment = new Attachment(spec, "env/staging.yaml", Instant.EPOCH,
                KafkaAccess.plaintext(target.bootstrapServers()), Map.of(2, "kafka-2.internal", 3, "kafka-3.internal"),
                false, "run");
        backend = new ExternalBackend(attachment, stateDir, (command, timeout) -> {
            ran.add(command);
            return "";
        }, new ExternalBackend.Membership() {
            @Override
            public java.util.Set<Integer> registered() {
                return java.util.Set.of(1, 2, 3);
            }

            @Override
            public void awaitRegistered(int id) {
                awaited.add(id);
            }
        }, new LocalApps(new AppInstances(ChaosPaths.defaults().withStateDir(stateDir))));
        faults = Faults.on(backend, stateDir);
    }

    @Test
    void shouldRunTheKillCommandWithTheBrokersIdAndHostAndRememberItStopped() {
        FaultAction kill = faults.bind(new FaultSpec(FaultType.KILL_BROKER, FaultTarget.broker(1), Map.of(), null, null));

        kill.inject();

        assertThat(ran).containsExactly(List.of("ssh", "kafka-1.example", "sudo", "systemctl", "kill", "-s", "KILL", "kafka@1"));
        assertThat(backend.brokerState(1)).isEqualTo(ProcessControl.State.STOPPED);
    }

    @Test
    void shouldStartAKilledBrokerWithTheStartCommandAndWaitForItToRegister() {
        FaultAction kill = faults.bind(new FaultSpec(FaultType.KILL_BROKER, FaultTarget.broker(2), Map.of(), null, null));
        kill.inject();

        kill.heal();

        assertThat(ran).last().isEqualTo(List.of("ssh", "kafka-2.internal", "sudo", "systemctl", "start", "kafka@2"));
        assertThat(awaited).containsExactly(2);
        assertThat(new ChangeJournal(stateDir).broker(2)).as("nothing left to undo").isEmpty();
    }

    @Test
    void shouldResumeAPausedBrokerWhenHealed() {
        FaultAction pause = faults.bind(new FaultSpec(FaultType.PAUSE_BROKER, FaultTarget.broker(3), Map.of(), null, null));
        pause.inject();
        assertThat(backend.brokerState(3)).isEqualTo(ProcessControl.State.PAUSED);

        pause.heal();

        assertThat(ran).containsExactly(List.of("./pause", "3"), List.of("./resume", "3"));
        assertThat(new ChangeJournal(stateDir).broker(3)).as("nothing left to undo").isEmpty();
    }

    @Test
    void shouldRefuseAStopTheEnvHasNoCommandForBeforeRunningAnything() {
        backend.killBroker(1); // broker 1 marked stopped: the state check needs no cluster
        ran.clear();

        assertThatThrownBy(() -> backend.stopBroker(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no brokerCommands.stop");
        assertThat(ran).isEmpty();
    }

    @Test
    void givenABrokerAdvertisingAnSshOptionAsItsHostWhenKilledThenTheCommandIsRefusedAndNeverRuns() {
        // given broker 3 advertised "-oProxyCommand=x" when the cluster was attached, and the env file names no host for it
        ExternalBackend hostile = backendWithAdvertisedHost(3, "-oProxyCommand=x");

        // when the kill command would name it as {host}, then it is refused naming the broker and the value
        assertThatThrownBy(() -> hostile.killBroker(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("broker 3").hasMessageContaining("'-oProxyCommand=x'")
                .hasMessageContaining("an RFC 1123 host name, an IPv4 address or an IPv6 literal");
        assertThat(ran).as("no command ran").isEmpty();
        assertThat(hostile.brokerState(3)).as("nothing recorded as done").isEqualTo(ProcessControl.State.RUNNING);
    }

    @Test
    void givenAdvertisedHostsWithShellOrQuoteCharactersWhenUsedThenEachIsRefused() {
        for (String host : List.of("kafka 3", "kafka;rm", "$(id)", "'kafka'", "kafka/3", "a=b", "kafka\n3", "")) {
            ExternalBackend hostile = backendWithAdvertisedHost(3, host);

            assertThatThrownBy(() -> hostile.killBroker(3)).as(host).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("broker 3");
        }
        assertThat(ran).as("no command ran").isEmpty();
    }

    @Test
    void givenAdvertisedIpv4AndIpv6AddressesWhenKilledThenTheyAreFilledIn() {
        backendWithAdvertisedHost(3, "10.1.2.3").killBroker(3);
        backendWithAdvertisedHost(3, "fd00::3").killBroker(3);

        assertThat(ran).extracting(command -> command.get(1)).containsExactly("10.1.2.3", "fd00::3");
    }

    @Test
    void givenACommandThatNamesNoHostWhenTheBrokerAdvertisesABadOneThenTheCommandRuns() {
        ExternalBackend backend = backendWithAdvertisedHost(3, "-oProxyCommand=x");

        backend.pauseBroker(3);

        assertThat(ran).containsExactly(List.of("./pause", "3"));
    }

    private ExternalBackend backendWithAdvertisedHost(int id, String host) {
        ExternalTarget target = new ExternalTarget("k1:9092,k2:9092,k3:9092", null, Map.of(), Map.of(), Map.of(
                BrokerCommand.KILL, List.of("ssh", "{host}", "sudo", "systemctl", "kill", "kafka@{id}"),
                BrokerCommand.PAUSE, List.of("./pause", "{id}"), BrokerCommand.RESUME, List.of("./resume", "{id}")));
        EnvSpec spec = new EnvSpec("staging", 3, 3, 6, 2, Partitioning.KEY, Network.DIRECT, Map.of(), EnvKind.EXTERNAL,
                Map.of(), null, target, null, null, null);
        Attachment attachment = new Attachment(spec, "env/staging.yaml", Instant.EPOCH,
                KafkaAccess.plaintext(target.bootstrapServers()), Map.of(id, host), false, "run");
        return new ExternalBackend(attachment, stateDir.resolve("hostile"), (command, timeout) -> {
            ran.add(command);
            return "";
        }, new ExternalBackend.Membership() {
            @Override
            public java.util.Set<Integer> registered() {
                return java.util.Set.of(1, 2, 3);
            }

            @Override
            public void awaitRegistered(int broker) {
                awaited.add(broker);
            }
        }, new LocalApps(new AppInstances(ChaosPaths.defaults().withStateDir(stateDir))));
    }

    @Test
    void shouldNameTheConfiguredProxyOrTheConvention() {
        assertThat(backend.proxyName(2, ProxyLink.CLIENT)).hasValue("kafka2-in");
        assertThat(backend.proxyName(3, ProxyLink.REPLICATION)).hasValue("broker-3-replication");
        assertThat(backend.toxiproxy()).hasValueSatisfying(api -> assertThat(api.api()).isEqualTo("http://toxi:8474"));
    }
}
