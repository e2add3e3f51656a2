package io.supplychaos.metrics;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.function.LongSupplier;

/**
 * The run's one-line progress on the console. On a terminal it is redrawn in place each time
 * it changes; otherwise (a pipe, a CI log) a full line is printed at most once per
 * {@link #QUIET_INTERVAL_MS}, so a log gets a readable line every 10 s instead of one endless line
 * of carriage returns. Other output goes through {@link #println} so that it never lands in the
 * middle of a drawn line. Thread-safe.
 */
public final class ProgressLine {

    /** How often a line is printed when the output is not a terminal. */
    public static final long QUIET_INTERVAL_MS = 10_000;

    private final PrintWriter out;
    private final boolean interactive;
    private final LongSupplier clock;
    private boolean drawn;
    private long lastPrinted = Long.MIN_VALUE;

    public ProgressLine(PrintWriter out, boolean interactive, LongSupplier clock) {
        this.out = out;
        this.interactive = interactive;
        this.clock = clock;
    }

    /** A progress line on {@code out} that redraws only when this process writes to a terminal. */
    public static ProgressLine forConsole(PrintWriter out) {
        return new ProgressLine(out, isTerminal(), System::currentTimeMillis);
    }

    /**
     * True when standard output is a terminal. {@link System#console()} says so on Java 17; from
     * Java 22 on it may return a console for redirected output too, so {@code Console.isTerminal()}
     * is asked when it exists.
     */
    static boolean isTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    public boolean interactive() {
        return interactive;
    }

    /** Shows {@code status}: redrawn on a terminal, printed when the last line is 10 s old otherwise. */
    public synchronized void update(String status) {
        if (interactive) {
            // \r back to the start, \033[K erases what a longer previous line left
            out.print("\r" + status + "\033[K");
            drawn = true;
            out.flush();
            return;
        }
        long now = clock.getAsLong();
        if (lastPrinted == Long.MIN_VALUE || now - lastPrinted >= QUIET_INTERVAL_MS) {
            out.println(status);
            out.flush();
            lastPrinted = now;
        }
    }

    /** Prints a line of its own; on a terminal the drawn progress line is ended first, and redrawn by the next update. */
    public synchronized void println(String line) {
        if (drawn) {
            out.println();
            drawn = false;
        }
        out.println(line);
        out.flush();
    }

    /** Ends a drawn line, e.g. before a summary is printed. */
    public synchronized void finish() {
        if (drawn) {
            out.println();
            out.flush();
            drawn = false;
        }
    }
}
