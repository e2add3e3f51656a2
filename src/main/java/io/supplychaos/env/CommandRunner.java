package io.supplychaos.env;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs an argument list (no shell) to completion and returns its output; throws when it fails or
 * outlasts its deadline. The docker CLI of the compose env and the broker commands of an external
 * env go through one, the only part their tests swap.
 */
@FunctionalInterface
public interface CommandRunner {

    String run(List<String> command, Duration timeout);

    /** Real processes, started in {@code dir}. */
    static CommandRunner system(Path dir) {
        return (command, timeout) -> ExternalCommand.run(String.join(" ", command), command, dir, Map.of(),
                Math.max(1, timeout.toSeconds()));
    }
}
