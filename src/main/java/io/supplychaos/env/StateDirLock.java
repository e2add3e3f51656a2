package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lock that lets one {@code run}, {@code up} or {@code bench} at a time use a state directory:
 * an OS file lock on {@code <state dir>/lock}, which also holds the holder's pid and command so
 * that a second one is refused ({@link EnvBusyException}, exit 2) with a message naming them,
 * instead of racing for the same ports, processes and files. Released by {@link #close}, and by
 * the OS when the holder dies, so a crashed CLI never leaves a stale lock. Fault verbs,
 * {@code status} and {@code down} do not take it: they must work from a second terminal during a
 * run.
 *
 * <p>Within one JVM (tests run verbs in-process) a second acquisition is refused from memory: on
 * Linux, opening and closing the lock file again would drop the JVM's own lock on it.
 */
public final class StateDirLock implements AutoCloseable {

    static final String FILE = "lock";
    /** Lock files this JVM holds, with their holder line; guarded by itself. */
    private static final Map<Path, String> HELD_HERE = new HashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private StateDirLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the state directory of {@code paths} for {@code command} (e.g. "run scenarios/c3.yaml"),
     * creating and marking it when new ({@link StateDir#claim}).
     *
     * @throws EnvBusyException when another process (or this one) holds it, naming the holder
     * @throws StateDir.StateDirException when the directory is not the tool's
     */
    public static StateDirLock acquire(ChaosPaths paths, String command) {
        StateDir.claim(paths);
        Path file = paths.stateDir().resolve(FILE);
        synchronized (HELD_HERE) {
            String heldHere = HELD_HERE.get(file);
            if (heldHere != null) {
                throw busy(paths, heldHere);
            }
            FileChannel channel = null;
            try {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = tryLock(channel);
                if (lock == null) {
                    String holder = read(channel);
                    channel.close();
                    throw busy(paths, holder);
                }
                String holder = ProcessHandle.current().pid() + "\n./chaos " + command + "\n";
                channel.truncate(0);
                channel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
                channel.force(false);
                HELD_HERE.put(file, holder);
                return new StateDirLock(file, channel, lock);
            } catch (IOException e) {
                closeQuietly(channel);
                throw new UncheckedIOException("cannot lock " + file, e);
            }
        }
    }

    /** The pid and command of the current holder, as written in the lock file ("pid\ncommand"). */
    public static Holder parse(String content) {
        List<String> lines = content.lines().toList();
        Long pid = null;
        try {
            pid = lines.isEmpty() ? null : Long.valueOf(lines.get(0).trim());
        } catch (NumberFormatException unreadable) {
            // the holder has locked but not written yet
        }
        return new Holder(pid, lines.size() > 1 ? lines.get(1) : "a command");
    }

    /** Who holds a state directory; {@code pid} is null when the file did not say yet. */
    public record Holder(Long pid, String command) {

        String describe() {
            return (pid == null ? "another process" : "pid " + pid) + " (" + command + ")";
        }
    }

    /** Empties the holder line and releases the lock. */
    @Override
    public void close() {
        synchronized (HELD_HERE) {
            try {
                // emptied while still held: a successor may write its own line right after the release
                channel.truncate(0);
                lock.release();
            } catch (IOException e) {
                // closing the channel below releases the lock all the same
            } finally {
                closeQuietly(channel);
                HELD_HERE.remove(file);
            }
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldByThisJvm) {
            return null;
        }
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    private static EnvBusyException busy(ChaosPaths paths, String holderLine) {
        return new EnvBusyException("the state directory " + paths.stateDir() + " is in use by " + parse(holderLine).describe()
                + ": wait for it to end or stop it (Ctrl-C in its terminal). Only one run, up or bench at a time per state"
                + " directory; status, down and the fault verbs work meanwhile, or use another --state-dir");
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }
}
