package io.supplychaos.kind.kubernetes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;

import io.supplychaos.time.Timeouts;

/**
 * The Kafka JVM inside a Strimzi broker pod's {@code kafka} container, reached through pod exec
 * ({@code pods/exec}), and the signals pause-broker and resume-broker send it. How Strimzi 0.51.0's
 * image runs Kafka (docker-images/kafka-based/kafka): the container's command is
 * {@code /opt/kafka/kafka_run.sh}, which ends with {@code exec /usr/bin/tini -w -e 143 --
 * kafka-server-start.sh}, and that script {@code exec}s java: tini is PID 1 and the broker is its one
 * child whose executable is {@code java}. Strimzi's own liveness probe ({@code kafka_liveness.sh})
 * finds the broker the same way, by a {@code /proc/PID/exe} that resolves to java.
 *
 * <p>{@link #LIST} prints one line per process of the container, "PID STATE EXE", from {@code /proc}
 * alone (the image has no {@code ps}); {@link #parse} reads it and {@link #kafka} picks the broker.
 * SIGSTOP freezes it with its sockets open (state {@code T}), SIGCONT resumes it: the same signals
 * the embedded env sends to its broker JVMs. The exec runs as the container's user (1001), who owns
 * the JVM.
 */
final class BrokerJvm {

    /**
     * Every process in the container: "PID STATE EXE" a line, the state being the third field of
     * {@code /proc/PID/stat} (after the command name in parentheses, which may hold spaces).
     */
    static final String LIST = "for p in /proc/[0-9]*; do "
            + "e=$(readlink \"$p/exe\" 2>/dev/null) || continue; "
            + "s=$(cat \"$p/stat\" 2>/dev/null) || continue; "
            + "s=${s##*) }; echo \"${p#/proc/} ${s%% *} $e\"; done";

    /** A process of the container, as {@link #LIST} prints it. */
    record Process(int pid, char state, String exe) {

        /** Stopped by a signal (SIGSTOP): {@code T}, or {@code t} when stopped under a tracer. */
        boolean frozen() {
            return state == 'T' || state == 't';
        }

        /** Its executable is java (also when the file was replaced since it started: "... (deleted)"). */
        boolean java() {
            String path = exe.endsWith(DELETED) ? exe.substring(0, exe.length() - DELETED.length()) : exe;
            return path.equals("java") || path.endsWith("/java");
        }

        private static final String DELETED = " (deleted)";
    }

    /** What one exec printed and how it ended. */
    record Result(int exitCode, String out, String err) {
    }

    private final KubernetesClient client;
    private final String namespace;
    private final Duration timeout;

    BrokerJvm(KubernetesClient client, String namespace, Duration timeout) {
        this.client = client;
        this.namespace = namespace;
        this.timeout = timeout;
    }

