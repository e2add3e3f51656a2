package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Classpaths of the JVMs the tool starts from jars rather than from its own build, each written by
 * the build from a small pom under {@code env/}: the brokers' ({@code target/broker-classpath.txt}
 * from {@code env/brokers/pom.xml}) and that of Kafka's Streams verification suites
 * ({@code target/verify-classpath.txt} from {@code env/verify/pom.xml}). When a file is missing
 * (e.g. dev mode straight after {@code mvn clean}), runs the same Maven call itself. Reads the
 * file, may run Maven.
 */
public final class BrokerClasspath {

    private BrokerClasspath() {
    }

    /** The broker JVMs' classpath (kafka_2.13, kafka-tools, log4j). */
    public static String resolve(ChaosPaths paths) {
        return resolve(paths, paths.brokersPom(), paths.brokerClasspathFile(), "kafka_2.13");
    }

    /** The classpath of Kafka's verification suites: kafka-streams and its test jar, the clients' test jar, log4j. */
    public static String verifySuites(ChaosPaths paths) {
        return resolve(paths, paths.verifyPom(), paths.verifyClasspathFile(), "kafka-streams-");
    }

    private static String resolve(ChaosPaths paths, Path pom, Path file, String requiredJar) {
        if (!Files.exists(file)) {
            Path maven = ExternalCommand.which("mvn").orElse(paths.home().resolve("mvnw"));
            ExternalCommand.run("resolving a classpath from " + pom, List.of(maven.toString(), "-q", "-B", "-f", pom.toString(),
                    "dependency:build-classpath", "-Dmdep.outputFile=" + file), paths.home(), Map.of(), 600);
        }
        try {
            String classpath = Files.readString(file).trim();
            if (!classpath.contains(requiredJar)) {
                throw new IllegalStateException(file + " has no " + requiredJar + " jar; delete it and rebuild");
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
