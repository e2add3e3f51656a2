package io.supplychaos.chaos;

import java.util.List;

/**
 * A fault backend whose app instances are the local processes the tool started ({@link LocalApps}):
 * the app side of every env kind but a Kubernetes env with app pods, written once.
 */
public interface LocalAppsBackend extends FaultBackend {

    LocalApps localApps();

    @Override
    default List<Integer> appIndexes() {
        return localApps().indexes();
    }

    @Override
    default boolean appAlive(int index) {
        return localApps().alive(index);
    }

    @Override
    default void killApp(int index) {
        localApps().kill(index);
    }

    @Override
    default void stopApp(int index) {
        localApps().stop(index);
    }

    @Override
    default void startApp(int index) {
        localApps().start(index);
    }
}
