package io.supplychaos.env;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * Starts and signals the environment's OS processes (broker JVMs, Toxiproxy). Every process runs in
 * its own session ({@code setsid}) so a Ctrl-C aimed at the CLI, a test runner or dev mode does not
 * reach it; the owner stops it explicitly. Reads {@code /proc} to tell running, paused and gone
 * apart, and checks a process's command line before signalling it so a recycled pid is never hit.
 */
public final class ProcessControl {

    private ProcessControl() {
    }

    /** Process states as shown in {@code status}. */
    public enum State { RUNNING, PAUSED, STOPPED }

    /** The java of the JVM running this code: brokers, apps and Kafka's tools run on the same JDK. */
    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Starts {@code command} in a new session with output appended to {@code log}; returns its pid. */
    public static long start(List<String> command, Map<String, String> environment, Path log) {
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder builder = new ProcessBuilder(concat("setsid", command))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(environment);
            long pid = builder.start().pid();
            awaitExec(pid, command);
            return pid;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
    }

    /**
     * Until the child has exec'd, /proc shows the JVM's command line, then setsid's ("setsid
     * COMMAND"), and an {@link #isOurs} or {@link #runs} check right after start would take a
     * starting process for a dead one: wait until it runs {@code command} itself.
     */
    private static void awaitExec(long pid, List<String> command) {
        Poll.untilIgnoringInterrupts(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL,
                () -> state(pid) == State.STOPPED || arguments(pid).map(command::equals).orElse(false));
    }

    /** True when {@code pid} is alive (running or paused) and its command line contains {@code marker}. */
    public static boolean isOurs(Long pid, String marker) {
        if (pid == null) {
            return false;
        }
        Optional<String> cmdline = read(Path.of("/proc", pid.toString(), "cmdline"));
        return cmdline.isPresent() && cmdline.get().contains(marker) && state(pid) != State.STOPPED;
    }

    /**
     * True when {@code pid} is alive (running or paused) and runs exactly {@code command}, argument
     * for argument: the strictest "is this still the process we started", for processes whose
     * command was recorded (app instances). A recycled pid, or the same program started by another
     * state directory, never matches.
     */
    public static boolean runs(Long pid, List<String> command) {
        if (pid == null || command == null || command.isEmpty()) {
            return false;
        }
        Optional<List<String>> arguments = arguments(pid);
        return arguments.isPresent() && arguments.get().equals(command) && state(pid) != State.STOPPED;
    }

    /** The process's argv from /proc/PID/cmdline (NUL-separated), empty when it is gone. */
    public static Optional<List<String>> arguments(long pid) {
        try {
            String raw = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8);
            if (raw.isEmpty()) {
                return Optional.empty(); // a zombie or a kernel thread
            }
            if (raw.endsWith("\0")) {
                raw = raw.substring(0, raw.length() - 1);
            }
            return Optional.of(List.of(raw.split("\0", -1)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Running, paused (SIGSTOP, 'T' in /proc/PID/stat) or stopped (gone or zombie). */
    public static State state(long pid) {
        Optional<String> stat = read(Path.of("/proc", Long.toString(pid), "stat"));
        if (stat.isEmpty()) {
            return State.STOPPED;
        }
        String afterName = stat.get().substring(stat.get().lastIndexOf(')') + 2);
        return switch (afterName.charAt(0)) {
            case 'T', 't' -> State.PAUSED;
            case 'Z', 'X' -> State.STOPPED;
            default -> State.RUNNING;
        };
    }

    /**
     * Sends SIGTERM to all given processes at once (brokers stopped one by one hang: the last one's
     * controlled shutdown waits for a quorum that is gone), waits up to {@code grace}, then SIGKILLs
     * what is left. Paused processes are continued first.
     */
    public static void terminateAll(Collection<Long> pids, Duration grace) {
        List<ProcessHandle> handles = pids.stream()
                .map(ProcessHandle::of).flatMap(Optional::stream).toList();
        // a SIGSTOPped broker would only see SIGTERM once continued, i.e. after the whole grace period
        handles.stream().filter(h -> state(h.pid()) == State.PAUSED).forEach(h -> resume(h.pid()));
        handles.forEach(ProcessHandle::destroy);
        // this runs in shutdown hooks and after Ctrl-C: it must give the grace and reach the SIGKILL even when interrupted
        Poll.untilIgnoringInterrupts(grace, Poll.DEFAULT_INTERVAL, () -> handles.stream().noneMatch(ProcessControl::alive));
        handles.stream().filter(ProcessControl::alive).forEach(ProcessHandle::destroyForcibly);
        Poll.untilIgnoringInterrupts(Timeouts.HELPER_PROCESS, Poll.SHORT_INTERVAL, () -> handles.stream().noneMatch(ProcessControl::alive));
    }

    /**
     * Waits up to {@code timeout} until the processes are reaped. Exited children of a CLI that is
     * gone belong to init, which reaps them only every second or two, and until then `ps` shows a
     * {@code [toxiproxy-serve] <defunct>} that looks like a leftover.
     */
    public static void awaitReaped(Collection<Long> pids, Duration timeout) {
        Poll.untilIgnoringInterrupts(timeout, Poll.SHORT_INTERVAL,
                () -> pids.stream().noneMatch(pid -> Files.exists(Path.of("/proc", Long.toString(pid)))));
    }

    /** Sends SIGCONT (the JDK has no call for it). */
    public static void resume(long pid) {
        signal("-CONT", pid);
    }

    private static void signal(String signal, long pid) {
        try {
            new ProcessBuilder("kill", signal, Long.toString(pid)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(Timeouts.HELPER_PROCESS.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + signal + " to " + pid, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean alive(ProcessHandle handle) {
        return handle.isAlive() && state(handle.pid()) != State.STOPPED;
    }

    /** Sends SIGSTOP: the process freezes (a broker stops heartbeating but keeps its sockets). */
    public static void pause(long pid) {
        signal("-STOP", pid);
    }

    /** The text of {@code file} from byte {@code offset} on (empty when missing), e.g. a log since a restart. */
    public static String readFrom(Path file, long offset) {
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            long size = channel.size();
            if (size <= offset) {
                return "";
            }
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate((int) (size - offset));
            channel.read(buffer, offset);
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** The file's size in bytes, 0 when it does not exist. */
    public static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The last lines of a log file, for error messages about a process that did not come up. */
    public static String tail(Path log, int lines) {
        List<String> all = read(log).map(s -> s.lines().toList()).orElse(List.of());
        return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static List<String> concat(String first, List<String> rest) {
        return Stream.concat(Stream.of(first), rest.stream()).toList();
    }
}
