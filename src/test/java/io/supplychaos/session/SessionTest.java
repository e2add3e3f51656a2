package io.supplychaos.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.Network;
import io.supplychaos.env.Partitioning;
import io.supplychaos.session.SessionPlan.Reuse;
import io.supplychaos.session.Teardown.Step;

/**
 * One session's lifecycle on a fake cluster: what it opens, in which order it stops things, what it
 * leaves up, and that a failed step stops what was started before the failure leaves.
 */
class SessionTest {

    private static final EnvSpec C3 = new EnvSpec("c3", 3, 3, 6, 2, Partitioning.KEY, Network.PROXIED, Map.of());
    private static final EnvSpec C1 = new EnvSpec("c1", 1, 1, 1, 1, Partitioning.ROUND_ROBIN, Network.PROXIED, Map.of());

    @TempDir
    Path stateDir;

    private final FakeClusters clusters = new FakeClusters();
    private final List<String> said = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();

    private Sessions sessions(boolean deleteTopics) {
        return new Sessions(new ChaosPaths(Path.of("."), stateDir), 33000, clusters, deleteTopics, said::add);
    }

    private Session open(Reuse reuse) {
        return sessions(false).open(new SessionPlan(C3, "env/c3.yaml", reuse, clusters.apps("apps", false)), stop);
    }

    @Test
    void shouldOpenTheEnvThenStopLeftoversThenStartTheApps() {
        // when
        Session session = open(Reuse.NONE);

        // then
        assertThat(clusters.journal).containsExactly("open c3", "stop leftovers of apps", "start apps");
        assertThat(session.cluster().spec()).isEqualTo(C3);
        assertThat(session.closed()).isFalse();
    }

    @Test
    void shouldStopTheRunsPartsInTheDocumentedOrderWhateverOrderTheyStartedIn() {
        // given a run that registers its parts out of order
        Session session = open(Reuse.NONE);
        clusters.journal.clear();
        RunScope run = session.beginRun();
        run.stopAtEnd(Step.CONNECTIONS, "closing JMX connections", () -> clusters.journal.add("connections"));
        run.stopAtEnd(Step.CONSUMERS, "stopping the outcome consumer", () -> clusters.journal.add("consumer"));
        run.stopAtEnd(Step.SAMPLERS, "stopping the sampler", () -> clusters.journal.add("sampler"));
        run.stopAtEnd(Step.FAULT_TIMELINE, "ending the fault timeline", () -> clusters.journal.add("fault timeline"));

        // when the run ends, then the session
        run.close();
        List<String> afterRun = List.copyOf(clusters.journal);
        session.close();

        // then the run's parts go first, the apps and the env only with the session
        assertThat(afterRun).containsExactly("fault timeline", "sampler", "consumer", "connections");
        assertThat(clusters.journal).containsExactly("fault timeline", "sampler", "consumer", "connections",
                "stop apps with 10 s grace", "release c3");
    }

    @Test
    void shouldStopTheAppsWithLessGraceAfterCtrlC() {
        // given
        Session session = open(Reuse.NONE);

        // when Ctrl-C arrived before the session closes
        stop.set(true);
        session.close();

        // then
        assertThat(clusters.journal).contains("stop apps with 5 s grace");
    }

    @Test
    void shouldStopTheAppsAndTheEnvWhenTheAppsFailToStart() {
        // given apps whose first instance exits
        SessionPlan plan = new SessionPlan(C3, "env/c3.yaml", Reuse.NONE, clusters.apps("apps", true));

        // when / then the failure leaves after what was started is stopped
        assertThatThrownBy(() -> sessions(false).open(plan, stop)).hasMessage("apps instance 1 exited");
        assertThat(clusters.journal).containsExactly("open c3", "stop leftovers of apps", "start apps",
                "stop apps with 10 s grace", "release c3");
    }

