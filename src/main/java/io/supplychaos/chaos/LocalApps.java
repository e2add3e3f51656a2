package io.supplychaos.chaos;

import io.supplychaos.env.AppInstances;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;
import java.util.List;
import java.util.Optional;

/**
 * The app-instance side of a fault backend when the instances are local processes recorded in
 * {@code .chaos/apps.json} (every env kind whose apps run on this machine): kill is SIGKILL, start
 * is the recorded command again. Waits until the effect shows, at most {@link Timeouts}'.
 */
final class LocalApps {
    private final AppInstances apps;

    LocalApps(AppInstances apps) {
        this.apps = apps;
    }

    String file() {
        return apps.file().toString();
    }

    List<Integer> indexes() {
        return apps.read().stream().map(AppInstances.AppInstance::index).sorted().toList();
    }

    boolean alive(int index) {
        return apps.instance(index).map(apps::alive).orElse(false);
    }

    void kill(int index) {
        Optional<AppInstances.AppInstance> instance = apps.instance(index);
        instance.ifPresent(apps::kill);
        instance.ifPresent(killed -> Poll.until(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL, () -> !apps.alive(killed)));
    }

    void start(int index) {
        AppInstances.AppInstance instance = apps.instance(index)
                .orElseThrow(() -> new IllegalArgumentException("no app instance " + index + " recorded in " + apps.file()));
        apps.awaitReady(apps.launch(instance), Timeouts.APP_READY);
    }
}
