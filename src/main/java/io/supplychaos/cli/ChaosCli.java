package io.supplychaos.cli;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import io.supplychaos.env.EnvBusyException;
import io.supplychaos.env.EnvSpecException;
import io.supplychaos.env.Platform;
import io.supplychaos.scenario.ScenarioException;

/**
 * Entry point of {@code ./chaos}: a plain picocli main (no Quarkus, no Kafka Streams, no HTTP
 * server) so short verbs answer fast. Maps errors to exit codes: 2 for bad input or a busy
 * port/env, 1 for anything else that failed.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, versionProvider = VersionProvider.class,
        description = "Runs supply-chain experiments on Kafka environments and injects faults into them.",
        subcommands = {RunCommand.class, PaperCommand.class, BenchCommand.class, UpCommand.class, DownCommand.class, StatusCommand.class, ListCommand.class, ReportCommand.class, CheckCommand.class,
            KillBrokerCommand.class, StopBrokerCommand.class, StartBrokerCommand.class, RestartBrokerCommand.class,
            PauseBrokerCommand.class, ResumeBrokerCommand.class, PowerLossCommand.class,
            DelayCommand.class, BandwidthCommand.class, CutCommand.class, ResetPeerCommand.class, TimeoutCommand.class,
            SliceCommand.class, ProtocolErrorCommand.class, ProtocolDelayCommand.class, DropResponseCommand.class,
            HealCommand.class, KillAppCommand.class, RestartAppCommand.class, StopAppCommand.class,
            StartAppCommand.class, VerifyCommand.class,
            CompletionCommand.class, SchemaCommand.class, ImagesCommand.class,
            UiCommand.class})
public final class ChaosCli implements Runnable {
    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_FAILED = 1;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    /** Verbs that only read and write files: they work on any OS Java runs on. */
    static final java.util.Set<String> PORTABLE_VERBS = java.util.Set.of("report", "check", "list", "schema", "completion");

    public static CommandLine commandLine() {
        return commandLine(Platform::missing);
    }

    /**
     * The CLI, refusing (exit 2, before anything starts) every verb that starts or signals processes
     * when {@code platformMissing} names what this machine lacks.
     */
    static CommandLine commandLine(java.util.function.Supplier<java.util.Optional<String>> platformMissing) {
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        return new CommandLine(new ChaosCli()).setExecutionStrategy(parsed -> {
            List<CommandLine> chain = parsed.asCommandLineList();
            CommandLine verb = chain.get(chain.size() - 1);
            boolean helpOnly = parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()
                    || parsed.subcommands().stream().anyMatch(p -> p.isUsageHelpRequested() || p.isVersionHelpRequested());
            if (chain.size() > 1 && !helpOnly && !PORTABLE_VERBS.contains(chain.get(1).getCommandName())) {
                java.util.Optional<String> missing = platformMissing.get();
                if (missing.isPresent()) {
                    verb.getErr().println("error: " + missing.get());
                    return EXIT_BAD_INPUT;
                }
            }
            return run.execute(parsed);
        }).setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("error: " + e.getMessage());
            return e instanceof EnvSpecException || e instanceof ScenarioException || e instanceof EnvBusyException
                    || e instanceof IllegalArgumentException
                    ? EXIT_BAD_INPUT : EXIT_FAILED;
        });
    }

    public static void main(String[] args) {
        // Kafka's admin client logs its whole config at INFO; the CLI's output is its own. Also
        // initialises logging on the main thread before any verb starts threads of its own.
        Logger.getLogger("").setLevel(Level.WARNING);
        System.exit(commandLine().execute(args));
    }
}
