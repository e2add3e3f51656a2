package io.supplychaos.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import io.supplychaos.cluster.Cluster;
import io.supplychaos.env.EnvFiles;
import io.supplychaos.env.EnvKind;
import io.supplychaos.env.EnvSpec;
import io.supplychaos.env.EnvSpecReader;
import io.supplychaos.env.StateDirLock;
import io.supplychaos.kind.Environments;
import io.supplychaos.kind.embedded.EmbeddedEnvironment;

/**
 * {@code up}: starts (or reuses) an embedded environment and prints its bootstrap servers and start
 * time. Holds the state directory's lock while starting: a second up, run or bench is refused.
 */
@Command(name = "up", description = "Start brokers and Toxiproxy for an env file (or reuse the running one); "
        + "for kind compose, external or kubernetes, connect to the cluster, create or check its topics and record it.")
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
        if (!envSpec.kind().toolOwned()) {
            return attach(environment, envSpec, file);
        }
        EmbeddedEnvironment.UpResult result;
        // held while starting only: a run on the env (reuseEnv) may take it once the env is up
        try (StateDirLock lock = StateDirLock.acquire(environment.paths(), "up --env " + env)) {
            result = environment.up(envSpec, file.toString(), port.basePort,
                    line -> spec.commandLine().getErr().println("  " + line));
        }
        var out = spec.commandLine().getOut();
        out.printf("env %s %s in %.1f s%n", envSpec.name(), result.reused() ? "already running, reused" : "up",
                result.took().toMillis() / 1000.0);
        var access = result.state().access();
        out.println("bootstrap servers: " + access.bootstrapServers()
                + (access.clientConfig().isEmpty() ? "" : " (" + access.securityProtocol() + ")"));
        if (result.state().toxiproxyApi() != null) {
            out.println("toxiproxy api:     " + result.state().toxiproxyApi());
        }
        if (!access.clientConfig().isEmpty()) {
            // masked: the passwords are in the state file (0600), for clients of the tool and for the user's own
            out.println("client config:     " + access.maskedConfig());
            out.println("                   (full config with passwords: clientConfig in "
                    + environment.paths().stateDir().resolve("state.json") + ")");
        }
        return 0;
    }

    /** A cluster the tool does not start itself: connect, check brokers and topics, record it for the other verbs. */
    private int attach(EmbeddedEnvironment environment, EnvSpec envSpec, Path file) {
        Cluster opened;
        try (StateDirLock lock = StateDirLock.acquire(environment.paths(), "up --env " + env)) {
            opened = Environments.of(environment.paths()).open(envSpec, file.toString(), port.basePort, "up",
                    line -> spec.commandLine().getErr().println("  " + line));
        }
        var out = spec.commandLine().getOut();
        out.printf("env %s (%s) %s in %.1f s%n", envSpec.name(), envSpec.kind().yamlName(),
                opened.started() ? "attached" : "already attached", opened.took().toMillis() / 1000.0);
        out.println("bootstrap servers: " + opened.access().bootstrapServers() + " (" + opened.access().securityProtocol() + ")");
        if (envSpec.proxied() && envSpec.external() != null) {
            out.println("toxiproxy api:     " + envSpec.external().toxiproxy());
        }
        out.println("`./chaos down` forgets it" + (envSpec.kind() == EnvKind.COMPOSE ? " and undoes what supply-chaos changed there (and takes the project down if up "
                + "brought it up from nothing)"
                : ", undoing what supply-chaos changed there; the cluster keeps running"));
        return 0;
    }
}
