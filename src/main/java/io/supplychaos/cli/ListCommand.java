package io.supplychaos.cli;

import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecException;
import io.supplychaos.env.EnvSpecReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code list}: the env files in env/ with their shape; invalid ones are shown with their error. */
@Command(name = "list", description = "List env files (and, later, scenarios).")
final class ListCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("envs (" + common.paths().envDir() + "):");
        int invalid = 0;
        for (Path file : EnvFiles.list(common.paths())) {
            try {
                EnvSpec e = EnvSpecReader.read(file);
                out.printf("  %-26s brokers %d, RF %d, partitions %d, min ISR %d, %s, %s%s%n", EnvFiles.name(file),
                        e.brokers(), e.replicationFactor(), e.partitions(), e.minInsyncReplicas(),
                        e.partitioning().yamlName(), e.network().yamlName(),
                        e.brokerConfig().isEmpty() ? "" : ", brokerConfig " + e.brokerConfig());
            } catch (EnvSpecException ex) {
                invalid++;
                out.printf("  %-26s INVALID: %s%n", EnvFiles.name(file), ex.getMessage());
            }
        }
        return invalid == 0 ? 0 : ChaosCli.EXIT_BAD_INPUT;
    }
}
