package io.supplychaos.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.sun.tools.attach.VirtualMachine;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.embedded.EnvState;
import io.supplychaos.metrics.JitCpu;
import one.profiler.AsyncProfiler;

/**
 * Watches the processes of one pipeline run: the CPU time each spends (from {@code /proc/<pid>/stat},
 * sampled every 250 ms, first and last sample per process, so an app that the run stops counts up
 * to its last sample) and, when asked, CPU profiles written as flame graphs (HTML) by
 * async-profiler: of the app (attached when its process appears; the run stops the app before it
 * returns, and a profile started by attaching was not written at the app's exit here, so the
 * profile so far is dumped every {@value #APP_DUMP_SECONDS} s and the last dump is the app's
 * flame graph), of the first broker, and of this JVM, which runs the load generator.
 * The app and the broker are attached with the JDK's attach API and async-profiler's agent; this
 * JVM uses async-profiler's Java API. The JVMs' JIT compiler threads are read at the measured
 * phase's start and end ({@link JitCpu#ofProcess}), so the bench says what share of each JVM's CPU
 * in the measured phase went to compiling: a figure taken while the JIT compiles describes the JIT.
 */
final class PipelineWatch implements AutoCloseable {

    private static final String INTERVAL = "interval=10ms";
    private static final int APP_DUMP_SECONDS = 5;

    private final ChaosPaths paths;
    private final EnvState state;
    private final Path profiles;
    private final String label;
    private final PrintWriter out;
    private final Map<String, ProcessCpu> first = new ConcurrentHashMap<>();
    private final Map<String, ProcessCpu> last = new ConcurrentHashMap<>();
    private final Map<String, Path> written = new ConcurrentHashMap<>();
    /** The JVMs' compiler CPU seconds at the measured phase's start and at its end, by role. */
    private final Map<String, Double> jitFirst = new ConcurrentHashMap<>();
    private final Map<String, Double> jitLast = new ConcurrentHashMap<>();
    private ScheduledExecutorService sampler;
    private String library;
    private Long profiledBroker;
    private volatile Long profiledApp;
    private boolean finished;

    /**
     * @param profiles where flame graphs go; null for CPU time only
     * @param label    the file name prefix of this run's flame graphs
     */
    PipelineWatch(ChaosPaths paths, EnvState state, Path profiles, String label, PrintWriter out) {
        this.paths = paths;
        this.state = state;
        this.profiles = profiles;
        this.label = label;
        this.out = out;
    }

    void start() {
        if (profiles != null) {
            library = extractLibrary();
            if (library != null) {
                startSelf();
                profiledBroker = state.brokers().isEmpty() ? null : state.brokers().get(0).pid();
                if (profiledBroker != null) {
                    agent(profiledBroker, "start,event=cpu," + INTERVAL, "broker");
                }
            }
        }
        sampler = Executors.newScheduledThreadPool(2);
        sampler.scheduleAtFixedRate(this::sample, 0, 250, TimeUnit.MILLISECONDS);
        if (library != null) {
            sampler.scheduleWithFixedDelay(this::dumpApp, APP_DUMP_SECONDS, APP_DUMP_SECONDS, TimeUnit.SECONDS);
        }
    }

    private void sample() {
        state.brokers().forEach(broker -> record("broker-" + broker.id(), broker.pid()));
        record("toxiproxy", state.toxiproxyPid());
        record("tool JVM (load generator)", ProcessHandle.current().pid());
        new AppInstances(paths).read().forEach(app -> {
            record("app", app.pid());
            if (library != null && profiledApp == null && app.pid() != null) {
                profiledApp = app.pid();
                if (!agent(app.pid(), "start,event=cpu," + INTERVAL, "app")) {
                    profiledApp = -1L;
                }
            }
        });
    }

    /**
     * The measured phase starts: CPU time counts from here, and the profiles start again, so that
     * neither describes the warm-up (the JIT compiling, the app starting).
     */
    void measuring() {
        first.clear();
        last.clear();
        readJit(jitFirst);
        if (library == null) {
            return;
        }
        if (profiledBroker != null) {
            agent(profiledBroker, "stop,file=/dev/null,collapsed", "broker");
            agent(profiledBroker, "start,event=cpu," + INTERVAL, "broker");
        }
        Long app = profiledApp;
        if (app != null && app > 0) {
            agent(app, "stop,file=/dev/null,collapsed", "app");
            agent(app, "start,event=cpu," + INTERVAL, "app");
        }
        try {
            AsyncProfiler.getInstance(library).stop();
        } catch (IllegalStateException e) {
            out.println("profile of this JVM not stopped: " + e.getMessage());
        }
        startSelf();
    }

    /** The app's profile so far, over the previous dump (the app may be gone at the end of the run). */
    private void dumpApp() {
        Long pid = profiledApp;
        if (pid != null && pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            Path file = profiles.resolve(label + "-app.html");
            if (agent(pid, "dump,file=" + file, "app")) {
                written.put("app", file);
            }
        }
    }

