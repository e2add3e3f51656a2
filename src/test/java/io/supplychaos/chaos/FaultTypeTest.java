package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.supplychaos.env.ExternalTarget.BrokerCommand;
import io.supplychaos.env.ProcessControl;

/**
 * What each fault's own file says, read through the registry: its name, its rules between
 * attributes, its label, whether it lasts, the repair relation, and how the external and
 * Kubernetes kinds do it.
 */
class FaultTypeTest {

    private static FaultSpec spec(FaultType type, Map<String, String> attributes) {
        return new FaultSpec(type, null, attributes, null, null);
    }

    @Nested
    class Registry {

        @ParameterizedTest
        @EnumSource(FaultType.class)
        void eachFaultIsNamedAfterItsConstantAndFoundByThatName(FaultType type) {
            assertThat(type.cliName()).isEqualTo(type.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            assertThat(FaultType.byCliName(type.cliName())).hasValue(type);
            assertThat(type.summary()).isNotBlank();
        }

        @ParameterizedTest
        @EnumSource(FaultType.class)
        void eachFaultActsOnWhatItsDefinitionIs(FaultType type) {
            switch (type.kind()) {
                case BROKER -> assertThat(type.broker().takesBrokerIn()).isNotEmpty();
                case NETWORK -> assertThat(type.network().onToxiproxy()).isNotNull();
                case PROTOCOL -> assertThat(type.onKubernetes().refusal(false)).isPresent();
                case APP -> assertThat(type.app().needs()).isNotNull();
                case ENVIRONMENT -> assertThat(type).isEqualTo(FaultType.HEAL);
            }
        }

        @Test
        void networkFaultsTakeLinkAndOnlyCutGoesWithoutStreamAndToxicity() {
            Set<FaultType> network = Arrays.stream(FaultType.values()).filter(t -> t.kind() == FaultType.Kind.NETWORK)
                    .collect(Collectors.toSet());

            assertThat(network).allSatisfy(type -> assertThat(type.accepts("link")).isTrue());
            assertThat(network.stream().filter(type -> !type.accepts("stream"))).containsExactly(FaultType.CUT);
            assertThat(FaultType.KILL_BROKER.attributes()).isEmpty();
        }
    }

    @Nested
    class Rules {

        @Test
        void delayTakesAJitterOfAtMostItsMilliseconds() {
            FaultType.DELAY.checkAttributes(Map.of("ms", "100", "jitter", "100"));

            FaultAttributeException refused = catchThrowableOfType(
                    () -> FaultType.DELAY.checkAttributes(Map.of("ms", "100", "jitter", "101")), FaultAttributeException.class);

            assertThat(refused.attribute()).isEqualTo("jitter");
            assertThat(refused.expected()).isEqualTo("a whole number of milliseconds from 0 to 100 (at most ms), got '101'");
        }

        @Test
        void sliceTakesASizeVariationSmallerThanItsAverageSizeOr1024() {
            FaultType.SLICE.checkAttributes(Map.of("sizeVariation", "1023"));
            FaultType.SLICE.checkAttributes(Map.of("averageSize", "64", "sizeVariation", "63"));

            assertThatThrownBy(() -> FaultType.SLICE.checkAttributes(Map.of("sizeVariation", "1024")))
                    .hasMessage("slice sizeVariation: a whole number of bytes from 0 to 1023 (smaller than averageSize), got '1024'");
            assertThatThrownBy(() -> FaultType.SLICE.checkAttributes(Map.of("averageSize", "64", "sizeVariation", "64")))
                    .hasMessageContaining("from 0 to 63");
        }

        @Test
        void everyFaultRefusesAnAttributeItDoesNotTakeAndNeedsTheOnesItRequires() {
            assertThatThrownBy(() -> FaultType.KILL_BROKER.checkAttributes(Map.of("ms", "5")))
                    .hasMessage("kill-broker ms: not an attribute of kill-broker; it takes none");
            assertThatThrownBy(() -> FaultType.CUT.checkAttributes(Map.of("stream", "both")))
                    .hasMessage("cut stream: not an attribute of cut; it takes link");
            assertThatThrownBy(() -> FaultType.TIMEOUT.checkAttributes(Map.of()))
                    .hasMessageStartingWith("timeout ms: required by timeout");
            assertThat(FaultType.BANDWIDTH.requiredAttributes()).containsExactly("kbps");
        }

