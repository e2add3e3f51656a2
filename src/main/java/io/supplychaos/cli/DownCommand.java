package io.supplychaos.cli;

import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code down}: stops every process the recorded environment started, even a half-started one. */
@Command(name = "down", description = "Stop the app instances a run left, the brokers and Toxiproxy of the running env, and remove the data it wrote.")
final class DownCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--keep", description = "Keep the brokers' data directories (for inspection).")
    boolean keep;

    private static String leftovers(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.joining(", "));
        } catch (IOException e) {
            return "(cannot list: " + e.getMessage() + ")";
        }
    }

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        Optional<EnvState> stopped = new EmbeddedEnvironment(common.paths()).down(keep);
        var out = spec.commandLine().getOut();
        if (stopped.isEmpty()) {
            out.println("no environment recorded in " + common.paths().stateDir() + "; nothing to stop");
            return 0;
        }
        out.printf("env %s down in %.1f s (%d broker(s)%s); data %s%n", stopped.get().envName(),
                (System.nanoTime() - t0) / 1e9, stopped.get().brokers().size(),
                stopped.get().toxiproxyApi() != null ? ", Toxiproxy" : "",
                keep ? "kept in " + stopped.get().dataDir() : "removed");
        Path data = Path.of(stopped.get().dataDir());
        if (!keep && Files.isDirectory(data)) {
            // only what the tool wrote goes (StateDir): say what stayed, so nobody thinks it was forgotten
            out.println("left in " + data + " (not written by supply-chaos): " + leftovers(data));
        }
        return 0;
    }
}
