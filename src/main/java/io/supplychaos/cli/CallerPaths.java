package io.supplychaos.cli;

import java.nio.file.Files;
import java.nio.file.Path;

import io.supplychaos.env.ChaosPaths;

/**
 * Paths a user types are relative to the directory they typed them in, as with any command-line
 * tool; the project directory is only where defaults live. A relative file that does not exist
 * there but does in the project gets a message that says both, so that an old habit costs one
 * line of reading.
 */
final class CallerPaths {

    private CallerPaths() {
    }

    /** {@code given} resolved against the caller's directory; an error naming both places when it is not there. */
    static Path file(Path given, ChaosPaths paths) {
        Path resolved = caller().resolve(given).normalize();
        if (Files.isRegularFile(resolved) || given.isAbsolute()) {
            return resolved;
        }
        Path inProject = paths.home().resolve(given).normalize();
        String hint = Files.isRegularFile(inProject) && !inProject.equals(resolved)
                ? "; relative paths are read from the current directory, and the project's file is " + inProject
                : "";
        throw new IllegalArgumentException(given + ": no such file (looked for " + resolved + hint + ")");
    }

    /** The directory the command was started from. */
    static Path caller() {
        return Path.of(System.getProperty("user.dir")).toAbsolutePath();
    }
}
