package io.supplychaos.cli;

import io.supplychaos.env.EmbeddedEnvironment;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.StateDirLock;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code up}: starts (or reuses) an embedded environment and prints its bootstrap servers and start
 * time. Holds the state directory's lock while starting: a second up, run or bench is refused.
 */
@Command(name = "up", description = "Start brokers and Toxiproxy for an env file (or reuse the running one).")
final class UpCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--env", defaultValue = "c1", paramLabel = "NAME|FILE",
            description = "Env name in env/ (`list` shows them) or path of an env file (default: ${DEFAULT-VALUE}).")
    String env;

    @Mixin
    BasePortOption port;

    @Override
    public Integer call() {
        EmbeddedEnvironment environment = new EmbeddedEnvironment(common.paths());
        Path file = EnvFiles.resolve(environment.paths(), env);
        EnvSpec envSpec = EnvSpecReader.read(file);
        EmbeddedEnvironment.UpResult result;
        // held while starting only: a run on the env (reuseEnv) may take it once the env is up
        try (StateDirLock lock = StateDirLock.acquire(environment.paths(), "up --env " + env)) {
            result = environment.up(envSpec, file.toString(), port.basePort,
                    line -> spec.commandLine().getErr().println("  " + line));
        }
        var out = spec.commandLine().getOut();
        out.printf("env %s %s in %.1f s%n", envSpec.name(), result.reused() ? "already running, reused" : "up",
                result.took().toMillis() / 1000.0);
        out.println("bootstrap servers: " + result.state().bootstrapServers());
        if (result.state().toxiproxyApi() != null) {
            out.println("toxiproxy api:     " + result.state().toxiproxyApi());
        }
        return 0;
    }
}
