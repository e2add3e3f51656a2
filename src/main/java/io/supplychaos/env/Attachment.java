package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A cluster the tool works on but did not start as embedded processes (an env of kind compose,
 * external or kubernetes), recorded in {@code .chaos/attached.json} by {@code up} or a run so that
 * the fault verbs, {@code status} and {@code down} in another terminal find it. Down undoes what the
 * tool changed there ({@link ChangeJournal}), takes down only what the tool itself brought up
 * ({@code composeStarted}) and forgets it; the cluster stays.
 *
 * @param access         how clients reach the cluster (bootstrap from the env file, the compose file
 *                       or the Kafka resource's status; client config from the env file)
 * @param brokerHosts    each broker's advertised host when attached, for commands' {@code {host}} once it is down
 * @param composeStarted true when this tool's {@code docker compose up} brought the compose project up
 *                       from nothing (no container, network or volume of it existed before): only then
 *                       does letting it go take it down
 * @param recordedBy     "up" or "run": a run forgets an attachment it recorded itself when it ends
 * @param applicationId  the app's Kafka Streams application.id when its topics were created here:
 *                       {@code --delete-topics} deletes that id's internal topics and group; null in
 *                       files written before it was recorded (then the current default is meant)
 */
public record Attachment(EnvSpec spec, String source, Instant attachedAt, KafkaAccess access,
                         Map<Integer, String> brokerHosts, boolean composeStarted, String recordedBy,
                         String applicationId) {

    public Attachment {
        brokerHosts = brokerHosts == null ? Map.of() : Map.copyOf(brokerHosts);
    }

    /** An attachment that records no application.id. */
    public Attachment(EnvSpec spec, String source, Instant attachedAt, KafkaAccess access, Map<Integer, String> brokerHosts,
                      boolean composeStarted, String recordedBy) {
        this(spec, source, attachedAt, access, brokerHosts, composeStarted, recordedBy, null);
    }

    static final String FILE = "attached.json";

    public String envName() {
        return spec.name();
    }

    /** The recorded attachment of a state directory, if any. */
    public static Optional<Attachment> read(Path stateDir) {
        Path file = stateDir.resolve(FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(StateJson.MAPPER.readValue(file.toFile(), Attachment.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (delete it if no cluster is attached)", e);
        }
    }

    /**
     * Records this attachment (atomically: a reader in another terminal never sees half a file),
     * readable by the owner only: the env's client config (SASL and keystore passwords) and the
     * JMX password are in it. A state directory that does not exist yet is created as the tool's
     * (owner only, see {@link StateDir#createOwned}).
     */
    public void write(Path stateDir) {
        Path file = stateDir.resolve(FILE);
        try {
            if (!Files.isDirectory(stateDir)) {
                StateDir.createOwned(stateDir);
            }
            Path tmp = file.resolveSibling(FILE + ".tmp");
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            StateJson.MAPPER.writeValue(tmp.toFile(), this);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static void forget(Path stateDir) {
        try {
            Files.deleteIfExists(stateDir.resolve(FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + stateDir.resolve(FILE), e);
        }
    }
}
