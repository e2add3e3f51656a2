package io.supplychaos.chaos;

import java.util.OptionalInt;

import io.supplychaos.env.ProcessControl;

/**
 * A process fault on one broker: kill (SIGKILL), stop (SIGTERM), pause (SIGSTOP), and the verbs
 * that undo them: start, restart, resume. Each step looks at the broker's state first, so inject
 * and heal are idempotent. Heal of kill and stop starts the broker again (waiting until it has
 * registered), heal of pause resumes it; start, restart and resume are themselves repairs and heal
 * to nothing. Kill and stop remember the broker in {@code .chaos/killed-broker}.
 */
final class BrokerFault implements FaultAction {
    private final FaultType type;
    private final int id;
    private final FaultBackend backend;
    private final KilledBroker killed;

    BrokerFault(FaultType type, int id, FaultBackend backend, KilledBroker killed) {
        this.type = type;
        this.id = id;
        this.backend = backend;
        this.killed = killed;
    }

    @Override
    public OptionalInt brokerId() {
        return OptionalInt.of(id);
    }

    @Override
    public void inject() {
        ProcessControl.State state = backend.brokerState(id);
        switch (type) {
            case KILL_BROKER, STOP_BROKER -> {
                if (state != ProcessControl.State.STOPPED) {
                    if (type == FaultType.KILL_BROKER) {
                        backend.killBroker(id);
                    } else {
                        backend.stopBroker(id);
                    }
                }
                killed.remember(id);
            }
            case START_BROKER -> startIfStopped();
            case RESTART_BROKER -> {
                if (state != ProcessControl.State.STOPPED) {
                    backend.stopBroker(id);
                }
                backend.startBroker(id);
            }
            case PAUSE_BROKER -> {
                if (state == ProcessControl.State.RUNNING) {
                    backend.pauseBroker(id);
                }
            }
            case RESUME_BROKER -> resumeIfPaused(state);
            default -> throw new IllegalStateException(type + " is not a broker fault");
        }
    }

    @Override
    public void heal() {
        switch (type) {
            case KILL_BROKER, STOP_BROKER -> startIfStopped();
            case PAUSE_BROKER -> resumeIfPaused(backend.brokerState(id));
            default -> {
                // start, restart and resume repair; there is nothing of theirs to take away
            }
        }
    }

    private void startIfStopped() {
        if (backend.brokerState(id) == ProcessControl.State.STOPPED) {
            backend.startBroker(id);
        }
    }

    private void resumeIfPaused(ProcessControl.State state) {
        if (state == ProcessControl.State.PAUSED) {
            backend.resumeBroker(id);
        }
    }

    @Override
    public String describe() {
        return type.cliName() + " " + id;
    }
}
