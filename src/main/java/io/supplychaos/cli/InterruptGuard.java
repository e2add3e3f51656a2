package io.supplychaos.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.supplychaos.time.Timeouts;

/**
 * Ctrl-C or SIGTERM during a long verb (run, bench): raises a stop flag the work polls and keeps
 * the JVM alive, for at most {@code teardown}, until the work has stopped what it started and
 * written what it has. When the work overruns that budget, the guard stops what it started itself
 * (its {@code overrun} action) before the JVM exits. Close it when the work returns.
 */
final class InterruptGuard implements AutoCloseable {

    /**
     * How long the JVM stays alive after Ctrl-C for the work to tear down: the tool's own budget
     * ({@link Timeouts#INTERRUPT_TEARDOWN}) plus a margin, so that a teardown that runs a little
     * over is not cut off halfway with processes left running.
     */
    static final Duration TEARDOWN = Timeouts.INTERRUPT_TEARDOWN.plusSeconds(15);

    private final AtomicBoolean stop = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;

    InterruptGuard(String name, Duration teardown) {
        this(name, teardown, () -> { });
    }

    /**
     * @param overrun what to stop from the hook itself when the work has not finished within
     *                {@code teardown}: the JVM exits when the hook returns, and the work's own
     *                teardown would then never run (a run still checking a history of a million
     *                orders left its brokers behind). It must be safe beside the work's own teardown.
     */
    InterruptGuard(String name, Duration teardown, Runnable overrun) {
        hook = new Thread(() -> {
            stop.set(true);
            try {
                if (!finished.await(teardown.toMillis(), TimeUnit.MILLISECONDS)) {
                    overrun.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                System.err.println(name + ": stopping what it started failed: " + e);
            }
        }, name + "-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Runs the shutdown hook's body as a signal would, for tests. */
    void interruptForTest() {
        hook.run();
    }

    /** True once Ctrl-C (or SIGTERM) arrived. */
    AtomicBoolean stop() {
        return stop;
    }

    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running and waits for us
        }
    }
}
