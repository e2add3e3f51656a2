package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * Binding (target resolution, validation before acting) and the idempotence of broker and app
 * actions, over a fake backend that keeps broker and app states in memory (real broker processes
 * run in FaultsIT).
 */
class FaultsTest {

    @TempDir
    Path stateDir;

    /** Three brokers and one app, all running; records every call that changes something. */
    static class FakeBackend implements FaultBackend {
        final Map<Integer, ProcessControl.State> brokers = java.util.Collections.synchronizedMap(new TreeMap<>(Map.of(1, ProcessControl.State.RUNNING,
                2, ProcessControl.State.RUNNING, 3, ProcessControl.State.RUNNING)));
        boolean appAlive = true;
        final List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        /** Whether this fake reaches its brokers' log dirs, as the embedded env does. */
        boolean localDisks = true;

        @Override public String describe() { return "fake env"; }
        @Override public List<Integer> brokerIds() { return List.copyOf(brokers.keySet()); }
        @Override public ProcessControl.State brokerState(int id) { return brokers.get(id); }
        @Override public void killBroker(int id) { set("kill", id, ProcessControl.State.STOPPED); }
        @Override public void stopBroker(int id) { set("stop", id, ProcessControl.State.STOPPED); }
        @Override public void startBroker(int id) { set("start", id, ProcessControl.State.RUNNING); }
        @Override public Optional<String> dropUnflushed(int id) {
            if (!localDisks) {
                return FaultBackend.super.dropUnflushed(id);
            }
            calls.add("drop-unflushed " + id);
            return Optional.of("dropped 10 unflushed offsets");
        }
        @Override public void pauseBroker(int id) { set("pause", id, ProcessControl.State.PAUSED); }
        @Override public void resumeBroker(int id) { set("resume", id, ProcessControl.State.RUNNING); }
        @Override public KafkaAccess access() { return KafkaAccess.plaintext("127.0.0.1:1"); }
        @Override public Optional<ToxiproxyApi> toxiproxy() { return Optional.empty(); }
        @Override public Optional<String> proxyName(int brokerId, ProxyLink link) { return Optional.of(link.proxyName(brokerId)); }
        @Override public List<Integer> appIndexes() { return List.of(1); }
        @Override public boolean appAlive(int index) { return appAlive; }
        @Override public void killApp(int index) { calls.add("kill-app " + index); appAlive = false; }
        @Override public void stopApp(int index) { calls.add("stop-app " + index); appAlive = false; }
        @Override public void startApp(int index) { calls.add("start-app " + index); appAlive = true; }

        private synchronized void set(String call, int id, ProcessControl.State state) {
            calls.add(call + " " + id);
            brokers.put(id, state);
        }
    }

    private final FakeBackend backend = new FakeBackend();

    private FaultAction bind(FaultType type, String target) {
        return new Faults(backend, stateDir).bind(new FaultSpec(type, target == null ? null : FaultTarget.parse(target).orElseThrow(),
                Map.of(), null, null));
    }

    @Test
    void killInjectedTwiceKillsOnceAndHealedTwiceStartsOnce() {
        FaultAction kill = bind(FaultType.KILL_BROKER, "2");
        kill.inject();
        kill.inject();
        kill.heal();
        kill.heal();
        assertThat(backend.calls).containsExactly("kill 2", "start 2");
    }

    @Test
    void pauseHealsWithResumeOnce() {
        FaultAction pause = bind(FaultType.PAUSE_BROKER, "3");
        pause.inject();
        pause.inject();
        pause.heal();
        pause.heal();
        assertThat(backend.calls).containsExactly("pause 3", "resume 3");
    }

    @Test
    void powerLossOfAllKillsEveryBrokerBeforeAnyLogIsCutAndItsHealStartsThemAll() {
        FaultAction powerLoss = bind(FaultType.POWER_LOSS, "all");

        powerLoss.inject();

        // then all three are killed at once (in any order), and only then are their logs cut
        assertThat(backend.calls.subList(0, 3)).containsExactlyInAnyOrder("kill 1", "kill 2", "kill 3");
        assertThat(backend.calls.subList(3, 6)).containsExactly("drop-unflushed 1", "drop-unflushed 2", "drop-unflushed 3");
        assertThat(powerLoss.tookEffectAt()).as("when the last broker went down").isPresent();
        assertThat(powerLoss.describe()).startsWith("power-loss all: power-loss 1 (dropped 10 unflushed offsets)");
        powerLoss.heal();
        assertThat(backend.calls.subList(6, backend.calls.size())).containsExactlyInAnyOrder("start 1", "start 2", "start 3");
    }

