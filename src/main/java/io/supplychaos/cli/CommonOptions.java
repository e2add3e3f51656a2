package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every verb shares: which state directory holds the environment. Touches nothing. */
public final class CommonOptions {

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Directory with the running environment's state (default: .chaos in the project).")
    Path stateDir;

    ChaosPaths paths() {
        ChaosPaths defaults = ChaosPaths.defaults();
        return stateDir == null ? defaults : defaults.withStateDir(stateDir);
    }
}
