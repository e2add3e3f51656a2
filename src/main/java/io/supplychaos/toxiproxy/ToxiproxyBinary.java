package io.supplychaos.toxiproxy;

import java.nio.file.Files;
import java.nio.file.Path;
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
