package io.supplychaos.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;

import io.supplychaos.scenario.Scenario;
import io.supplychaos.scenario.ScenarioException;
import io.supplychaos.spec.SpecFile;
import io.supplychaos.spec.SpecNode;
import io.supplychaos.scenario.ScenarioLoader;
import io.supplychaos.scenario.WorkloadSpec;

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

/**
 * {@code list}: the env files in env/ with their shape and the scenarios in scenarios/ with their
 * env, workload and faults; invalid ones are shown with their error (and make the exit code 2).
 */
@Command(name = "list", description = "List the env files and the scenarios, with what each sets up; invalid ones with their error.")
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
        Path scenarios = common.paths().home().resolve("scenarios");
        out.println("scenarios (" + scenarios + "):");
        ScenarioLoader loader = new ScenarioLoader(name -> EnvFiles.resolve(common.paths(), name));
        for (Path file : yamlFiles(scenarios)) {
            try {
                Scenario scenario = loader.load(file);
                WorkloadSpec workload = scenario.workload();
                if (!scenario.sweep().isEmpty()) {
                    // each point sets its own env and workload
                    out.printf("  %-32s %s, a sweep of %d runs%n", scenario.name(), scenario.app().processingGuarantee(),
                            scenario.sweep().size());
                    continue;
                }
                out.printf("  %-32s %s, %s, %s, %s%s, %d fault(s)%n", scenario.name(), scenario.env().name(),
                        scenario.app().processingGuarantee(),
                        workload.durationSeconds() > 0 ? workload.durationSeconds() + " s" : workload.orders() + " orders",
                        workload.ratePerSecond() > 0 ? String.format("%.0f/s", workload.ratePerSecond()) : "as fast as possible",
                        scenario.repeat() > 1 ? " x" + scenario.repeat() : "", scenario.faults().size());
            } catch (ScenarioException | EnvSpecException ex) {
                invalid++;
                out.printf("  %-32s INVALID: %s%n", file.getFileName(), ex.getMessage());
            }
        }
        Path verify = scenarios.resolve("verify");
        out.println("fault schedules for ./chaos verify --faults (" + verify + "):");
        for (Path file : yamlFiles(verify)) {
            try {
                SpecNode top = SpecFile.read(file, ScenarioException::new);
                String description = top.has("description") ? top.get("description").text().strip() : "";
                int end = description.indexOf(". ");
                out.printf("  %-38s %d fault(s)  %s%n", file.getFileName().toString().replaceFirst("\\.yaml$", ""),
                        top.get("faults").items("faults").size(), end < 0 ? description : description.substring(0, end + 1));
            } catch (ScenarioException ex) {
                invalid++;
                out.printf("  %-38s INVALID: %s%n", file.getFileName(), ex.getMessage());
            }
        }
        return invalid == 0 ? 0 : ChaosCli.EXIT_BAD_INPUT;
    }

    private static List<Path> yamlFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