        @Test
        void onlyStartBrokerHasATargetWhenNoneIsGiven() {
            assertThat(Arrays.stream(FaultType.values()).filter(type -> type.defaultTarget().isPresent()))
                    .containsExactly(FaultType.START_BROKER);
            assertThat(FaultType.START_BROKER.defaultTarget()).hasValue(FaultTarget.killed());
        }

        @Test
        void brokerFaultsSayWhichStatesABrokerTakesThemIn() {
            assertThat(FaultType.KILL_BROKER.takesBrokerIn()).containsExactlyInAnyOrder(ProcessControl.State.RUNNING,
                    ProcessControl.State.PAUSED);
            assertThat(FaultType.PAUSE_BROKER.takesBrokerIn()).containsExactly(ProcessControl.State.RUNNING);
            assertThat(FaultType.RESUME_BROKER.takesBrokerIn()).containsExactly(ProcessControl.State.PAUSED);
            assertThat(FaultType.START_BROKER.takesBrokerIn()).containsExactly(ProcessControl.State.STOPPED);
        }
    }

    @Nested
    class Labels {

        @Test
        void networkFaultsSayWhatTheyDoInTheirOwnUnits() {
            assertThat(FaultType.DELAY.what(spec(FaultType.DELAY, Map.of("ms", "100")))).isEqualTo("delay 100 ms");
            assertThat(FaultType.DELAY.what(spec(FaultType.DELAY, Map.of("ms", "100", "jitter", "5"))))
                    .isEqualTo("delay 100 ms ± 5 ms");
            assertThat(FaultType.BANDWIDTH.what(spec(FaultType.BANDWIDTH, Map.of("kbps", "64")))).isEqualTo("bandwidth 64 KB/s");
            assertThat(FaultType.RESET_PEER.what(spec(FaultType.RESET_PEER, Map.of()))).isEqualTo("reset-peer");
            assertThat(FaultType.SLICE.what(spec(FaultType.SLICE, Map.of()))).isEqualTo("slice 1024 B");
        }

        @Test
        void faultsWithoutFiguresReadAsTheirName() {
            assertThat(FaultType.CUT.what(spec(FaultType.CUT, Map.of()))).isEqualTo("cut");
            assertThat(FaultType.HEAL.what(spec(FaultType.HEAL, Map.of()))).isEqualTo("heal");
        }
    }

    @Nested
    class Repairs {

        private final FaultPlace broker2 = new FaultPlace(2, "leader-of order-placed:0");
        private final FaultPlace broker3 = new FaultPlace(3, "3");
        private final FaultPlace anywhere = new FaultPlace(null, null);

        @Test
        void startBrokerEndsTheKillAndStopOfTheSameBrokerOnly() {
            assertThat(FaultType.START_BROKER.ends(FaultType.KILL_BROKER, new FaultPlace(2, "killed"), broker2)).isTrue();
            assertThat(FaultType.START_BROKER.ends(FaultType.STOP_BROKER, new FaultPlace(2, "2"), broker2)).isTrue();
            assertThat(FaultType.START_BROKER.ends(FaultType.KILL_BROKER, new FaultPlace(3, "3"), broker2)).isFalse();
            assertThat(FaultType.START_BROKER.ends(FaultType.PAUSE_BROKER, new FaultPlace(2, "2"), broker2)).isFalse();
        }

        @Test
        void aPlaceWithoutABrokerIdIsMatchedByItsTargetAsWritten() {
            assertThat(FaultType.START_BROKER.ends(FaultType.KILL_BROKER, new FaultPlace(null, "3"), broker3)).isTrue();
            assertThat(FaultType.START_BROKER.ends(FaultType.KILL_BROKER, new FaultPlace(null, "killed"), broker3)).isFalse();
        }

        @Test
        void resumeBrokerEndsThePauseOfTheSameBroker() {
            assertThat(FaultType.RESUME_BROKER.ends(FaultType.PAUSE_BROKER, new FaultPlace(3, "3"), broker3)).isTrue();
            assertThat(FaultType.RESUME_BROKER.ends(FaultType.PAUSE_BROKER, new FaultPlace(2, "2"), broker3)).isFalse();
            assertThat(FaultType.RESUME_BROKER.ends(FaultType.KILL_BROKER, new FaultPlace(3, "3"), broker3)).isFalse();
        }

