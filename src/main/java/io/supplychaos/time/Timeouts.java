package io.supplychaos.time;

import java.time.Duration;

/**
 * Every deadline the tool applies to processes and clusters, in one place, so that the same wait
 * never has two lengths. Scenario-derived deadlines (drain, stall) come from the scenario; these
 * are the tool's own.
 *
 * <p>Two waits had drifted apart before they lived here, and each got one length:
 * <ul>
 * <li>App ready was 120 s in the fault backends (restart-app) and 180 s in the runner: now
 * {@link #APP_READY} 180 s everywhere. A restarted instance on a loaded 2-core machine restores
 * its stores and waits out a rebalance; 120 s failed restart-app faults that would have
 * recovered, and a fault that cannot be injected is now a FAIL, not a footnote.</li>
 * <li>Broker stop grace was 20 s for {@code down} and 30 s for the stop-broker fault (and
 * {@code docker stop --time 30}): now {@link #BROKER_STOP_GRACE} 20 s everywhere. Brokers are
 * stopped all at once, or one with its quorum intact, and a controlled shutdown here takes a few
 * seconds; 30 s would not fit the teardown budget: app grace ({@link #APP_STOP_GRACE}) plus broker
 * grace must stay within {@link #INTERRUPT_TEARDOWN}.</li>
 * </ul>
 */
public final class Timeouts {

    /** A broker JVM from start to logging "Kafka Server started". */
    public static final Duration BROKER_START = Duration.ofSeconds(120);
    /** SIGTERM to exit for brokers (controlled shutdown moves leadership first), then SIGKILL. */
    public static final Duration BROKER_STOP_GRACE = Duration.ofSeconds(20);
    /**
     * How long a scheduled fault waits for the actions its timetable puts before it (the heal of a
     * killed broker still starting, a restart) before it is injected anyway: a broker's start and
     * registration.
     */
    public static final Duration DUE_HEALS = BROKER_START.plus(Duration.ofSeconds(60));
    /** A (re)started broker among the cluster's registered brokers; all brokers registered after up. */
    public static final Duration BROKER_REGISTER = Duration.ofSeconds(60);
    /** Formatting one broker's storage ({@code kafka.tools.StorageTool}, a JVM start). */
    public static final Duration STORAGE_FORMAT = Duration.ofSeconds(120);
    /** Creating the supply-chain topics once the brokers registered. */
    public static final Duration TOPICS_CREATE = Duration.ofSeconds(60);
    /** An app instance from start to its Streams state RUNNING (/q/health/ready). */
    public static final Duration APP_READY = Duration.ofSeconds(180);
    /** SIGTERM to exit for an app instance (Streams closes and commits), then SIGKILL. */
    public static final Duration APP_STOP_GRACE = Duration.ofSeconds(10);
    /**
     * A training app's AOT cache, from the instance's stop to the file a new instance maps: JDK 25
     * assembles it in a child JVM after the app has exited (20-60 s on two busy cores).
     */
    public static final Duration AOT_CACHE_WRITE = Duration.ofSeconds(120);
    /** Toxiproxy from start to answering its API. */
    public static final Duration TOXIPROXY_START = Duration.ofSeconds(20);
    /** The protocol proxy (a JVM of its own: the protocol package's server) from start to answering its API. */
    public static final Duration PROTOCOL_PROXY_START = Duration.ofSeconds(30);
    /**
     * Small process effects: a child exec'd, a signal visible in /proc, SIGKILLed processes gone,
     * exited children reaped, Toxiproxy stopped.
     */
    public static final Duration HELPER_PROCESS = Duration.ofSeconds(5);
    /** One Admin or metadata call. */
    public static final Duration ADMIN_CALL = Duration.ofSeconds(30);
    /** One short cluster look-up of a fault (a leader, the controller): a paused broker costs seconds, not minutes. */
    public static final Duration CLUSTER_LOOKUP = Duration.ofSeconds(5);
    /**
     * A fault's target looked up (a partition's leader, the controller) while the cluster may still
     * be electing after a broker restart: look-ups that get no answer or no leader are retried until
     * this bound, then the fault is not injected and says why.
     */
    public static final Duration TARGET_LOOKUP = Duration.ofSeconds(30);
    /** {@code status}'s whole cluster query (topics, ISR): it must answer well under 2 s on a loaded machine. */
    public static final Duration STATUS_QUERY = Duration.ofMillis(1200);
    /** A cluster the tool did not start answering and showing its brokers registered (external, compose, kubernetes). */
    public static final Duration CLUSTER_ATTACH = Duration.ofSeconds(120);
    /** One broker command of an external env (kill, stop, start, pause, resume: ssh, systemctl, a script). */
    public static final Duration BROKER_COMMAND = Duration.ofSeconds(120);
    /** {@code docker compose up -d} of the compose env: images may have to be pulled first. */
    public static final Duration COMPOSE_UP = Duration.ofMinutes(10);
    /** One docker command of the compose backend. */
    public static final Duration DOCKER_COMMAND = Duration.ofSeconds(60);
    /** One step of {@code ./chaos images}: a debootstrap of the base root filesystem, a {@code docker build}, a {@code go install}. */
    public static final Duration IMAGE_BUILD = Duration.ofMinutes(20);
    /** Ctrl-C to everything stopped. */
    public static final Duration INTERRUPT_TEARDOWN = Duration.ofSeconds(30);
    /** App instances' grace after Ctrl-C: shorter, so that apps and brokers stop within {@link #INTERRUPT_TEARDOWN}. */
    public static final Duration APP_STOP_GRACE_INTERRUPTED = Duration.ofSeconds(5);

