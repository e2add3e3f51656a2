package io.supplychaos.time;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one way this tool waits for something: checks a condition every {@code interval} until it
 * holds or the deadline passes. Never sleeps past the deadline; an interrupt ends the wait at once
 * (the interrupt flag is kept). Conditions that throw are treated as "not yet" until the deadline,
 * then the last exception is the cause of the {@link PollTimeoutException}.
 */
public final class Poll {

    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(100);

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
     * @throws PollTimeoutException at the deadline, naming {@code what} and the timeout
     */
    public static void require(String what, Duration timeout, BooleanSupplier condition) {
        if (!until(timeout, condition)) {
            if (Thread.currentThread().isInterrupted()) {
                throw new PollTimeoutException("interrupted while waiting for " + what, null);
            }
            throw new PollTimeoutException("timed out after " + Timeouts.describe(timeout) + " waiting for " + what, null);
        }
    }

    /** The first non-null value {@code supplier} gives within {@code timeout}; empty at the deadline. */
    public static <T> Optional<T> value(Duration timeout, Duration interval, Supplier<T> supplier) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                T value = supplier.get();
                if (value != null) {
                    return Optional.of(value);
                }
            } catch (RuntimeException notYet) {
                // a probe that fails now may succeed later (a broker still starting): try again
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || Thread.currentThread().isInterrupted()) {
                return Optional.empty();
            }
            try {
                Thread.sleep(Math.max(1, Math.min(interval.toMillis(), left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    /** A wait that ran out. */
    public static final class PollTimeoutException extends RuntimeException {
        public PollTimeoutException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
