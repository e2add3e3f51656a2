package io.supplychaos.verify;

import java.time.Duration;
import java.util.List;

import io.supplychaos.verify.driver.SmokeDriver;

/**
 * Kafka's own Streams verification suites, as shipped in the kafka-streams test jar, and what
 * {@code ./chaos verify} needs to know to run each: the topics it reads and writes (Kafka's system
 * tests create them before the suite starts), the classes and commands of its driver, test app and
 * verifier, the line a test app prints once its Streams client is RUNNING, the guarantees it runs
 * under and the brokers it needs. Touches nothing.
 */
public enum Suite {

    /**
     * StreamsSmokeTest: the driver writes 20 keys x 1000 values to {@code data} and {@code fk}; the
     * app computes echo, min, max, sum, cnt, avg, dif, windowed and suppressed aggregates and a
     * repartitioned count-by-count; the driver then reads every output back and prints
     * {@code ALL-RECORDS-DELIVERED} or {@code PROCESSED-MORE/LESS-THAN-GENERATED}, then
     * {@code SUCCESS} or {@code FAILURE}.
     */
    SMOKE("smoke", "SmokeTest", List.of("data", "echo", "max", "min", "min-suppressed", "min-raw", "dif", "sum",
            "sws-raw", "sws-suppressed", "cnt", "avg", "tagg", "fk"),
            "org.apache.kafka.streams.tests.StreamsSmokeTest", "process", null,
            "REBALANCING -> RUNNING", List.of("at_least_once", "exactly_once_v2"), 1, 1,
            Duration.ofSeconds(90), "data", "echo"),

    /**
     * StreamsEosTest: the driver writes random keys to {@code data} until stopped; the app (exactly
     * once, one thread, two standbys, internal topics with replication factor 3, commit every 5 s)
     * echoes them and keeps a min and a sum per key; after driver and app are stopped, the verifier
     * reads read_committed, checks that no transaction is left open and that every input record
     * has exactly one echo, min and sum, and prints {@code ALL-RECORDS-DELIVERED}.
     */
    EOS("eos", "EosTest", List.of("data", "echo", "min", "sum"),
            "org.apache.kafka.streams.tests.StreamsEosTest", "process", "verify",
            "StateChange: REBALANCING -> RUNNING", List.of("exactly_once_v2"), 3, 2,
            Duration.ofSeconds(60), "data", "echo"),

    /** StreamsEosTest's complex variant: the same plus a repartition topic, a max and a count downstream of it. */
    EOS_COMPLEX("eos-complex", "EosTest", List.of("data", "echo", "min", "sum", "repartition", "max", "cnt"),
            "org.apache.kafka.streams.tests.StreamsEosTest", "process-complex", "verify-complex",
            "StateChange: REBALANCING -> RUNNING", List.of("exactly_once_v2"), 3, 2,
            Duration.ofSeconds(60), "data", "echo");

    /** Partitions of every suite topic: Kafka's streams_smoke_test and streams_eos_test both use 5. */
    public static final int PARTITIONS = 5;

    private final String cliName;
    private final String applicationId;
    private final List<String> topics;
    private final String mainClass;
    private final String processCommand;
    private final String verifyCommand;
    private final String readyLine;
    private final List<String> guarantees;
    private final int minBrokers;
    private final int defaultInstances;
    private final Duration defaultDuration;
    private final String inputTopic;
    private final String outputTopic;

    Suite(String cliName, String applicationId, List<String> topics, String mainClass, String processCommand,
          String verifyCommand, String readyLine, List<String> guarantees, int minBrokers, int defaultInstances,
          Duration defaultDuration, String inputTopic, String outputTopic) {
        this.cliName = cliName;
        this.applicationId = applicationId;
        this.topics = topics;
        this.mainClass = mainClass;
        this.processCommand = processCommand;
        this.verifyCommand = verifyCommand;
        this.readyLine = readyLine;
        this.guarantees = guarantees;
        this.minBrokers = minBrokers;
        this.defaultInstances = defaultInstances;
        this.defaultDuration = defaultDuration;
        this.inputTopic = inputTopic;
        this.outputTopic = outputTopic;
    }

    public static Suite byCliName(String name) {
        for (Suite suite : values()) {
            if (suite.cliName.equals(name)) {
                return suite;
            }
        }
        throw new IllegalArgumentException("unknown suite '" + name + "': expected one of " + cliNames());
    }

    public static String cliNames() {
        return String.join(", ", java.util.Arrays.stream(values()).map(Suite::cliName).toList());
    }

    public String cliName() {
        return cliName;
    }

    /** The Streams application.id Kafka's test app uses: its group and the prefix of its internal topics. */
    public String applicationId() {
        return applicationId;
    }

    /** The topics the suite's driver, app and verifier use, created before it starts. */
    public List<String> topics() {
        return topics;
    }

    /** Every topic any suite uses: a suite run after another on one env replaces them all. */
    public static List<String> allTopics() {
        return java.util.Arrays.stream(values()).flatMap(s -> s.topics.stream()).distinct().toList();
    }

    public String mainClass() {
        return mainClass;
    }

    /** The main class and arguments (after the properties file) of a test app instance. */
    public String processCommand() {
        return processCommand;
    }

    /** The driver's main class; the smoke driver verifies in the same JVM, EOS runs Kafka's "run". */
    public String driverClass() {
        return this == SMOKE ? SmokeDriver.class.getName() : mainClass;
    }

    /** True when the driver verifies too (smoke); false when a separate verifier JVM runs after it (EOS). */
    public boolean driverVerifies() {
        return verifyCommand == null;
    }

    public String verifyCommand() {
        return verifyCommand;
    }

    public String readyLine() {
        return readyLine;
    }

    public List<String> guarantees() {
        return guarantees;
    }

    public int minBrokers() {
        return minBrokers;
    }

    /** The env a suite runs on unless told otherwise: the smallest that can run it (smoke c1, EOS c3). */
    public String defaultEnv() {
        return minBrokers >= 3 ? "c3" : "c1";
    }

    public int defaultInstances() {
        return defaultInstances;
    }

    public Duration defaultDuration() {
        return defaultDuration;
    }

    /** The topic the driver writes: its end offsets are the input throughput. */
    public String inputTopic() {
        return inputTopic;
    }

    /** The topic the app echoes every input record to: its end offsets are the output throughput. */
    public String outputTopic() {
        return outputTopic;
    }

    /** Why the suite cannot run on {@code brokers} brokers, or null when it can. */
    public String brokersRefusal(int brokers) {
        if (brokers >= minBrokers) {
            return null;
        }
        return "Kafka's " + mainClass.substring(mainClass.lastIndexOf('.') + 1) + " needs " + minBrokers
                + " brokers: its test app hard-codes replication.factor 3 and two standby replicas for its internal "
                + "topics (EosTestClient); env has " + brokers + ". Use --env c3 or an env file with 3 or more brokers";
    }

    @Override
    public String toString() {
        return cliName;
    }
}
