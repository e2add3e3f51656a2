package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.kind.ContainerImages;

/**
 * {@code images}: builds the images docker/local-images.yml lays over docker-compose.yml, from
 * package registries only, for a Docker engine that reaches no image registry; an image whose
 * inputs did not change is kept. Exit 2 naming what is missing: no docker, no daemon answering,
 * an image that cannot be built.
 */
@Command(name = "images", description = "Build the compose env's images here from package registries (Debian via "
        + "debootstrap, Kafka's Maven jars, Toxiproxy's Go module) into the Docker engine of DOCKER_HOST; "
        + "unchanged inputs: nothing rebuilt. For env/compose-c3-local.yaml (docker/local-images.yml).")
final class ImagesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Work files of the builds (default: $XDG_CACHE_HOME or ~/.cache, /supply-chaos/images).")
    Path cacheDir;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ChaosPaths paths = ChaosPaths.defaults();
        long t0 = System.nanoTime();
        List<ContainerImages.Built> images = ContainerImages.build(paths,
                cacheDir != null ? cacheDir : ContainerImages.defaultCacheDir(), line -> {
                    err.println("  " + line);
                    err.flush();
                });
        PrintWriter out = spec.commandLine().getOut();
        for (ContainerImages.Built image : images) {
            out.println(image.name() + (image.built() ? "  built in " + seconds(image.took()) : "  up to date"));
        }
        out.println("images ready in " + seconds(Duration.ofNanos(System.nanoTime() - t0)));
        return 0;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