        @ParameterizedTest
        @EnumSource(FaultType.class)
        void healEndsEveryNetworkAndProtocolFaultAndPauseWhereverTheyAreAndNothingElse(FaultType lasting) {
            boolean expected = lasting.kind() == FaultType.Kind.NETWORK || lasting.kind() == FaultType.Kind.PROTOCOL
                    || lasting == FaultType.PAUSE_BROKER;

            assertThat(FaultType.HEAL.ends(lasting, anywhere, broker2)).isEqualTo(expected);
        }

        @Test
        void theRepairsAreTheMomentsThatEndSomething() {
            Set<FaultType> repairs = Arrays.stream(FaultType.values()).filter(FaultType::isRepair)
                    .collect(Collectors.toCollection(() -> EnumSet.noneOf(FaultType.class)));

            assertThat(repairs).allSatisfy(repair -> assertThat(repair.isInstantaneous()).isTrue());
            assertThat(repairs).contains(FaultType.START_BROKER, FaultType.RESUME_BROKER, FaultType.HEAL, FaultType.START_APP)
                    .doesNotContain(FaultType.RESTART_BROKER, FaultType.RESTART_APP, FaultType.KILL_BROKER);
            assertThat(FaultType.RESTART_BROKER.isInstantaneous()).isTrue();
            assertThat(FaultType.KILL_BROKER.isInstantaneous()).isFalse();
        }

        @Test
        void aLastingFaultKnowsTheRepairsThatEndIt() {
            assertThat(FaultType.KILL_BROKER.endedBy()).containsExactly(FaultType.START_BROKER);
            assertThat(FaultType.PAUSE_BROKER.endedBy()).containsExactly(FaultType.RESUME_BROKER, FaultType.HEAL);
            assertThat(FaultType.DELAY.endedBy()).containsExactly(FaultType.HEAL);
        }

        @Test
        void startAppEndsTheStopAndKillOfItsOwnInstance() {
            FaultPlace app1 = new FaultPlace(null, "app:1");

            assertThat(FaultType.START_APP.ends(FaultType.STOP_APP, new FaultPlace(null, "app:1"), app1)).isTrue();
            assertThat(FaultType.START_APP.ends(FaultType.KILL_APP, new FaultPlace(null, "app:1"), app1)).isTrue();
            assertThat(FaultType.START_APP.ends(FaultType.STOP_APP, new FaultPlace(null, "app:2"), app1)).isFalse();
            assertThat(FaultType.START_APP.ends(FaultType.RESTART_APP, new FaultPlace(null, "app:1"), app1)).isFalse();
            assertThat(FaultType.HEAL.ends(FaultType.STOP_APP, anywhere, app1)).as("heal leaves apps down").isFalse();
        }

        @Test
        void stopAppLastsUntilItsHealOrStartAppAndStartAppIsAMoment() {
            assertThat(FaultType.STOP_APP.isInstantaneous()).isFalse();
            assertThat(FaultType.STOP_APP.endedBy()).containsExactly(FaultType.START_APP);
            assertThat(FaultType.KILL_APP.endedBy()).containsExactly(FaultType.START_APP);
            assertThat(FaultType.START_APP.isInstantaneous()).isTrue();
            assertThat(FaultType.START_APP.isRepair()).isTrue();
            assertThat(FaultType.STOP_APP.holdsBrokerDown()).isFalse();
        }

        @Test
        void onlyKillStopAndPowerLossHoldTheirBrokerDown() {
            assertThat(Arrays.stream(FaultType.values()).filter(FaultType::holdsBrokerDown))
                    .containsExactly(FaultType.KILL_BROKER, FaultType.STOP_BROKER, FaultType.POWER_LOSS);
        }
    }

    @Nested
    class Kinds {

