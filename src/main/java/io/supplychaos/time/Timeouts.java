package io.supplychaos.time;

import java.time.Duration;

/**
 * Every deadline the tool applies to processes and clusters, in one place, so that the same wait
 * never has two lengths. Scenario-derived deadlines (drain, stall) come from the scenario; these
 * are the tool's own.
 */
public final class Timeouts {

    /** A broker JVM from start to registered with the controller. */
    public static final Duration BROKER_START = Duration.ofSeconds(120);
    /** SIGTERM to exit for a broker (controlled shutdown moves leadership first), then SIGKILL. */
    public static final Duration BROKER_STOP_GRACE = Duration.ofSeconds(30);
    /** A restarted broker back in the cluster. */
    public static final Duration BROKER_REGISTER = Duration.ofSeconds(60);
    /** An app instance from start to its Streams state RUNNING. */
    public static final Duration APP_READY = Duration.ofSeconds(180);
    /** SIGTERM to exit for an app instance (Streams closes and commits), then SIGKILL. */
    public static final Duration APP_STOP_GRACE = Duration.ofSeconds(10);
    /** Toxiproxy from start to answering its API; small helper processes to exit. */
    public static final Duration HELPER_PROCESS = Duration.ofSeconds(5);
    /** One Admin or metadata call. */
    public static final Duration ADMIN_CALL = Duration.ofSeconds(30);
    /** Ctrl-C to everything stopped. */
    public static final Duration INTERRUPT_TEARDOWN = Duration.ofSeconds(30);

    private Timeouts() {
    }

    /** "30 s", "2 min", "500 ms": for messages. */
    public static String describe(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + " ms";
        }
        long seconds = duration.toSeconds();
        return seconds % 60 == 0 && seconds >= 120 ? seconds / 60 + " min" : seconds + " s";
    }
}
