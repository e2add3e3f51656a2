package io.supplychaos.cluster;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;

/**
 * Where the tool runs: its project and state directory, and how it runs commands there (docker,
 * a broker command); tests give a recording runner.
 */
public record Host(ChaosPaths paths, CommandRunner commands) {

    /** The tool's own: real commands in the project directory. */
    public static Host of(ChaosPaths paths) {
        return new Host(paths, CommandRunner.system(paths.home()));
    }

    /** The app instances recorded in the state directory. */
    public AppInstances apps() {
        return new AppInstances(paths);
    }
}
