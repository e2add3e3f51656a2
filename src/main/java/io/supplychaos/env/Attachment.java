package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

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
 * @param applicationIds the app's Kafka Streams application.ids that ran here: the default when the
 *                       topics were created, and each one a run's app then started with
 *                       ({@link #withApplicationId}); {@code --delete-topics} deletes each one's internal
 *                       topics and group. Empty in files written before it was recorded (then the
 *                       current default is meant); a file of the older form holds one {@code applicationId}.
 */
public record Attachment(EnvSpec spec, String source, Instant attachedAt, KafkaAccess access,
                         Map<Integer, String> brokerHosts, boolean composeStarted, String recordedBy,
                         List<String> applicationIds) {

    public Attachment {
        brokerHosts = brokerHosts == null ? Map.of() : Map.copyOf(brokerHosts);
        applicationIds = applicationIds == null ? List.of() : applicationIds.stream().filter(Objects::nonNull).distinct().toList();
    }

    /** As attached.json holds it; a file of the older form has one {@code applicationId} instead of the list. */
    @JsonCreator
    static Attachment fromJson(@JsonProperty("spec") EnvSpec spec, @JsonProperty("source") String source,
                               @JsonProperty("attachedAt") Instant attachedAt, @JsonProperty("access") KafkaAccess access,
                               @JsonProperty("brokerHosts") Map<Integer, String> brokerHosts,
                               @JsonProperty("composeStarted") boolean composeStarted, @JsonProperty("recordedBy") String recordedBy,
                               @JsonProperty("applicationIds") List<String> applicationIds,
                               @JsonProperty("applicationId") String olderApplicationId) {
        List<String> ids = new ArrayList<>(applicationIds == null ? List.of() : applicationIds);
        if (olderApplicationId != null && !ids.contains(olderApplicationId)) {
            ids.add(0, olderApplicationId);
        }
        return new Attachment(spec, source, attachedAt, access, brokerHosts, composeStarted, recordedBy, ids);
    }

    /** An attachment that records no application.id. */
    public Attachment(EnvSpec spec, String source, Instant attachedAt, KafkaAccess access, Map<Integer, String> brokerHosts,
                      boolean composeStarted, String recordedBy) {
        this(spec, source, attachedAt, access, brokerHosts, composeStarted, recordedBy, List.of());
    }

    /** This attachment also naming {@code applicationId} as one that ran here (once). */
    public Attachment withApplicationId(String applicationId) {
        if (applicationIds.contains(applicationId)) {
            return this;
        }
        List<String> ids = new ArrayList<>(applicationIds);
        ids.add(applicationId);
        return new Attachment(spec, source, attachedAt, access, brokerHosts, composeStarted, recordedBy, ids);
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