    /** The processes of {@code LIST}'s output; lines that are not "PID STATE EXE" are skipped. */
    static List<Process> parse(String output) {
        List<Process> processes = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] fields = line.trim().split(" ", 3);
            if (fields.length == 3 && fields[0].matches("[0-9]+") && fields[1].length() == 1 && !fields[2].isBlank()) {
                processes.add(new Process(Integer.parseInt(fields[0]), fields[1].charAt(0), fields[2]));
            }
        }
        return List.copyOf(processes);
    }

    /**
     * The broker among {@code processes}: the one java process; empty when there is none (Kafka not
     * started yet, or gone).
     *
     * @throws IllegalStateException when there are several, naming them: the tool does not guess which to signal
     */
    static Optional<Process> kafka(List<Process> processes, String pod) {
        List<Process> java = processes.stream().filter(Process::java).toList();
        if (java.size() > 1) {
            throw new IllegalStateException("pod " + pod + " container " + KubernetesBackend.KAFKA_CONTAINER + " runs "
                    + java.size() + " java processes " + java.stream().map(p -> p.pid() + " (" + p.exe() + ")").toList()
                    + ", where Strimzi's image runs one, the broker: not signalling any");
        }
        return java.stream().findFirst();
    }

    /** The command that sends {@code signal} ("STOP", "CONT") to {@code pid}, for exec: the shell's own kill. */
    static List<String> signal(String signal, int pid) {
        if (!signal.matches("[A-Z]+")) {
            throw new IllegalArgumentException("a signal name such as STOP or CONT, got '" + signal + "'");
        }
        return List.of("sh", "-c", "kill -" + signal + " " + pid);
    }

    /** The broker JVM in {@code pod} now; empty when the container runs none. */
    Optional<Process> find(String pod) {
        Result listed = exec(pod, List.of("sh", "-c", LIST));
        if (listed.exitCode() != 0) {
            throw new IllegalStateException("listing the processes of pod " + pod + " (exec in container "
                    + KubernetesBackend.KAFKA_CONTAINER + ") exited " + listed.exitCode() + ": " + listed.err().strip());
        }
        return kafka(parse(listed.out()), pod);
    }

    /**
     * SIGSTOP to the broker JVM of {@code pod}; returns the process it froze.
     *
     * @throws IllegalStateException when the container runs no broker JVM, or the signal failed
     */
    Process freeze(String pod) {
        Process jvm = find(pod).orElseThrow(() -> new IllegalStateException("pod " + pod + " container "
                + KubernetesBackend.KAFKA_CONTAINER + " runs no java process: no broker to freeze"));
        send(pod, "STOP", jvm);
        return jvm;
    }

    /** SIGCONT to the broker JVM of {@code pod} when it is frozen; returns it, or empty when none was frozen. */
    Optional<Process> resume(String pod) {
        Optional<Process> jvm = find(pod).filter(Process::frozen);
        jvm.ifPresent(frozen -> send(pod, "CONT", frozen));
        return jvm;
    }

    private void send(String pod, String signal, Process jvm) {
        Result sent = exec(pod, signal(signal, jvm.pid()));
        if (sent.exitCode() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + jvm.pid() + " in pod " + pod + " exited "
                    + sent.exitCode() + ": " + sent.err().strip());
        }
    }

    /** Runs {@code command} in the pod's kafka container and waits (bounded) until it ended. */
    Result exec(String pod, List<String> command) {
        // an exec is a websocket the API server proxies to the kubelet; one whose upgrade did not come
        // through is tried again (listing and kill -STOP/-CONT are safe to repeat), a command that ran is not
        IllegalStateException refused = null;
        for (int attempt = 1; attempt <= EXEC_ATTEMPTS; attempt++) {
            try {
                return execOnce(pod, command);
            } catch (ExecNotOpened e) {
                refused = e;
            }
        }
        throw refused;
    }

    static final int EXEC_ATTEMPTS = 3;

    /** The exec's websocket did not open: nothing ran. */
    private static final class ExecNotOpened extends IllegalStateException {
        ExecNotOpened(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private Result execOnce(String pod, List<String> command) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ExecWatch watch = client.pods().inNamespace(namespace).withName(pod).inContainer(KubernetesBackend.KAFKA_CONTAINER)
                .redirectingOutput().writingError(err).exec(command.toArray(String[]::new))) {
            InputStream stdout = watch.getOutput();
            // read to the end (the server closes the stream when the command ended), bounded
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return stdout.readAllBytes();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + timeout.toNanos();
            byte[] printed = out.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            Integer code = watch.exitCode().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return new Result(code == null ? -1 : code, new String(printed, StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } catch (TimeoutException e) {
            throw new IllegalStateException("exec " + command + " in pod " + pod + " did not end within "
                    + Timeouts.describe(timeout), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("exec " + command + " in pod " + pod + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during exec " + command + " in pod " + pod, e);
        } catch (KubernetesClientException e) {
            throw new ExecNotOpened("exec " + command + " in pod " + pod + " was refused: " + e.getMessage(), e);
        }
    }
}
