package io.supplychaos.provenance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.common.utils.AppInfoParser;

import io.supplychaos.env.CommandRunner;
import io.supplychaos.time.Timeouts;

/**
 * What the running tool was built from: its version (written into
 * {@code supply-chaos-build.properties} by Maven's resource filtering, so that it is the pom's),
 * the git commit of the project it runs from, and the Kafka client version on its classpath.
 */
public final class BuildInfo {

    private static final String RESOURCE = "/supply-chaos-build.properties";

    private BuildInfo() {
    }

    /** The pom's version, e.g. "0.1.0-SNAPSHOT"; "unknown" when the build did not fill it in. */
    public static String version() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        String version = properties.getProperty("version", "unknown");
        return version.startsWith("${") ? "unknown" : version;
    }

    /** The Kafka clients' version the tool runs with. */
    public static String kafkaVersion() {
        return AppInfoParser.getVersion();
    }

    /**
     * The commit checked out in {@code projectDir}, with "+dirty" when tracked files have changes;
     * "unknown" when it is not a git work tree or git is not installed.
     */
    public static String gitCommit(Path projectDir) {
        String commit = git(projectDir, "rev-parse", "HEAD");
        if (commit == null || !commit.matches("[0-9a-f]{40}")) {
            return "unknown";
        }
        String changes = git(projectDir, "status", "--porcelain", "--untracked-files=no");
        return changes == null || changes.isBlank() ? commit : commit + "+dirty";
    }

    private static String git(Path relative, String... args) {
        Path dir = relative.toAbsolutePath();
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            return CommandRunner.system(dir).run(command, Timeouts.HELPER_PROCESS).trim();
        } catch (RuntimeException e) {
            // not a work tree, or no git: the caller says "unknown"
            return null;
        }
    }

    /** The JDK's full version as its {@code release} file gives it ("25.0.1"); the directory name when it has none. */
    public static String javaVersionOf(Path javaHome) {
        try {
            for (String line : Files.readAllLines(javaHome.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return line.substring("JAVA_VERSION=".length()).replace("\"", "");
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return javaHome.getFileName() == null ? javaHome.toString() : javaHome.getFileName().toString();
    }
}
