package io.supplychaos.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import io.supplychaos.chaos.FaultEventLog;
import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTimeline;
import io.supplychaos.chaos.Faults;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.session.Teardown.Step;
import io.supplychaos.time.Timeouts;

/**
 * One run in a {@link Session}: its fault timeline and whatever else it starts (samplers, consumers,
 * connections), each registered as it starts and stopped at {@link #close} in the {@link Step} order,
 * the fault timeline first with its actions in flight awaited. The session's apps and env stay.
 */
public final class RunScope implements AutoCloseable {

    private final Cluster cluster;
    private final Path stateDir;
    private final boolean first;
    private final Teardown teardown;

    RunScope(Cluster cluster, Path stateDir, boolean first, Teardown teardown) {
        this.cluster = cluster;
        this.stateDir = stateDir;
        this.first = first;
        this.teardown = teardown;
    }

    /** Whether this is the session's first run (a later one finds the apps warm). */
    public boolean first() {
        return first;
    }

    public Cluster cluster() {
        return cluster;
    }

    /**
     * The run's fault timeline on the session's cluster: {@code schedule} bound through the
     * cluster's fault backend, faults from other terminals followed from now on (the event log in
     * the state directory), everything recorded in {@code history}. Its schedule starts when the
     * caller says ({@link FaultTimeline#startSchedule}); it is closed first at teardown.
     */
    public FaultTimeline faults(List<FaultSpec> schedule, HistoryLog history, Consumer<String> say) {
        FaultTimeline timeline = new FaultTimeline(schedule, Faults.on(cluster.faults(), stateDir),
                new FaultEventLog(stateDir), history, say);
        // fault actions first: nothing is stopped under an inject or heal still running
        teardown.add(Step.FAULT_TIMELINE, "ending the fault timeline", () -> timeline.close(Timeouts.FAULTS_IN_FLIGHT));
        timeline.followJournal();
        return timeline;
    }

    /** Registers {@code stop} ("stopping the sampler") for the end of the run, at {@code step}. */
    public void stopAtEnd(Step step, String what, Teardown.Stop stop) {
        teardown.add(step, what, stop);
    }

    /** How long a JVM the run started gets between SIGTERM and SIGKILL: less after Ctrl-C. */
    public Duration grace() {
        return teardown.grace();
    }

    /** Stops what the run started, in order; problems are reported, never thrown. */
    @Override
    public void close() {
        teardown.run();
    }
}
