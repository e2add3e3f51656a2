package io.supplychaos.time;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one way this tool waits for something: checks a condition every {@code interval} until it
 * holds or the deadline passes. Never sleeps past the deadline; an interrupt ends the wait at once
 * (the interrupt flag is kept). Conditions that throw are treated as "not yet" until the deadline,
 * then the last exception is the cause of the {@link PollTimeoutException}; a condition that knows
 * the wait is hopeless (the awaited process exited) throws {@link Abort}, which ends it at once.
 *
 * <p>Teardown waits use {@link #untilIgnoringInterrupts}: after a Ctrl-C the stop path must still
 * give processes their grace and then confirm the SIGKILL, not skip both.
 */
public final class Poll {

    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(100);
    /** For effects that show within milliseconds (a signal in /proc): answer as soon as they do. */
    public static final Duration SHORT_INTERVAL = Duration.ofMillis(10);

    private Poll() {
    }

    /** True once {@code condition} held within {@code timeout}, false at the deadline or on interrupt. */
    public static boolean until(Duration timeout, Duration interval, BooleanSupplier condition) {
        return value(timeout, interval, () -> condition.getAsBoolean() ? Boolean.TRUE : null).isPresent();
    }

    public static boolean until(Duration timeout, BooleanSupplier condition) {
        return until(timeout, DEFAULT_INTERVAL, condition);
    }

    /**
     * Waits for {@code condition} and fails when it does not hold in time.
     *
     * @param what what is awaited, for the message: "broker 2 to register"
     * @throws PollTimeoutException at the deadline or on interrupt, naming {@code what} and the
     *         timeout, caused by the condition's last exception if it threw
     */
    public static void require(String what, Duration timeout, BooleanSupplier condition) {
        require(what, timeout, DEFAULT_INTERVAL, condition);
    }

    public static void require(String what, Duration timeout, Duration interval, BooleanSupplier condition) {
        Outcome<Boolean> outcome = poll(timeout, interval, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
        if (outcome.value() == null) {
            if (Thread.currentThread().isInterrupted()) {
                throw new PollTimeoutException("interrupted while waiting for " + what, outcome.lastFailure());
            }
            String because = outcome.lastFailure() == null ? "" : " (last: " + outcome.lastFailure().getMessage() + ")";
            throw new PollTimeoutException("timed out after " + Timeouts.describe(timeout) + " waiting for " + what + because,
                    outcome.lastFailure());
        }
    }

    /**
     * The first non-null value {@code supplier} gives within {@code timeout}; fails like
     * {@link #require(String, Duration, Duration, BooleanSupplier)} when there is none in time.
     */
    public static <T> T requireValue(String what, Duration timeout, Duration interval, Supplier<T> supplier) {
        Outcome<T> outcome = poll(timeout, interval, supplier);
        if (outcome.value() == null) {
            if (Thread.currentThread().isInterrupted()) {
                throw new PollTimeoutException("interrupted while waiting for " + what, outcome.lastFailure());
            }
            String because = outcome.lastFailure() == null ? "" : " (last: " + outcome.lastFailure().getMessage() + ")";
            throw new PollTimeoutException("timed out after " + Timeouts.describe(timeout) + " waiting for " + what + because,
                    outcome.lastFailure());
        }
        return outcome.value();
    }

    /** The first non-null value {@code supplier} gives within {@code timeout}; empty at the deadline. */
    public static <T> Optional<T> value(Duration timeout, Duration interval, Supplier<T> supplier) {
        return Optional.ofNullable(poll(timeout, interval, supplier).value());
    }

    /**
     * Like {@link #until(Duration, Duration, BooleanSupplier)}, but an interrupt does not end the
     * wait: it is remembered and the flag set again on return. For stop paths (shutdown hooks, the
     * teardown after Ctrl-C) that must wait out a grace period and confirm a SIGKILL whatever happens.
     */
    public static boolean untilIgnoringInterrupts(Duration timeout, Duration interval, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (condition.getAsBoolean()) {
                        return true;
                    }
                } catch (Abort abort) {
                    throw abort;
                } catch (RuntimeException notYet) {
                    // as in poll(): a failing probe is "not yet"
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.sleep(Math.min(interval.toNanos(), left));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private record Outcome<T>(T value, RuntimeException lastFailure) {
    }

    private static <T> Outcome<T> poll(Duration timeout, Duration interval, Supplier<T> supplier) {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException lastFailure = null;
        while (true) {
            try {
                T value = supplier.get();
                if (value != null) {
                    return new Outcome<>(value, null);
                }
            } catch (Abort abort) {
                throw abort;
            } catch (RuntimeException notYet) {
                // a probe that fails now may succeed later (a broker still starting): try again
                lastFailure = notYet;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || Thread.currentThread().isInterrupted()) {
                return new Outcome<>(null, lastFailure);
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.max(1_000_000L, Math.min(interval.toNanos(), left)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Outcome<>(null, lastFailure);
            }
        }
    }

    /** A wait that ran out (or was interrupted). */
    public static final class PollTimeoutException extends IllegalStateException {
        public PollTimeoutException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Thrown by a condition to end the wait at once, because what it waits for cannot happen any
     * more (the process that should become ready exited). Passes through {@link Poll} unchanged.
     */
    public static final class Abort extends IllegalStateException {
        public Abort(String message) {
            super(message);
        }
    }
}
