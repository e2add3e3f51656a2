package io.supplychaos.chaos;

import java.util.List;
import java.util.Optional;

import io.supplychaos.env.AppInstances;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * The app-instance side of a fault backend when the instances are local processes recorded in
 * {@code .chaos/apps.json} (every env kind whose apps run on this machine): kill is SIGKILL, stop
 * SIGTERM (SIGKILL after {@link Timeouts#APP_STOP_GRACE}), start the recorded command again. Waits until the effect shows, at most {@link Timeouts}'.
 */
public final class LocalApps {
    private final AppInstances apps;

    public LocalApps(AppInstances apps) {
        this.apps = apps;
    }

    public String file() {
        return apps.file().toString();
    }

    public List<Integer> indexes() {
        return apps.read().stream().map(AppInstances.AppInstance::index).sorted().toList();
    }

    public boolean alive(int index) {
        return apps.instance(index).map(apps::alive).orElse(false);
    }

    public void kill(int index) {
        Optional<AppInstances.AppInstance> instance = apps.instance(index);
        instance.ifPresent(apps::kill);
        instance.ifPresent(killed -> Poll.until(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL, () -> !apps.alive(killed)));
    }

    /** SIGTERM, a clean shutdown, returning once it exited (SIGKILL after the grace); the record stays for start. */
    public void stop(int index) {
        apps.instance(index).ifPresent(instance -> apps.stop(instance, Timeouts.APP_STOP_GRACE));
    }

    public void start(int index) {
        AppInstances.AppInstance instance = apps.instance(index)
                .orElseThrow(() -> new IllegalArgumentException("no app instance " + index + " recorded in " + apps.file()));
        apps.awaitReady(apps.launch(instance), Timeouts.APP_READY);
    }
}
