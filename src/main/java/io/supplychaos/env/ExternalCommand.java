package io.supplychaos.env;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs short-lived helper commands (env/install-toxiproxy, mvn, kafka-storage format) to completion, capturing
 * their output for error messages, and finds executables on the PATH. Touches whatever the command does.
 */
public final class ExternalCommand {

    private ExternalCommand() {
    }

    /**
     * Runs {@code command} in {@code dir} and returns its output (stdout and stderr); throws with
     * {@code what} and the output's tail when it fails or exceeds {@code timeoutSeconds}.
     */
    public static String run(String what, List<String> command, Path dir, Map<String, String> environment, long timeoutSeconds) {
        try {
            Path output = Files.createTempFile("supply-chaos-", ".out");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                        .redirectErrorStream(true).redirectOutput(output.toFile());
                builder.environment().putAll(environment);
                Process process = builder.start();
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(what + " took longer than " + timeoutSeconds + " s");
                }
                if (process.exitValue() != 0) {
                    throw new IllegalStateException(what + " failed (exit " + process.exitValue()
                            + "):\n" + ProcessControl.tail(output, 30));
                }
                return Files.readString(output);
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(what + ": cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " interrupted", e);
        }
    }

    /** The first executable called {@code name} on the PATH. */
    static Optional<Path> which(String name) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isEmpty()).map(Path::of)
                .map(dir -> dir.resolve(name))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
