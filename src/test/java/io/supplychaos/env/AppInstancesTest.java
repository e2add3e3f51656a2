package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Leftover app JVMs of a crashed CLI, without brokers: {@code sleep} processes stand in for them. */
class AppInstancesTest {

    @TempDir
    Path dir;

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killWhatTheTestStarted() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void shouldStopALeftoverInstanceThatStillRunsItsRecordedCommand() {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("state"));
        AppInstances apps = new AppInstances(paths);
        AppInstances.AppInstance leftover = apps.launch(new AppInstances.AppInstance(1, null, 0,
                List.of("sleep", "600"), paths.logDir().resolve("app-1.log").toString()));
        ProcessHandle.of(leftover.pid()).ifPresent(started::add);
        assertThat(apps.alive(leftover)).isTrue();

        List<AppInstances.AppInstance> stopped = apps.stopLeftovers();

        assertThat(stopped).extracting(AppInstances.AppInstance::index).containsExactly(1);
        // exited is enough: reaping the zombie is this JVM's reaper thread's business, a moment later
        assertThat(ProcessControl.state(leftover.pid())).isEqualTo(ProcessControl.State.STOPPED);
        assertThat(apps.read()).isEmpty();
    }

    @Test
    void givenAnInstanceTrainingItsAotCache_whenTornDown_thenItGetsTheCacheWriteGraceUnlessTheStopIsShort() throws Exception {
        // given: a process whose arguments say it trains (it records and writes the cache as it exits)
        Process training = new ProcessBuilder("sh", "-c", "sleep 602", "-XX:AOTCacheOutput=/tmp/app-x.aot.training").start();
        Process warm = new ProcessBuilder("sh", "-c", "sleep 603", "-XX:AOTCache=/tmp/app-x.aot").start();
        started.add(training.toHandle());
        started.add(warm.toHandle());

        // then: a teardown waits for the cache; Ctrl-C's short stop and a warm instance do not
        assertThat(AppInstances.withCacheWrite(List.of(warm.pid(), training.pid()), Timeouts.APP_STOP_GRACE))
                .isEqualTo(Timeouts.AOT_CACHE_WRITE);
        assertThat(AppInstances.withCacheWrite(List.of(warm.pid()), Timeouts.APP_STOP_GRACE))
                .isEqualTo(Timeouts.APP_STOP_GRACE);
        assertThat(AppInstances.withCacheWrite(List.of(training.pid()), Timeouts.APP_STOP_GRACE_INTERRUPTED))
                .isEqualTo(Timeouts.APP_STOP_GRACE_INTERRUPTED);
    }

    @Test
    void shouldNeverSignalARecordedPidThatNowRunsAnotherCommand() throws Exception {
        ChaosPaths paths = ChaosPaths.defaults().withStateDir(dir.resolve("state"));
        Process stranger = new ProcessBuilder("sleep", "601").start();
        started.add(stranger.toHandle());
        // a recycled pid: apps.json says it is app instance 2, /proc says it is someone's sleep
        Files.createDirectories(paths.stateDir());
        new ObjectMapper().writeValue(paths.stateDir().resolve("apps.json").toFile(), List.of(new AppInstances.AppInstance(2,
                stranger.pid(), 8080, List.of("java", AppInstances.MARKER + 2, "-jar", "quarkus-run.jar"), "app-2.log")));
        AppInstances apps = new AppInstances(paths);

        List<AppInstances.AppInstance> stopped = apps.stopLeftovers();

        assertThat(stopped).isEmpty();
        assertThat(stranger.isAlive()).isTrue();
        assertThat(apps.read()).as("the stale record is forgotten").isEmpty();
    }

    @Test
    void shouldTellAProcessRunningTheRecordedCommandFromOneThatDoesNot() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "602").start();
        started.add(sleep.toHandle());

        // until the child has exec'd, /proc shows the JVM's command line
        assertThat(Poll.until(Duration.ofSeconds(5), Poll.SHORT_INTERVAL, () -> ProcessControl.runs(sleep.pid(), List.of("sleep", "602"))))
                .isTrue();
        assertThat(ProcessControl.runs(sleep.pid(), List.of("sleep", "60"))).isFalse();
        assertThat(ProcessControl.runs(sleep.pid(), List.of("sleep", "602", "extra"))).isFalse();
        assertThat(ProcessControl.runs(null, List.of("sleep", "602"))).isFalse();
    }
}
