package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The JVMs of Kafka's verification suites that are not app instances (the driver that writes the
 * input and the verifier that reads the results back, {@code ./chaos verify}), each in its own
 * session, recorded in {@code .chaos/verify-processes.json} so that {@code down} and a later
 * verify stop what a crashed or killed CLI left. As with {@link AppInstances}, a recorded process
 * is signalled only while its pid runs exactly the recorded command.
 */
public final class SuiteProcesses {

    /** One recorded JVM: its role ("driver", "verifier"), pid, command and log. */
    public record SuiteProcess(String role, long pid, List<String> command, String log) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final ChaosPaths paths;

    public SuiteProcesses(ChaosPaths paths) {
        this.paths = paths;
    }

    public Path file() {
        return paths.stateDir().resolve("verify-processes.json");
    }

    public synchronized List<SuiteProcess> read() {
        if (!Files.exists(file())) {
            return List.of();
        }
        try {
            return JSON.readValue(file().toFile(), new TypeReference<List<SuiteProcess>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(), e);
        }
    }

    /** Starts {@code command} with its output appended to {@code log}, and records it under {@code role}. */
    public synchronized SuiteProcess start(String role, List<String> command, Path log) {
        long pid = ProcessControl.start(command, Map.of(), log);
        SuiteProcess process = new SuiteProcess(role, pid, List.copyOf(command), log.toString());
        List<SuiteProcess> all = new ArrayList<>(read());
        all.removeIf(p -> p.role().equals(role));
        all.add(process);
        all.sort(Comparator.comparing(SuiteProcess::role));
        write(all);
        return process;
    }

    public Optional<SuiteProcess> process(String role) {
        return read().stream().filter(p -> p.role().equals(role)).findFirst();
    }

    public boolean alive(SuiteProcess process) {
        return ProcessControl.runs(process.pid(), process.command());
    }

    /** SIGTERM (the suites' shutdown hooks end their work), SIGKILL after {@code grace}. */
    public void stop(SuiteProcess process, Duration grace) {
        if (alive(process)) {
            ProcessControl.terminateAll(List.of(process.pid()), grace);
        }
    }

    /** Stops every recorded process that still runs its command and forgets them all. */
    public synchronized List<SuiteProcess> stopAll(Duration grace) {
        List<SuiteProcess> running = read().stream().filter(this::alive).toList();
        ProcessControl.terminateAll(running.stream().map(SuiteProcess::pid).toList(), grace);
        try {
            Files.deleteIfExists(file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file(), e);
        }
        return running;
    }

    private void write(List<SuiteProcess> all) {
        try {
            Files.createDirectories(file().getParent());
            Path temp = StateDir.createPrivateFile(file().resolveSibling(file().getFileName() + ".tmp"));
            JSON.writeValue(temp.toFile(), all);
            Files.move(temp, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(), e);
        }
    }
}
