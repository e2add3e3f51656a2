package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The classpath of the broker JVMs: {@code target/broker-classpath.txt}, written by the build from
 * {@code env/brokers/pom.xml}. When it is missing (e.g. dev mode straight after {@code mvn clean}),
 * runs the same Maven call itself. Reads the file, may run Maven.
 */
public final class BrokerClasspath {

    private BrokerClasspath() {
    }

    public static String resolve(ChaosPaths paths) {
        Path file = paths.brokerClasspathFile();
        if (!Files.exists(file)) {
            Path maven = ExternalCommand.which("mvn").orElse(paths.home().resolve("mvnw"));
            ExternalCommand.run("resolving the broker classpath from " + paths.brokersPom(), List.of(maven.toString(), "-q", "-B", "-f", paths.brokersPom().toString(),
                    "dependency:build-classpath", "-Dmdep.outputFile=" + file), paths.home(), Map.of(), 600);
        }
        try {
            String classpath = Files.readString(file).trim();
            if (!classpath.contains("kafka_2.13")) {
                throw new IllegalStateException(file + " has no kafka_2.13 jar; delete it and rebuild");
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
