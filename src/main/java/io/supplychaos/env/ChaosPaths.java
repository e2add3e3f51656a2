package io.supplychaos.env;

import java.nio.file.Path;

/**
 * Where things are: the project home (env files, build output) and the state directory of one
 * environment (state file, data, logs, the lock of {@link StateDirLock}). Touches nothing itself;
 * {@link StateDir} says which of these directories are the tool's.
 *
 * @param home the project root; {@code -Dsupply.home} (set by ./chaos) or the working directory
 * @param stateDir {@code home/.chaos} unless another directory is given (tests use their own)
 */
public record ChaosPaths(Path home, Path stateDir) {

    public ChaosPaths {
        home = home.toAbsolutePath().normalize();
        stateDir = stateDir.toAbsolutePath().normalize();
    }

    public static ChaosPaths defaults() {
        Path home = Path.of(System.getProperty("supply.home", System.getProperty("user.dir")));
        return new ChaosPaths(home, home.resolve(".chaos"));
    }

    /** True for {@code home/.chaos}, the checkout's own state directory (not one given with --state-dir). */
    public boolean isDefaultStateDir() {
        return stateDir.equals(home.resolve(".chaos"));
    }

    public ChaosPaths withStateDir(Path dir) {
        return new ChaosPaths(home, dir);
    }

    public Path envDir() {
        return home.resolve("env");
    }

    public Path brokerClasspathFile() {
        return home.resolve("target").resolve("broker-classpath.txt");
    }

    public Path brokersPom() {
        return envDir().resolve("brokers").resolve("pom.xml");
    }

    /** Classpath of Kafka's Streams verification suites (test jars), written by the build from {@link #verifyPom()}. */
    public Path verifyClasspathFile() {
        return home.resolve("target").resolve("verify-classpath.txt");
    }

    public Path verifyPom() {
        return envDir().resolve("verify").resolve("pom.xml");
    }

    public Path dataDir() {
        return stateDir.resolve("data");
    }

    public Path logDir() {
        return stateDir.resolve("logs");
    }
}
