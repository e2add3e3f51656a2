package io.supplychaos.session;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.Environments;

/**
 * Opens sessions on one state directory: where their clusters come from, the ports an env started
 * for them uses, whether a cluster the tool did not start loses the supply-chain topics at the end,
 * and where they say what they do. One per runner ({@code run}, {@code verify}, {@code bench}).
 */
public final class Sessions {

    private final ChaosPaths paths;
    private final int basePort;
    private final ClusterSource clusters;
    private final boolean deleteTopics;
    private final Consumer<String> out;

    /**
     * @param deleteTopics on a cluster the tool did not start, delete the supply-chain topics when a
     *                     session lets it go
     */
    public Sessions(ChaosPaths paths, int basePort, ClusterSource clusters, boolean deleteTopics, Consumer<String> out) {
        this.paths = paths;
        this.basePort = basePort;
        this.clusters = clusters;
        this.deleteTopics = deleteTopics;
        this.out = out;
    }

    /** The tool's own: every kind of env through {@link Environments}. */
    public static Sessions of(ChaosPaths paths, int basePort, boolean deleteTopics, Consumer<String> out) {
        return new Sessions(paths, basePort, ClusterSource.of(Environments.of(paths)), deleteTopics, out);
    }

    /**
     * Opens a session for {@code plan}: validate (the env up here, if any, must be one the plan may
     * use), env (up, reused or attached), leftovers (apps an earlier CLI left are stopped), apps
     * (started and ready). When a step fails, what was started is stopped again before the exception
     * leaves. A raised {@code stop} (Ctrl-C) ends the apps' wait; the session then stops its apps
     * with less grace.
     *
     * @throws RuntimeException the plan's refusal when the env up here cannot be used (bad input)
     */
    public Session open(SessionPlan plan, AtomicBoolean stop) {
        Session session = new Session(plan, paths.stateDir(), new Teardown(stop::get, out), stop, out);
        try {
            clusters.current().flatMap(up -> SessionPlan.refusal(up, plan.env(), plan.reuse())).ifPresent(reason -> {
                throw plan.refusal().apply(reason);
            });
            session.opened(clusters.open(plan.env(), plan.source(), basePort, out), deleteTopics);
            // instances a crashed CLI left on this env would process the session's records beside ours
            plan.apps().stopLeftovers(out);
            plan.apps().start(session.cluster(), session.teardown(), stop, out);
            return session;
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }
}
