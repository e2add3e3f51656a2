package io.supplychaos.env;

import io.supplychaos.cli.ChaosCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs a {@code ./chaos} verb in-process on a test's own state directory, capturing exit code and output. */
public record CliRun(int exit, String out, String err) {

    public static CliRun chaos(Path stateDir, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = ChaosCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--state-dir", stateDir.toString()));
        int exit = cli.execute(all.toArray(String[]::new));
        return new CliRun(exit, out.toString(), err.toString());
    }
}
