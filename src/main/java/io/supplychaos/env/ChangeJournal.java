package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the tool changed on a cluster it did not start and has not undone yet, in the state
 * directory's {@code changes.json}: the brokers it stopped or paused through the env's commands or
 * docker, and the resources it created there (Chaos Mesh's), by name. A fault's inject records its
 * change and its heal takes it out again, whichever process does them (a run, a verb in another
 * terminal); {@code down} undoes what is left, these and nothing else, and the state of a broker the
 * cluster's metadata cannot tell (a killed one still registered, a paused one) is read here.
 *
 * <p>Every update is a read, change and write of the whole file under an exclusive lock on it, so
 * concurrent writers never lose each other's lines; the file is {@code rw-------}.
 */
public final class ChangeJournal {

    static final String FILE = "changes.json";

    /** What the tool did to a broker that is still in effect. */
    public enum BrokerChange {
        STOPPED("stopped"), PAUSED("paused");

        private final String word;

        BrokerChange(String word) {
            this.word = word;
        }

        @JsonValue
        public String word() {
            return word;
        }
    }

    /**
     * A resource the tool created on the cluster, named as its API names it.
     *
     * @param kind      e.g. {@code PodChaos}
     * @param namespace where it lives
     * @param name      its name
     */
    public record Resource(String kind, String namespace, String name) {

        @Override
        public String toString() {
            return kind + " " + name + " in namespace " + namespace;
        }
    }

    /** The file's content: brokers by id, resources in the order they were created. */
    record Changes(Map<Integer, BrokerChange> brokers, List<Resource> resources) {
        Changes {
            brokers = brokers == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(brokers));
            resources = resources == null ? List.of() : List.copyOf(resources);
        }

        static final Changes NONE = new Changes(Map.of(), List.of());
    }

    private final Path stateDir;

    public ChangeJournal(Path stateDir) {
        this.stateDir = stateDir;
    }

    public Path file() {
        return stateDir.resolve(FILE);
    }

    /**
     * Who makes these changes, as a Kubernetes label value ({@code supply-chaos-} and 12 hex digits):
     * a digest of this machine's name, the user and the state directory's absolute path. Two state
     * directories (two users, or one user's two runs) that share a namespace get two owners, so
     * neither's heal or {@code down} takes the other's resources; the same directory always gets the
     * same one, so a verb in another terminal heals what the run injected.
     */
    public String owner() {
        String who = machineName() + "\n" + System.getProperty("user.name") + "\n" + stateDir.toAbsolutePath().normalize();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(who.getBytes(StandardCharsets.UTF_8));
            return "supply-chaos-" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    private static String machineName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** Records that the tool stopped or paused broker {@code id}. */
    public void broker(int id, BrokerChange change) {
        update(changes -> {
            Map<Integer, BrokerChange> brokers = new TreeMap<>(changes.brokers());
            brokers.put(id, change);
            return new Changes(brokers, changes.resources());
        });
    }

    /** Records that broker {@code id} runs again as the tool found it (started or resumed). */
    public void brokerRestored(int id) {
        update(changes -> {
            Map<Integer, BrokerChange> brokers = new TreeMap<>(changes.brokers());
            brokers.remove(id);
            return new Changes(brokers, changes.resources());
        });
    }

    /** What the tool did to broker {@code id} and has not undone, if anything. */
    public Optional<BrokerChange> broker(int id) {
        return Optional.ofNullable(read().brokers().get(id));
    }

    /** Every broker the tool stopped or paused and has not started or resumed, by id. */
    public Map<Integer, BrokerChange> brokers() {
        return read().brokers();
    }

    /** Records that the tool created {@code resource} (once, however often it was replaced). */
    public void created(Resource resource) {
        update(changes -> {
            if (changes.resources().contains(resource)) {
                return changes;
            }
            List<Resource> resources = new ArrayList<>(changes.resources());
            resources.add(resource);
            return new Changes(changes.brokers(), resources);
        });
    }

    /** Records that {@code resource} is gone (the tool deleted it, or found it deleted). */
    public void removed(Resource resource) {
        update(changes -> {
            List<Resource> resources = new ArrayList<>(changes.resources());
            resources.remove(resource);
            return new Changes(changes.brokers(), resources);
        });
    }

    /** The resources the tool created and has not deleted, oldest first. */
    public List<Resource> resources() {
        return read().resources();
    }

    public boolean isEmpty() {
        Changes changes = read();
        return changes.brokers().isEmpty() && changes.resources().isEmpty();
    }

    /** Deletes the journal's file once nothing is left in it (down, when everything was undone). */
    public void deleteIfEmpty() {
        if (isEmpty()) {
            try {
                Files.deleteIfExists(file());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + file(), e);
            }
        }
    }

    private Changes read() {
        Path file = file();
        if (!Files.exists(file)) {
            return Changes.NONE;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ); var lock = channel.lock(0, Long.MAX_VALUE, true)) {
            return parse(channel);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (what supply-chaos changed on the cluster)", e);
        }
    }

    private void update(UnaryOperator<Changes> change) {
        Path file = file();
        try {
            if (!Files.isDirectory(stateDir)) {
                StateDir.createOwned(stateDir);
            }
            if (!Files.exists(file)) {
                try {
                    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                } catch (FileAlreadyExistsException e) {
                    // another process created it meanwhile: the lock below orders us
                }
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                 var lock = channel.lock()) {
                Changes next = change.apply(parse(channel));
                byte[] bytes = StateJson.MAPPER.writeValueAsBytes(next);
                channel.truncate(0);
                channel.write(ByteBuffer.wrap(bytes), 0);
                channel.force(false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + " (what supply-chaos changed on the cluster)", e);
        }
    }

    private static Changes parse(FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return Changes.NONE;
        }
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(size));
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) >= 0) {
            // read it all
        }
        return StateJson.MAPPER.readValue(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8), Changes.class);
    }
}