        @Test
        void anExternalEnvNeedsTheCommandThatUndoesAFaultBesideTheOneThatDoesIt() {
            assertThat(FaultType.KILL_BROKER.externalCommands()).containsExactly(BrokerCommand.KILL, BrokerCommand.START);
            assertThat(FaultType.STOP_BROKER.externalCommands()).containsExactly(BrokerCommand.STOP, BrokerCommand.START);
            assertThat(FaultType.RESTART_BROKER.externalCommands()).containsExactly(BrokerCommand.STOP, BrokerCommand.START);
            assertThat(FaultType.PAUSE_BROKER.externalCommands()).containsExactly(BrokerCommand.PAUSE, BrokerCommand.RESUME);
            assertThat(FaultType.START_BROKER.externalCommands()).containsExactly(BrokerCommand.START);
            assertThat(FaultType.RESUME_BROKER.externalCommands()).containsExactly(BrokerCommand.RESUME);
            assertThat(Arrays.stream(FaultType.values()).filter(type -> type.kind() != FaultType.Kind.BROKER))
                    .allSatisfy(type -> assertThat(type.externalCommands()).isEmpty());
        }

        @Test
        void chaosMeshDoesDelayBandwidthAndCutAndNoOtherNetworkFault() {
            assertThat(Arrays.stream(FaultType.values()).filter(type -> type.onKubernetes().chaosMesh().isPresent())
                    .map(type -> type.cliName() + "=" + type.onKubernetes().chaosMesh().orElseThrow().action()))
                    .containsExactly("delay=delay", "bandwidth=bandwidth", "cut=partition");
            assertThat(List.of(FaultType.RESET_PEER, FaultType.TIMEOUT, FaultType.SLICE)).allSatisfy(type ->
                    assertThat(type.onKubernetes().refusal(false)).hasValue("Chaos Mesh has no " + type.cliName() + " action"));
        }

        @Test
        void chaosMeshParametersComeFromTheSpecAsNumbers() {
            // given the same latency written as the attribute rules take it: plain, with an underscore, with a sign
            // then Chaos Mesh gets numbers, which its CRD's pattern (^[0-9]+(\\.[0-9]+)?(ns|us|ms|s|m|h)$) takes
            for (String ms : List.of("1000", "1_000", "+1000")) {
                assertThat(FaultType.DELAY.onKubernetes().chaosMesh().orElseThrow().parameters()
                        .apply(spec(FaultType.DELAY, Map.of("ms", ms, "jitter", "20"))))
                        .isEqualTo(new OnKubernetes.DelayParameters(1000, 20));
            }
            // tc's bucket holds at least a tick's worth of data (rate / 100), never less than 10 000 bytes
            assertThat(FaultType.BANDWIDTH.onKubernetes().chaosMesh().orElseThrow().parameters()
                    .apply(spec(FaultType.BANDWIDTH, Map.of("kbps", "5000"))))
                    .isEqualTo(new OnKubernetes.BandwidthParameters(5000, 20L * 1024 * 1024, 50_000L));
            assertThat(FaultType.CUT.onKubernetes().chaosMesh().orElseThrow().parameters().apply(spec(FaultType.CUT, Map.of())))
                    .isEqualTo(new OnKubernetes.NoParameters());
        }

        @Test
        void kubernetesRefusesStopAppOnlyWhereTheAppsAreTheDeploymentsPods() {
            assertThat(FaultType.STOP_APP.onKubernetes().refusal(false)).isEmpty();
            assertThat(FaultType.STOP_APP.onKubernetes().refusal(true)).hasValueSatisfying(why ->
                    assertThat(why).contains("the app Deployment replaces a stopped pod at once"));
            assertThat(FaultType.START_APP.onKubernetes().refusal(true)).isEmpty();
            assertThat(FaultType.KILL_APP.onKubernetes().refusal(true)).isEmpty();
        }

        @Test
        void toxiproxyDoesEveryNetworkFaultWithAToxicButCutWhichDisablesTheProxy() {
            assertThat(Arrays.stream(FaultType.values()).filter(type -> type.kind() == FaultType.Kind.NETWORK)
                    .map(type -> type.cliName() + "=" + type.network().onToxiproxy().toxic()))
                    .containsExactly("delay=latency", "bandwidth=bandwidth", "cut=null", "reset-peer=reset_peer",
                            "timeout=timeout", "slice=slicer");
            assertThat(FaultType.CUT.network().onToxiproxy().disablesProxy()).isTrue();
        }
    }
}
