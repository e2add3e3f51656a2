package io.supplychaos.kind.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.supplychaos.env.StateJson;

/**
 * Reads and writes the one JSON file describing the environment of a state directory
 * ({@code .chaos/state.json}). Writes go through a temp file and an atomic rename so a crash or a
 * reader in another terminal never sees half a file. The file is the owner's only (0600): a secured
 * env's client credentials are in it.
 */
public final class StateStore {
    static final ObjectMapper JSON = StateJson.MAPPER;

    private final Path file;

    public StateStore(Path stateDir) {
        this.file = stateDir.resolve("state.json");
    }

    public Optional<EnvState> read() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), EnvState.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (delete it if no environment is running)", e);
        }
    }

    public void write(EnvState state) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            // a secured env's client config (SASL password, truststore password) is in it: owner only
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            JSON.writeValue(tmp.toFile(), state);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }
}
