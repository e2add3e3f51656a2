package io.supplychaos.toxiproxy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.ExternalCommand;

/**
 * Finds the Toxiproxy server binary through {@code env/install-toxiproxy}, the one place that knows
 * where it lives ({@code $TOXIPROXY_SERVER}, {@code ~/.cache/supply-chaos/bin/toxiproxy-server},
 * the PATH) and installs v{@value #VERSION} with {@code go install} when it is missing. Used by the
 * ITs and dev mode; ./chaos calls the same script.
 */
public final class ToxiproxyBinary {
    public static final String VERSION = "2.5.0";

    private ToxiproxyBinary() {
    }

    /** The Go scheduler's processors for the server when the user's environment does not set them. */
    static final String GOMAXPROCS = "GOMAXPROCS";

    /**
     * The server's environment on top of the one it inherits. Toxiproxy runs beside the brokers, the
     * app and the tool, and each chunk it copies is handed from one goroutine to the next over a
     * channel. With a processor per core (Go's default) every hand-off may wake a second OS thread
     * that finds the work already taken and sleeps again; with one processor the hand-off stays on
     * the thread that made it. At the bench's light load (C3, at-least-once, 100 orders/s, two
     * cores) one processor took the proxy's CPU from 12.3-13.2 s to 10.3-10.9 s a minute and the
     * p99 from 243-324 to 172-174 ms (docs/PERFORMANCE.md, session 22). A user's own {@code GOMAXPROCS}
     * (for a machine with cores to spare) wins.
     *
     * @param inherited the environment the server would inherit (the tool's own)
     */
    public static Map<String, String> serverEnvironment(Map<String, String> inherited) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("LOG_LEVEL", "info");
        if (!inherited.containsKey(GOMAXPROCS)) {
            environment.put(GOMAXPROCS, "1");
        }
        return environment;
    }

    public static synchronized Path locateOrInstall(ChaosPaths paths) {
        String output = ExternalCommand.run("env/install-toxiproxy", List.of(paths.home().resolve("env").resolve("install-toxiproxy").toString()),
                paths.home(), Map.of(), 600);
        Path binary = Path.of(output.lines().reduce((first, last) -> last).orElse("").trim());
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("env/install-toxiproxy did not name an executable Toxiproxy: " + output);
        }
        return binary;
    }
}
