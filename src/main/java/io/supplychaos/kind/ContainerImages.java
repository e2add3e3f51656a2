package io.supplychaos.kind;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;
import io.supplychaos.kind.compose.LocalImages;

/**
 * The compose env's images built on this machine ({@code ./chaos images}): how the layers above
 * reach the compose room's image builder. A missing docker, daemon or build input is an
 * {@link IllegalArgumentException} naming it (exit 2).
 */
public final class ContainerImages {

    /** One image: whether this call built it (else it was up to date), and how long that took. */
    public record Built(String name, boolean built, Duration took) {
    }

    private ContainerImages() {
    }

    /** {@code $XDG_CACHE_HOME/supply-chaos/images}, else {@code ~/.cache/supply-chaos/images}. */
    public static Path defaultCacheDir() {
        return LocalImages.defaultCacheDir(System.getenv());
    }

    /** Builds what is missing or stale into the engine of {@code DOCKER_HOST}, saying each step to {@code out}. */
    public static List<Built> build(ChaosPaths paths, Path cacheDir, Consumer<String> out) {
        return new LocalImages(paths, cacheDir, CommandRunner.system(paths.home()), out).build().stream()
                .map(image -> new Built(image.name(), image.built(), image.took())).toList();
    }
}
