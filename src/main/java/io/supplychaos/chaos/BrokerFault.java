package io.supplychaos.chaos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

import java.util.function.Consumer;

import io.supplychaos.env.ProcessControl;

/**
 * A broker fault bound to one broker: its fault file ({@link BrokerFaultDefinition}) says what
 * inject and heal do, through the steps this class offers on the env's backend. Each step looks at
 * the broker's state first, so inject and heal are idempotent. A kill or stop remembers the broker
 * in {@code .chaos/killed-broker}, so that start-broker with no target brings it back.
 */
final class BrokerFault implements FaultAction {
    private final FaultType type;
    private final BrokerFaultDefinition definition;
    private final int id;
    private final FaultBackend backend;
    private final KilledBroker killed;
    /** What a power loss dropped, once it did: part of the description. */
    private volatile String lost;
    private volatile long downAt;

    int id() {
        return id;
    }

    BrokerFault(FaultType type, int id, FaultBackend backend, KilledBroker killed) {
        this.type = type;
        this.definition = type.broker();
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
        definition.inject(this);
    }

    @Override
    public void heal() {
        definition.heal(this);
    }

    /** The environment's time of it, else, for a power loss, when the kill found the broker down (its page cache lost from then). */
    @Override
    public OptionalLong tookEffectAt() {
        OptionalLong reported = backend.brokerFaultTookEffectAt(id);
        if (reported.isPresent() || type != FaultType.POWER_LOSS || downAt == 0) {
            return reported;
        }
        return OptionalLong.of(downAt);
    }

    /** "kill-broker 2", and where the env differs from the embedded one, how (stated in the run's history and report). */
    @Override
    public String describe() {
        return type.cliName() + " " + id + backend.difference(type).map(how -> " (" + how + ")").orElse("")
                + (lost == null ? "" : " (" + lost + ")");
    }

    ProcessControl.State state() {
        return backend.brokerState(id);
    }

    /** SIGKILL unless it is down already; remembered as the broker killed last. */
    void kill() {
        if (state() != ProcessControl.State.STOPPED) {
            backend.killBroker(id);
        }
        downAt = System.currentTimeMillis();
        killed.remember(id);
    }

    /** When a kill found it down, epoch ms; 0 before. */
    long downAt() {
        return downAt;
    }

    /**
     * Does {@code step} to every broker at once, each on a thread of its own, and returns once all are
     * done; the first failure is thrown after all finished.
     */
    static void eachAtOnce(List<BrokerFault> brokers, Consumer<BrokerFault> step) {
        List<Thread> threads = new ArrayList<>();
        List<RuntimeException> failures = Collections.synchronizedList(new ArrayList<>());
        for (BrokerFault broker : brokers) {
            Thread thread = new Thread(() -> {
                try {
                    step.accept(broker);
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }, "broker-" + broker.id());
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while acting on brokers " + brokers.stream().map(BrokerFault::id).toList(), e);
            }
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    /** SIGTERM (a controlled shutdown) unless it is down already; remembered as the broker killed last. */
    void stop() {
        if (state() != ProcessControl.State.STOPPED) {
            backend.stopBroker(id);
        }
        killed.remember(id);
    }

    /** Drops from its log dirs what Kafka had not fsynced; the broker is down (a power loss after the kill). */
    void dropUnflushed() {
        backend.dropUnflushed(id).ifPresent(what -> lost = what);
    }

    /** Starts it, waiting until it registered, unless it runs. */
    void startIfStopped() {
        if (state() == ProcessControl.State.STOPPED) {
            backend.startBroker(id);
        }
    }

    /** A controlled shutdown (when it runs) and a start. */
    void restart() {
        if (state() != ProcessControl.State.STOPPED) {
            backend.stopBroker(id);
        }
        backend.startBroker(id);
    }

    void pauseIfRunning() {
        if (state() == ProcessControl.State.RUNNING) {
            backend.pauseBroker(id);
        }
    }

    void resumeIfPaused() {
        if (state() == ProcessControl.State.PAUSED) {
            backend.resumeBroker(id);
        }
    }
}
