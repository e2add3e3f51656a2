package io.supplychaos.chaos;

/**
 * An app fault bound to one supply-chain app instance (a Streams JVM a run started, the compose app
 * container, or an app pod): its fault file ({@link AppFaultDefinition}) says what inject and heal
 * do, through the steps this class offers on the env's backend. Each step looks at the instance
 * first, so inject and heal are idempotent.
 */
final class AppFault implements FaultAction {
    private final FaultType type;
    private final AppFaultDefinition definition;
    private final int index;
    private final FaultBackend backend;

    AppFault(FaultType type, int index, FaultBackend backend) {
        this.type = type;
        this.definition = type.app();
        this.index = index;
        this.backend = backend;
    }

    @Override
    public void inject() {
        definition.inject(this);
    }

    @Override
    public void heal() {
        definition.heal(this);
    }

    @Override
    public String describe() {
        return type.cliName() + " " + index;
    }

    boolean alive() {
        return backend.appAlive(index);
    }

    /** SIGKILL (a crash) unless it is down already. */
    void killIfAlive() {
        if (alive()) {
            backend.killApp(index);
        }
    }

    /** SIGTERM (a clean shutdown) unless it is down already. */
    void stopIfAlive() {
        if (alive()) {
            backend.stopApp(index);
        }
    }

    /** Starts it again as it was started, waiting until it is ready. */
    void start() {
        backend.startApp(index);
    }

    void startIfStopped() {
        if (!alive()) {
            backend.startApp(index);
        }
    }
}
