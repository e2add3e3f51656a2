package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which directories are the tool's, so that it never deletes what it did not write. Every
 * directory the tool creates to keep things in (the state directory, {@code data/}, each
 * broker's {@code data/broker-N/}, the app instances' {@code data/apps/}, dev mode's
 * {@code data/dev-app/}) carries a marker file, {@value #MARKER}. The tool
 * <ul>
 * <li>refuses a state directory that exists, is not empty and has no marker (a {@code --state-dir}
 * pointing at the user's own files), with {@link StateDirException} (exit 2);</li>
 * <li>deletes only marked directories (whole) and its own log files; anything else found next to
 * them, and the directory holding it, stays.</li>
 * </ul>
 * The project's default state directory ({@code .chaos/} in the checkout, named and git-ignored by
 * the tool) written by a version without markers is adopted: marked, with its known layout.
 */
public final class StateDir {

    /** The marker file in every directory the tool created. */
    public static final String MARKER = ".supply-chaos";
    private static final String MARKER_TEXT = "Created by supply-chaos (./chaos). It deletes directories carrying this file"
            + " and nothing else; do not put your own files here.\n";
    /** The log files the tool writes into the log directory; only these are removed when an env starts afresh. */
    private static final Pattern OWN_LOG = Pattern.compile("(broker-\\d+|app-\\d+|toxiproxy|verify-(driver|verifier|app-\\d+))\\.log");

    /** The files of a state directory that name commands, pids or command lines the tool acts on. */
    private static final List<String> RECORDS = List.of("attached.json", "state.json", "apps.json",
            "verify-processes.json", "changes.json");

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private StateDir() {
    }

    /**
     * Checks, creating nothing, that {@code paths}' state directory is the tool's or does not exist
     * yet (or is empty); adopts the default {@code .chaos/} of an older version.
     *
     * @throws StateDirException for a non-empty directory without the marker
     */
    public static void check(ChaosPaths paths) {
        Path dir = paths.stateDir();
        if (Files.isDirectory(dir)) {
            requireYoursOnly(dir);
        }
        if (!Files.isDirectory(dir) || isMarked(dir) || isEmpty(dir)) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new StateDirException(dir + " is a file, not a directory: give a new or empty directory as --state-dir");
            }
            return;
        }
        if (paths.isDefaultStateDir()) {
            adopt(paths);
            return;
        }
        throw new StateDirException("--state-dir " + dir + ": the directory is not empty and was not created by supply-chaos"
                + " (it has no " + MARKER + " file); give a new or empty directory: the tool deletes data it keeps there");
    }

    /** Makes the state directory the tool's: creates and marks it, or refuses it (see {@link #check}). */
    public static void claim(ChaosPaths paths) {
        check(paths);
        createOwned(paths.stateDir());
    }

    /**
     * Creates {@code dir} (and its parents) as the tool's: marked when it is new or empty. A
     * directory that exists with other content and no marker is not taken. A directory created
     * here is the owner's only ({@code rwx------}): the state directory keeps client secrets
     * ({@code attached.json}, {@code state.json}) and the app instances' data.
     *
     * @throws StateDirException when {@code dir} holds content the tool did not write
     */
    public static Path createOwned(Path dir) {
        try {
            if (Files.isDirectory(dir) && isMarked(dir)) {
                return dir;
            }
            if (Files.isDirectory(dir) && !isEmpty(dir)) {
                throw new StateDirException(dir + " exists with files supply-chaos did not write (no " + MARKER
                        + " file in it): move them away or use another --state-dir");
            }
            if (!Files.exists(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            }
            Files.writeString(dir.resolve(MARKER), MARKER_TEXT);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }

    /**
     * Refuses a state directory, or a record in it, that someone else can change: the directory and
     * the files whose content decides what the tool runs or signals ({@link #RECORDS}: the
     * attachment's broker commands, the pids and command lines of the processes it started) must
     * belong to the user running the tool and be writable by nobody else. Otherwise anyone who can
     * write there chooses the commands the tool runs as this user.
     *
     * @throws StateDirException naming the path, its owner and permissions, and the fix
     */
    static void requireYoursOnly(Path dir) {
        requireYoursOnly(dir, "700");
        for (String record : RECORDS) {
            Path file = dir.resolve(record);
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                requireYoursOnly(file, "600");
            }
        }
    }

    private static void requireYoursOnly(Path path, String mode) {
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException e) {
            return; // no POSIX owner and permissions to check on this file system
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the owner and permissions of " + path, e);
        }
        String you = System.getProperty("user.name");
        String owner = attributes.owner().getName();
        Set<PosixFilePermission> permissions = attributes.permissions();
        String shown = PosixFilePermissions.toString(permissions);
        String why = "the state directory's records decide which commands supply-chaos runs and which processes it signals";
        if (!owner.equals(you)) {
            throw new StateDirException(path + " is owned by " + owner + ", not by you (" + you + "; " + shown + "): " + why
                    + ", so it uses only a state directory of your own; give another --state-dir");
        }
        if (permissions.contains(PosixFilePermission.GROUP_WRITE) || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            String who = permissions.contains(PosixFilePermission.GROUP_WRITE)
                    ? permissions.contains(PosixFilePermission.OTHERS_WRITE) ? "its group and others" : "its group" : "others";
            throw new StateDirException(path + " is writable by " + who + " (" + shown + ", owner " + owner + "): " + why
                    + "; make it yours only (chmod " + mode + " " + path + ") if nobody else changed it, or give another --state-dir");
        }
    }

    /**
     * Creates {@code file} afresh, empty and readable and writable by the owner only
     * ({@code rw-------}, whatever the umask): for a record about to be written and moved in place,
     * which {@link #requireYoursOnly} would refuse were it group-writable.
     */
    public static Path createPrivateFile(Path file) throws IOException {
        Files.deleteIfExists(file);
        return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }

    public static boolean isMarked(Path dir) {
        return Files.isRegularFile(dir.resolve(MARKER));
    }

    /**
     * Removes what the tool created in {@code dir} (a data or log directory): every marked
     * subdirectory, whole, and every file {@code ownFile} accepts; then {@code dir} itself when it
     * is marked and nothing else is left. Nothing unmarked is deleted.
     *
     * @return what was left because the tool did not write it
     */
    public static List<Path> wipe(Path dir, Predicate<Path> ownFile) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> left = new ArrayList<>();
        for (Path entry : list(dir)) {
            if (entry.getFileName().toString().equals(MARKER)) {
                continue;
            }
            if (Files.isDirectory(entry) && !Files.isSymbolicLink(entry) && isMarked(entry)) {
                deleteTree(entry);
            } else if (Files.isRegularFile(entry) && ownFile.test(entry)) {
                delete(entry);
            } else {
                left.add(entry);
            }
        }
        if (left.isEmpty() && isMarked(dir)) {
            delete(dir.resolve(MARKER));
            delete(dir);
        }
        return left;
    }

    /**
     * Deletes {@code dir} whole when the tool marked it as its own ({@link #createOwned}); leaves
     * it, and says so, when it is not marked; nothing when it is not there.
     *
     * @return false when {@code dir} exists and is not the tool's
     */
    public static boolean deleteOwned(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !isMarked(dir)) {
            return false;
        }
        deleteTree(dir);
        return true;
    }

    /** {@link #wipe} for a data directory: marked subdirectories only. */
    public static List<Path> wipeData(Path dataDir) {
        return wipe(dataDir, file -> false);
    }

    /** {@link #wipe} for a log directory: marked subdirectories and the tool's own log files. */
    public static List<Path> wipeLogs(Path logDir) {
        return wipe(logDir, file -> OWN_LOG.matcher(file.getFileName().toString()).matches());
    }

    /**
     * The default {@code .chaos/} of a version before markers: the checkout's own, so its layout is
     * marked as the tool's (state dir, data, brokers' and apps' data, dev mode's).
     */
    private static void adopt(ChaosPaths paths) {
        try {
            mark(paths.stateDir());
            Path data = paths.dataDir();
            if (Files.isDirectory(data)) {
                mark(data);
                for (Path entry : list(data)) {
                    String name = entry.getFileName().toString();
                    if (Files.isDirectory(entry) && (name.matches("broker-\\d+") || name.equals("apps") || name.equals("dev-app"))) {
                        mark(entry);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot mark " + paths.stateDir() + " as supply-chaos's", e);
        }
    }

    private static void mark(Path dir) throws IOException {
        if (!isMarked(dir)) {
            Files.writeString(dir.resolve(MARKER), MARKER_TEXT);
        }
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** A state directory (or one inside it) the tool will not take: bad input, exit 2. */
    public static final class StateDirException extends IllegalArgumentException {
        public StateDirException(String message) {
            super(message);
        }
    }
}
