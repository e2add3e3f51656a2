package io.supplychaos.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Remembers the broker most recently killed or stopped, in {@code .chaos/killed-broker}, so that
 * {@code start-broker} with no id (and a scenario's {@code target: killed}) brings it back, from
 * whichever terminal or run killed it.
 */
final class KilledBroker {
    private final Path file;

    KilledBroker(Path stateDir) {
        this.file = stateDir.resolve("killed-broker");
    }

    synchronized void remember(int brokerId) {
        try {
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling("killed-broker.tmp");
            Files.writeString(temp, brokerId + "\n");
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    Optional<Integer> recall() {
        try {
            return Files.exists(file) ? Optional.of(Integer.parseInt(Files.readString(file).trim())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
