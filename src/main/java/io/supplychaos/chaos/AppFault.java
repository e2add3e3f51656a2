package io.supplychaos.chaos;

/**
 * A fault on one supply-chain app instance (a Streams JVM a run started, or the compose app
 * container): kill-app is a SIGKILL whose heal starts the instance again with its recorded command
 * and waits until it is ready; restart-app does both at once and heals to nothing.
 */
final class AppFault implements FaultAction {
    private final FaultType type;
    private final int index;
    private final FaultBackend backend;

    AppFault(FaultType type, int index, FaultBackend backend) {
        this.type = type;
        this.index = index;
        this.backend = backend;
    }

    @Override
    public void inject() {
        if (backend.appAlive(index)) {
            backend.killApp(index);
        }
        if (type == FaultType.RESTART_APP) {
            backend.startApp(index);
        }
    }

    @Override
    public void heal() {
        if (type == FaultType.KILL_APP && !backend.appAlive(index)) {
            backend.startApp(index);
        }
    }

    @Override
    public String describe() {
        return type.cliName() + " " + index;
    }
}