    @Test
    void shouldReleaseNothingWhenTheEnvFailsToOpen() {
        // given
        clusters.openFails = new IllegalStateException("broker 2 did not start");

        // when / then
        assertThatThrownBy(() -> open(Reuse.NONE)).hasMessage("broker 2 did not start");
        assertThat(clusters.journal).containsExactly("open c3");
    }

    @Test
    void shouldRefuseARunningEnvInTheCallersWordsBeforeOpeningAnything() {
        // given c1 up, and a plan for c3 whose refusal names the caller's field
        clusters.running = C1;
        SessionPlan plan = new SessionPlan(C3, "env/c3.yaml", Reuse.KEEP, clusters.apps("apps", false),
                reason -> new IllegalArgumentException("--env c3: " + reason));

        // when / then
        assertThatThrownBy(() -> sessions(false).open(plan, stop)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--env c3: no environment running (c1 is up: `./chaos down` first)");
        assertThat(clusters.journal).isEmpty();
    }

    @Test
    void shouldLeaveUpAnEnvItStartedWhenThePlanKeepsIt() {
        // given a scenario with reuseEnv: true that found no env up
        Session session = open(Reuse.KEEP);

        // when
        session.close();

        // then
        assertThat(clusters.journal).doesNotContain("release c3").contains("stop apps with 10 s grace");
    }

    @Test
    void shouldLeaveUpAnEnvItDidNotStart() {
        // given c3 up already, used by a verify
        clusters.running = C3;
        clusters.starts = false;
        Session session = open(Reuse.IF_RUNNING);

        // when
        session.close();

        // then
        assertThat(clusters.journal).doesNotContain("release c3");
    }

    @Test
    void shouldStopAnEnvItStartedForAVerify() {
        Session session = open(Reuse.IF_RUNNING);

        session.close();

        assertThat(clusters.journal).endsWith("release c3");
    }

    @Test
    void shouldPassDeleteTopicsToTheReleaseOfAnEnvItStarted() {
        Session session = sessions(true).open(new SessionPlan(C3, "env/c3.yaml", Reuse.NONE, Apps.none()), stop);

        session.close();

        assertThat(clusters.journal).containsExactly("open c3", "release c3 deleting topics");
    }

    @Test
    void shouldReportATeardownProblemAndGoOnWithTheNextStep() {
        // given a run whose sampler fails to stop
        Session session = open(Reuse.NONE);
        RunScope run = session.beginRun();
        run.stopAtEnd(Step.SAMPLERS, "stopping the sampler", () -> {
            throw new IllegalStateException("sampler thread stuck");
        });
        run.stopAtEnd(Step.CONSUMERS, "stopping the outcome consumer", () -> clusters.journal.add("consumer"));

        // when
        run.close();
        session.close();

        // then nothing is thrown, the problem is said, and everything after it still stopped
        assertThat(said).contains("teardown: stopping the sampler failed: sampler thread stuck "
                + "(`./chaos down` stops what is left)");
        assertThat(clusters.journal).endsWith("consumer", "stop apps with 10 s grace", "release c3");
    }

    @Test
    void shouldStopOnlyOnceWhenClosedTwice() {
        // given a session closed by the Ctrl-C hook while the run's own close follows
        Session session = open(Reuse.NONE);
        session.close();

        // when
        session.close();

        // then
        assertThat(clusters.journal.stream().filter(line -> line.startsWith("release"))).hasSize(1);
        assertThat(session.hosts(session.plan())).as("a closed session hosts nothing").isFalse();
    }

    @Test
    void shouldCountItsRunsAndTellTheFirst() {
        Session session = open(Reuse.NONE);

        RunScope first = session.beginRun();
        first.close();
        RunScope second = session.beginRun();
        second.close();

        assertThat(first.first()).isTrue();
        assertThat(second.first()).isFalse();
        assertThat(session.runs()).isEqualTo(2);
    }

    @Test
    void shouldReportNothingWhenEveryStepStops() {
        Session session = open(Reuse.NONE);
        session.beginRun().close();
        session.close();

        assertThat(said).isEmpty();
    }
}
