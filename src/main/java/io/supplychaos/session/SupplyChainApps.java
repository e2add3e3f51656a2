package io.supplychaos.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.supplychaos.cluster.AppFleet;
import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.AppHeap;
import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.session.Teardown.Step;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import io.supplychaos.topology.Topics;

/**
 * The supply-chain app of a run or a bench: {@code instances} instances started with
 * {@code properties} (guarantee, tuning, the scenario's app config) and a heap sized for the orders
 * each holds ({@link AppHeap}), as local JVMs recorded in
 * {@code .chaos/apps.json}, or, when the cluster runs the app itself (a Kubernetes env's
 * Deployment, {@link Cluster#appFleet}), its fleet scaled to them and given back its replicas at the
 * end. Two are equal when they start the same instances with the same properties and heap: a session started
 * for one hosts the other.
 */
public final class SupplyChainApps implements Apps {

    private final ChaosPaths paths;
    private final int instances;
    private final Map<String, String> properties;
    private final AppHeap heap;
    private final String readyNote;

    /** @param readyNote said when the local instances are ready: "3 app instance(s) ready (NOTE; heap bound 256 MB each)" */
    public SupplyChainApps(ChaosPaths paths, int instances, Map<String, String> properties, AppHeap heap,
                           String readyNote) {
        this.paths = paths;
        this.instances = instances;
        this.heap = Objects.requireNonNull(heap, "heap");
        // in the order given: the instances' command lines keep it
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        this.readyNote = readyNote;
    }

    @Override
    public void stopLeftovers(Consumer<String> out) {
        new AppInstances(paths).stopLeftovers().forEach(left -> out.accept("stopped app instance " + left.index()
                + " (pid " + left.pid() + ") that an earlier run left behind"));
    }

    @Override
    public void start(Cluster cluster, Teardown teardown, AtomicBoolean stop, Consumer<String> out) {
        cluster.recordApplication(Topics.applicationId(properties));
        Optional<AppFleet> fleet = cluster.appFleet();
        if (fleet.isPresent()) {
            teardown.add(Step.APPS, "restoring the app Deployment's replicas", fleet.get()::close);
            out.accept(fleet.get().start(instances));
            return;
        }
        AppInstances apps = new AppInstances(paths);
        teardown.add(Step.APPS, "stopping the app instances", () -> apps.stopAll(teardown.grace()));
        List<AppInstances.AppInstance> started = new ArrayList<>();
        for (int index = 1; index <= instances && !stop.get(); index++) {
            started.add(apps.start(index, cluster.access(), properties, heap));
        }
        for (AppInstances.AppInstance instance : started) {
            // our own wait rather than apps.awaitReady: Ctrl-C must end it at once
            boolean ready = Poll.until(Timeouts.APP_READY, Duration.ofMillis(250), () -> {
                if (!apps.alive(instance)) {
                    throw new IllegalStateException("app instance " + instance.index() + " exited; see " + instance.log());
                }
                return stop.get() || instance.ready();
            });
            if (stop.get()) {
                return;
            }
            if (!ready) {
                apps.awaitReady(instance, Duration.ofSeconds(1)); // throws, naming the exit or the timeout
                return;
            }
        }
        out.accept(started.size() + " app instance(s) ready (" + readyNote + "; heap bound " + heap.megabytes() + " MB each)");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SupplyChainApps apps && apps.instances == instances && apps.properties.equals(properties)
                && apps.heap.equals(heap);
    }

    @Override
    public int hashCode() {
        return Objects.hash(instances, properties, heap);
    }
}