    // ---- a run's phases after the workload (stall and drain come from the scenario) ----

    /** Heal every fault still in place and wait until every order-placed partition has a leader. */
    public static final Duration RUN_HEAL = Duration.ofSeconds(30);
    /** Read order-placed back from the run's start offsets. */
    public static final Duration RUN_READ_BACK = Duration.ofSeconds(30);
    /** The end offsets the read-back reads up to. */
    public static final Duration READ_BACK_END_OFFSETS = Duration.ofSeconds(10);
    /** Quiet on the outcome topics after the last completion before the drain ends. */
    public static final Duration DRAIN_SETTLE = Duration.ofSeconds(5);
    /** Quiet on the outcome topics after which the run's last drain ends though the app's lag never reached its end. */
    public static final Duration DRAIN_CATCH_UP = Duration.ofSeconds(30);
    /**
     * Faults a scenario schedules at 0 s, injected before the first measured order is sent (a cut
     * of every client link at 0 s must see no order acknowledged); a slower inject lets sending start.
     */
    public static final Duration FAULTS_AT_START = Duration.ofSeconds(30);
    /** Fault actions still injecting or healing when the run tears down. */
    public static final Duration FAULTS_IN_FLIGHT = Duration.ofSeconds(5);
    /** An Admin call made while the cluster may be failing: an answer late is no answer. */
    public static final Duration ADMIN_QUICK = Duration.ofSeconds(5);
    /** The per-second leadership sample of order-placed: shorter than its period. */
    public static final Duration PARTITION_SAMPLE = Duration.ofMillis(1500);
    /**
     * One second's broker metrics, every broker at once (a JMX read or a Prometheus scrape each):
     * shorter than its period, so that a paused broker costs its figures for that second, not the next.
     */
    public static final Duration BROKER_METRICS_SAMPLE = Duration.ofMillis(600);
    /** Connecting to a broker's JMX port (the RMI registry, then the connector it names). */
    public static final Duration JMX_CONNECT = Duration.ofSeconds(2);
    /**
     * Any one read on a JMX connection: a paused broker accepts the connection and never answers, and
     * its read ends after this (its sample was left out long before, at {@link #BROKER_METRICS_SAMPLE}).
     */
    public static final Duration JMX_READ = Duration.ofSeconds(5);
    /** One second's consumer lag: the app's committed offsets and its source topics' end offsets. */
    public static final Duration CONSUMER_LAG_SAMPLE = Duration.ofMillis(800);
    /** Closing a client of the run's own (consumer, Admin). */
    public static final Duration CLIENT_CLOSE = Duration.ofSeconds(2);
    /**
     * The app forwarding a GET to the instance that holds the key: connecting, and the whole answer.
     * Short: the owner reads one key from a local store, and the caller would rather get a 503 with
     * Retry-After than wait on an instance that is gone.
     */
    public static final Duration QUERY_FORWARD_CONNECT = Duration.ofSeconds(1);
    public static final Duration QUERY_FORWARD = Duration.ofSeconds(5);

    // ---- ./chaos verify: Kafka's own verification suites ----

    /**
     * The smoke driver's generation beyond its --duration: Kafka's driver paces itself to the
     * duration but retries failed sends after it, and a fault slows it down.
     */
    public static final Duration VERIFY_GENERATION_MARGIN = Duration.ofMinutes(3);
    /** The EOS driver after SIGTERM: its shutdown hook closes the producer (flushing) and reads end offsets. */
    public static final Duration VERIFY_DRIVER_STOP = Duration.ofMinutes(2);
    /** Kafka's smoke verification: it reads for at most 6 min, then prints its verdict. */
    public static final Duration VERIFY_SMOKE_CHECK = Duration.ofMinutes(8);
    /** Kafka's EOS verifier: open transactions, an empty group, then every topic read (10 min idle each, at most). */
    public static final Duration VERIFY_EOS_CHECK = Duration.ofMinutes(12);
    /**
     * The heal before Kafka's verification: an app instance killed with {@code for:} is started again
     * and must be RUNNING before the instances are stopped for the verification (a stop would kill it
     * mid-start); it rejoins only once the killed instance's session has expired (45 s).
     */
    public static final Duration VERIFY_HEAL = APP_READY;
    /** A test app's clean close: SmokeTestClient waits up to a minute for Streams to close. */
    public static final Duration VERIFY_APP_STOP = Duration.ofSeconds(60);
    /** A consumer group left by killed test app instances: longer than their session timeout (45 s). */
    public static final Duration VERIFY_GROUP_EMPTY = Duration.ofSeconds(60);

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
