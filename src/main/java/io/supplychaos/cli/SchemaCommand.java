package io.supplychaos.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.scenario.FileSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schema}: writes the JSON Schemas of scenario, env and fault-schedule files
 * ({@link FileSchemas}) into schema/ (or {@code --out DIR}); with {@code --check}, writes nothing
 * and exits 1 when the files there differ from what the readers declare.
 */
@Command(name = "schema", description = "Write the JSON Schemas of scenario, env and fault-schedule files (for editors), "
        + "generated from the readers' own rules.")
final class SchemaCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "DIR", description = "Directory to write into (default: schema in the project).")
    Path out;

    @Option(names = "--check", description = "Write nothing; exit 1 when the schemas in the directory are missing or stale.")
    boolean check;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        Path dir = out != null ? out : ChaosPaths.defaults().home().resolve(FileSchemas.DIR);
        if (check) {
            List<String> stale = FileSchemas.stale(dir);
            if (stale.isEmpty()) {
                stdout.println("schemas in " + dir + " are up to date");
                return 0;
            }
            spec.commandLine().getErr().println("stale or missing in " + dir + ": " + String.join(", ", stale)
                    + "; regenerate with ./chaos schema" + (out == null ? "" : " --out " + dir));
            return ChaosCli.EXIT_FAILED;
        }
        FileSchemas.write(dir).forEach(file -> stdout.println("wrote " + file));
        return 0;
    }
}
