package io.supplychaos.verify.driver;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;

/**
 * The driver JVM of {@code ./chaos verify smoke}: Kafka's own {@code SmokeTestDriver.generate} and
 * {@code SmokeTestDriver.verify}, called exactly as {@code StreamsSmokeTest run} calls them (20 keys,
 * 1000 values each) but with the generation time chosen by {@code --duration} instead of the 90 s
 * Kafka hard-codes, and a marker line between the two so that the CLI knows when the input is
 * complete (its fault schedule ends there). Runs on the suites' classpath only (the kafka-streams
 * test jar), which this project does not compile against: hence reflection.
 *
 * <p>Arguments: bootstrap servers, processing guarantee, generation seconds.
 */
public final class SmokeDriver {

    /** Printed once every record is written, before Kafka's verification starts. */
    public static final String GENERATED = "SUPPLY-CHAOS-GENERATION-DONE";
    /** Kafka's StreamsSmokeTest "run": keys and values per key. */
    public static final int KEYS = 20;
    public static final int VALUES_PER_KEY = 1000;

    private SmokeDriver() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: SmokeDriver BOOTSTRAP_SERVERS GUARANTEE SECONDS");
            System.exit(2);
        }
        String kafka = args[0];
        boolean exactlyOnce = "exactly_once_v2".equals(args[1]);
        Duration generation = Duration.ofSeconds(Long.parseLong(args[2]));
        Class<?> driver = Class.forName("org.apache.kafka.streams.tests.SmokeTestDriver");
        Method generate = driver.getMethod("generate", String.class, int.class, int.class, Duration.class);
        Method verify = driver.getMethod("verify", String.class, Map.class, int.class, boolean.class);
        System.out.println("command=run (SmokeTestDriver: " + KEYS + " keys x " + VALUES_PER_KEY + " values over "
                + generation.toSeconds() + " s, " + args[1] + ")");
        try {
            Object allData = generate.invoke(null, kafka, KEYS, VALUES_PER_KEY, generation);
            System.out.println(GENERATED);
            System.out.flush();
            verify.invoke(null, kafka, allData, VALUES_PER_KEY, exactlyOnce);
        } catch (InvocationTargetException e) {
            e.getCause().printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
        System.out.flush();
        // Kafka's verify returns once it printed its verdict; nothing else of ours is left to wait for
        System.exit(0);
    }
}
