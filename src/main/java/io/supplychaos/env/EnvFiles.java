package io.supplychaos.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Finds env files: a name like {@code c3} means {@code env/c3.yaml}; anything else is a path. Reads the env directory. */
public final class EnvFiles {

    private EnvFiles() {
    }

    public static Path resolve(ChaosPaths paths, String nameOrFile) {
        Path asFile = Path.of(nameOrFile);
        if (Files.isRegularFile(asFile)) {
            return asFile;
        }
        Path named = paths.envDir().resolve(nameOrFile + ".yaml");
        if (Files.isRegularFile(named)) {
            return named;
        }
        throw new EnvSpecException(nameOrFile, "env", "the name of a file in " + paths.envDir() + " (one of "
                + list(paths).stream().map(EnvFiles::name).toList() + ") or the path of an env file");
    }

    public static List<Path> list(ChaosPaths paths) {
        if (!Files.isDirectory(paths.envDir())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(paths.envDir())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted(Comparator.comparing(EnvFiles::name)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + paths.envDir(), e);
        }
    }

    public static String name(Path file) {
        return file.getFileName().toString().replaceFirst("\\.yaml$", "");
    }
}