    private void record(String role, Long pid) {
        if (pid == null) {
            return;
        }
        ProcessCpu now = ProcessCpu.sample(pid);
        if (now != null) {
            first.putIfAbsent(role, now);
            ProcessCpu earlier = first.get(role);
            if (earlier.pid() == pid) {
                last.put(role, now);
            }
        }
    }

    /** CPU seconds per 1,000 orders of each process, over the run or, once {@link #measuring()}, its measured phase. */
    Map<String, Double> cpuSecondsPerThousandOrders(long orders) {
        Map<String, Double> perProcess = new LinkedHashMap<>();
        first.keySet().stream().sorted().forEach(role -> {
            ProcessCpu end = last.get(role);
            if (end != null) {
                perProcess.put(role, ProcessCpu.secondsPerThousandOrders(first.get(role), end, orders));
            }
        });
        return perProcess;
    }

    /**
     * The share of each JVM's CPU in the measured phase that its JIT compilers used (0 to 1): the
     * brokers, the app and this JVM (the load generator), each read at the phase's start and end.
     */
    Map<String, Double> jitShareOfCpu() {
        Map<String, Double> share = new LinkedHashMap<>();
        jitFirst.keySet().stream().sorted().forEach(role -> {
            Double end = jitLast.get(role);
            ProcessCpu from = first.get(role);
            ProcessCpu to = last.get(role);
            if (end != null && from != null && to != null && to.secondsSince(from) > 0) {
                share.put(role, Math.max(0, end - jitFirst.get(role)) / to.secondsSince(from));
            }
        });
        return share;
    }

    private void readJit(Map<String, Double> into) {
        into.clear();
        state.brokers().forEach(broker -> readJit(into, "broker-" + broker.id(), broker.pid()));
        readJit(into, "tool JVM (load generator)", ProcessHandle.current().pid());
        new AppInstances(paths).read().forEach(app -> readJit(into, "app", app.pid()));
    }

    private static void readJit(Map<String, Double> into, String role, Long pid) {
        if (pid != null) {
            double seconds = JitCpu.ofProcess(pid);
            if (!Double.isNaN(seconds)) {
                into.put(role, seconds);
            }
        }
    }

    /** The flame graphs written, by process. */
    Map<String, Path> profiles() {
        return Map.copyOf(written);
    }

    /**
     * The measured orders are drained: the CPU count and the profiles end here, so that neither
     * describes the check (the tool reading back and judging every order of the run, the warm-up's
     * too) or the app's stop. Idempotent; {@link #close()} does it if nobody did.
     */
    void drained() throws InterruptedException {
        if (finished) {
            return;
        }
        finished = true;
        if (sampler != null) {
            sampler.shutdownNow();
            sampler.awaitTermination(5, TimeUnit.SECONDS);
            sample();
        }
        readJit(jitLast);
        if (library == null) {
            return;
        }
        dumpApp();
        Long app = profiledApp;
        if (app != null && app > 0) {
            agent(app, "stop,file=/dev/null,collapsed", "app");
        }
        if (profiledBroker != null) {
            Path file = profiles.resolve(label + "-broker.html");
            if (agent(profiledBroker, "stop,file=" + file, "broker")) {
                written.put("broker", file);
            }
        }
        Path self = profiles.resolve(label + "-loadgen.html");
        try {
            AsyncProfiler.getInstance(library).execute("stop,file=" + self);
            written.put("load generator", self);
        } catch (IOException | IllegalStateException e) {
            out.println("profile of this JVM not written: " + e.getMessage());
        }
    }

    @Override
    public void close() throws InterruptedException {
        drained();
    }

    private void startSelf() {
        try {
            AsyncProfiler.getInstance(library).execute("start,event=cpu," + INTERVAL);
        } catch (IOException | IllegalStateException e) {
            out.println("profile of this JVM not started: " + e.getMessage());
        }
    }

    /** Loads async-profiler's agent into another JVM with a command; false (and why, printed) when it failed. */
    private boolean agent(long pid, String command, String role) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgentPath(library, command);
                return true;
            } finally {
                vm.detach();
            }
        } catch (Exception e) {
            out.println("profile of the " + role + " (pid " + pid + "): " + command.split(",")[0] + " failed: " + e);
            return false;
        }
    }

    /** async-profiler's native library from its jar, for this platform; null (and why, printed) when there is none. */
    private String extractLibrary() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        String resource = !os.contains("linux") ? null
                : arch.equals("amd64") || arch.equals("x86_64") ? "linux-x64/libasyncProfiler.so"
                : arch.equals("aarch64") ? "linux-arm64/libasyncProfiler.so" : null;
        if (resource == null) {
            out.println("no CPU profiles: async-profiler ships no library for " + os + "/" + arch);
            return null;
        }
        try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                out.println("no CPU profiles: " + resource + " is not on the classpath");
                return null;
            }
            Files.createDirectories(profiles);
            Path lib = profiles.resolve(".libasyncProfiler.so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return lib.toAbsolutePath().toString();
        } catch (IOException e) {
            out.println("no CPU profiles: " + e.getMessage());
            return null;
        }
    }
}
