package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.KafkaAccess;
import io.supplychaos.env.ProcessControl;
import io.supplychaos.env.ProxyLink;
import io.supplychaos.toxiproxy.ToxiproxyApi;

/**
 * stop-app and start-app on a local app instance, a real process standing in for the app's JVM:
 * a shell that says it is ready and runs until it gets SIGTERM.
 */
class LocalAppsTest {

    /** Ready once it printed this line; SIGTERM ends it (the loop's sleeps are short, so nothing is left behind). */
    private static final List<String> APP = List.of("sh", "-c", "echo app-ready; while :; do sleep 0.2; done");

    @TempDir
    Path dir;

    private AppInstances apps;
    private final List<Long> pids = new ArrayList<>();

    @BeforeEach
    void givenARecordedRunningInstance() {
        apps = new AppInstances(ChaosPaths.defaults().withStateDir(dir.resolve("state")));
        AppInstances.AppInstance started = apps.start(1, APP, dir.resolve("app-1.log"), "app-ready");
        pids.add(started.pid());
        apps.awaitReady(started, Duration.ofSeconds(10));
    }

    @AfterEach
    void stopWhatTheTestStarted() {
        apps.read().forEach(app -> pids.add(app.pid()));
        ProcessControl.terminateAll(pids, Duration.ofSeconds(2));
    }

    private FaultAction bind(FaultType type) {
        LocalApps local = new LocalApps(apps);
        LocalAppsBackend backend = new LocalAppsBackend() {
            @Override public LocalApps localApps() { return local; }
            @Override public String describe() { return "local apps in " + dir; }
            @Override public List<Integer> brokerIds() { return List.of(); }
            @Override public ProcessControl.State brokerState(int id) { throw new AssertionError("no brokers"); }
            @Override public void killBroker(int id) { throw new AssertionError("no brokers"); }
            @Override public void stopBroker(int id) { throw new AssertionError("no brokers"); }
            @Override public void startBroker(int id) { throw new AssertionError("no brokers"); }
            @Override public void pauseBroker(int id) { throw new AssertionError("no brokers"); }
            @Override public void resumeBroker(int id) { throw new AssertionError("no brokers"); }
            @Override public KafkaAccess access() { throw new AssertionError("no cluster"); }
            @Override public Optional<ToxiproxyApi> toxiproxy() { return Optional.empty(); }
            @Override public Optional<String> proxyName(int brokerId, ProxyLink link) { return Optional.empty(); }
        };
        return Faults.on(backend, dir).bind(new FaultSpec(type, FaultTarget.app(1), Map.of(), null, null));
    }

    @Test
    void stopAppEndsTheInstanceWithSigtermAndKeepsItsRecordForStartApp() {
        long pid = apps.instance(1).orElseThrow().pid();

        // when stop-app is injected
        bind(FaultType.STOP_APP).inject();

        // then the process is gone (it returned once the process exited) and the record stays
        assertThat(ProcessControl.state(pid)).isEqualTo(ProcessControl.State.STOPPED);
        assertThat(new LocalApps(apps).alive(1)).isFalse();
        assertThat(new LocalApps(apps).indexes()).containsExactly(1);
    }

    @Test
    void startAppStartsAStoppedInstanceAgainWithItsRecordedCommandAndWaitsUntilItIsReady() {
        long first = apps.instance(1).orElseThrow().pid();
        bind(FaultType.STOP_APP).inject();

        // when start-app is injected
        bind(FaultType.START_APP).inject();

        // then a new life of the same command runs and said it is ready
        AppInstances.AppInstance again = apps.instance(1).orElseThrow();
        assertThat(again.pid()).isNotEqualTo(first);
        assertThat(again.command()).isEqualTo(APP);
        assertThat(apps.alive(again)).isTrue();
        assertThat(again.ready()).isTrue();
    }

    @Test
    void theHealOfAStopStartsTheInstanceAgain() {
        FaultAction stop = bind(FaultType.STOP_APP);
        stop.inject();

        // when the stop's own heal runs (the end of for: or --for), twice
        stop.heal();
        long restarted = apps.instance(1).orElseThrow().pid();
        stop.heal();

        // then it runs again, started once
        assertThat(new LocalApps(apps).alive(1)).isTrue();
        assertThat(apps.instance(1).orElseThrow().pid()).isEqualTo(restarted);
    }
}