    @Test
    void powerLossOfASetActsOnItsBrokersOnly() {
        bind(FaultType.POWER_LOSS, "1,3").inject();

        assertThat(backend.calls.subList(0, 2)).containsExactlyInAnyOrder("kill 1", "kill 3");
        assertThat(backend.calls.subList(2, 4)).containsExactly("drop-unflushed 1", "drop-unflushed 3");
    }

    @Test
    void powerLossOfOneBrokerIsEndedByStartBroker() {
        FaultAction powerLoss = bind(FaultType.POWER_LOSS, "2");

        powerLoss.inject();

        assertThat(backend.calls).containsExactly("kill 2", "drop-unflushed 2");
        assertThat(FaultType.START_BROKER.ends(FaultType.POWER_LOSS, new FaultPlace(2, "2"), new FaultPlace(2, "2"))).isTrue();
    }

    @Test
    void powerLossWhereTheLogDirsAreOutOfReachFailsAfterTheKillSayingWhy() {
        backend.localDisks = false;

        assertThatThrownBy(() -> bind(FaultType.POWER_LOSS, "1").inject()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("power-loss cannot be done here");
    }

    @Test
    void aBrokerFaultThatTakesOneBrokerRefusesASet() {
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, "1,2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kill-broker acts on one broker, not '1,2'");
    }

    @Test
    void startWithoutTargetStartsTheBrokerKilledLast() {
        bind(FaultType.STOP_BROKER, "1").inject();
        bind(FaultType.KILL_BROKER, "3").inject();
        assertThat(bind(FaultType.START_BROKER, "killed").describe()).isEqualTo("start-broker 3");
        bind(FaultType.START_BROKER, null).inject();
        assertThat(backend.calls).containsExactly("stop 1", "kill 3", "start 3");
    }

    @Test
    void repairsHealToNothing() {
        backend.brokers.put(1, ProcessControl.State.STOPPED);
        FaultAction start = bind(FaultType.START_BROKER, "1");
        start.inject();
        start.heal();
        FaultAction restart = bind(FaultType.RESTART_BROKER, "2");
        restart.inject();
        restart.heal();
        assertThat(backend.calls).containsExactly("start 1", "stop 2", "start 2");
    }

    @Test
    void aSeededRandomPickIsTheSameEveryTimeAndOnlyAmongBrokersThatCanTakeIt() {
        String first = bind(FaultType.KILL_BROKER, "random:11").describe();
        assertThat(bind(FaultType.KILL_BROKER, "random:11").describe()).isEqualTo(first);
        backend.brokers.put(1, ProcessControl.State.STOPPED);
        backend.brokers.put(2, ProcessControl.State.STOPPED);
        assertThat(bind(FaultType.KILL_BROKER, "random:11").describe()).isEqualTo("kill-broker 3");
        assertThat(bind(FaultType.START_BROKER, "random").describe()).isIn("start-broker 1", "start-broker 2");
    }

