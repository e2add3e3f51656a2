package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.StateDir;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Options every verb shares: which state directory holds the environment. Refuses (exit 2) a
 * directory the tool did not create ({@link StateDir#check}); creates nothing.
 */
public final class CommonOptions {

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Directory with the running environment's state (default: .chaos in the project). "
                    + "A new or empty directory, or one the tool created: it deletes the data it keeps there.")
    Path stateDir;

    ChaosPaths paths() {
        ChaosPaths defaults = ChaosPaths.defaults();
        ChaosPaths paths = stateDir == null ? defaults : defaults.withStateDir(stateDir);
        StateDir.check(paths);
        return paths;
    }
}
