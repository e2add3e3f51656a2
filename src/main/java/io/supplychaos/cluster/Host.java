package io.supplychaos.cluster;

import io.supplychaos.env.AppInstances;
import io.supplychaos.env.ChaosPaths;
import io.supplychaos.env.CommandRunner;

/**
 * Where the tool runs: its project and state directory, how it runs commands there (docker, a
 * broker command) and how it asks a cluster about its topics and brokers; tests give a recording
 * runner and a fake admin.
 */
public record Host(ChaosPaths paths, CommandRunner commands, ClusterAdmin admin) {

    /** Commands through {@code commands}, Kafka's Admin client for the cluster. */
    public Host(ChaosPaths paths, CommandRunner commands) {
        this(paths, commands, ClusterAdmin.KAFKA);
    }

    /** The tool's own: real commands in the project directory. */
    public static Host of(ChaosPaths paths) {
        return new Host(paths, CommandRunner.system(paths.home()));
    }

    /** The app instances recorded in the state directory. */
    public AppInstances apps() {
        return new AppInstances(paths);
    }
}