    @Test
    void aNetworkFaultOnARandomBrokerPicksAmongAllBrokersWhateverTheirState() {
        // given a stopped broker
        backend.brokers.put(2, ProcessControl.State.STOPPED);

        // when a cut is bound to a random broker, then the pick passes and the proxies are what is missing
        assertThatThrownBy(() -> bind(FaultType.CUT, "random:3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not proxied");
        assertThat(backend.calls).isEmpty();
    }

    @Test
    void badTargetsAreRefusedBeforeAnythingHappens() {
        backend.brokers.put(2, ProcessControl.State.STOPPED);
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, "7")).hasMessage("no broker 7 in fake env (brokers: [1, 2, 3])");
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, "2")).hasMessage("broker 2 is stopped: kill-broker needs it running or paused");
        assertThatThrownBy(() -> bind(FaultType.START_BROKER, "1")).hasMessage("broker 1 is running: start-broker needs it stopped");
        assertThatThrownBy(() -> bind(FaultType.RESUME_BROKER, "1")).hasMessage("broker 1 is running: resume-broker needs it paused");
        assertThatThrownBy(() -> bind(FaultType.START_BROKER, null)).hasMessageContaining("no broker was killed or stopped");
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, null)).hasMessageContaining("needs a broker");
        assertThatThrownBy(() -> bind(FaultType.KILL_BROKER, "all")).hasMessageContaining("acts on one broker");
        assertThatThrownBy(() -> bind(FaultType.DELAY, "all")).hasMessageContaining("delay ms: required by delay");
        assertThatThrownBy(() -> bind(FaultType.CUT, "1")).hasMessageContaining("not proxied");
        assertThat(backend.calls).isEmpty();
    }

    @Test
    void killAppHealsByStartingItAgainAndRestartAppDoesBoth() {
        FaultAction kill = bind(FaultType.KILL_APP, "app:1");
        kill.inject();
        kill.inject();
        kill.heal();
        kill.heal();
        bind(FaultType.RESTART_APP, "app:1").inject();
        assertThat(backend.calls).containsExactly("kill-app 1", "start-app 1", "kill-app 1", "start-app 1");
        backend.appAlive = false;
        assertThatThrownBy(() -> bind(FaultType.KILL_APP, "app:1")).hasMessage("app instance 1 is not running");
        assertThatThrownBy(() -> bind(FaultType.KILL_APP, "app:4")).hasMessageContaining("no app instance 4");
    }

    @Test
    void stopAppInjectedTwiceStopsOnceAndHealedTwiceStartsOnce() {
        // given a running instance
        FaultAction stop = bind(FaultType.STOP_APP, "app:1");

        // when the stop is injected and healed twice each
        stop.inject();
        stop.inject();
        stop.heal();
        stop.heal();

        // then it was stopped (SIGTERM, not killed) once and started once
        assertThat(backend.calls).containsExactly("stop-app 1", "start-app 1");
        assertThat(stop.describe()).isEqualTo("stop-app 1");
    }

    @Test
    void startAppStartsAStoppedInstanceOnceAndRefusesARunningOne() {
        // given a running instance: start-app is refused before anything is done
        assertThatThrownBy(() -> bind(FaultType.START_APP, "app:1"))
                .hasMessage("app instance 1 is running: start-app needs it stopped");
        assertThatThrownBy(() -> bind(FaultType.STOP_APP, "app:2")).hasMessageContaining("no app instance 2");
        assertThat(backend.calls).isEmpty();

        // when it was stopped and start-app is injected twice
        bind(FaultType.STOP_APP, "app:1").inject();
        FaultAction start = bind(FaultType.START_APP, "app:1");
        start.inject();
        start.inject();
        start.heal();

        // then it started once, and a repair heals to nothing
        assertThat(backend.calls).containsExactly("stop-app 1", "start-app 1");
        assertThatThrownBy(() -> bind(FaultType.START_APP, "app:1")).hasMessageContaining("is running");
    }

    @Test
    void stopAppOfAStoppedInstanceIsRefused() {
        backend.appAlive = false;

        assertThatThrownBy(() -> bind(FaultType.STOP_APP, "app:1")).hasMessage("app instance 1 is not running");
        assertThat(backend.calls).isEmpty();
    }

    @Test
    void aFaultTheBackendCannotDoIsRefusedBeforeAnythingIsResolved() {
        // given a backend that cannot pause brokers (as an env whose layer has no such action)
        FakeBackend refusing = new FakeBackend() {
            @Override
            public Optional<String> refusal(FaultSpec spec) {
                return spec.type() == FaultType.PAUSE_BROKER ? Optional.of("pause-broker: no such action here") : Optional.empty();
            }
        };

        // when / then
        assertThatThrownBy(() -> new Faults(refusing, stateDir).bind(new FaultSpec(FaultType.PAUSE_BROKER,
                FaultTarget.broker(7), Map.of(), null, null))).hasMessage("pause-broker: no such action here");
        assertThat(new Faults(refusing, stateDir).bind(new FaultSpec(FaultType.KILL_APP, FaultTarget.app(1), Map.of(), null,
                null)).describe()).isEqualTo("kill-app 1");
        assertThat(refusing.calls).isEmpty();
    }

    @Test
    void healResumesPausedBrokersOnly() {
        backend.brokers.put(1, ProcessControl.State.PAUSED);
        backend.brokers.put(2, ProcessControl.State.STOPPED);
        FaultAction heal = bind(FaultType.HEAL, null);
        heal.inject();
        heal.inject();
        assertThat(backend.calls).containsExactly("resume 1");
    }
}
