package io.supplychaos.cli;

import io.supplychaos.env.PortPlan;
import picocli.CommandLine.Option;

/** The {@code --base-port} option of every verb that may start an env. Touches nothing. */
public final class BasePortOption {

    @Option(names = "--base-port", paramLabel = "PORT",
            defaultValue = "${env:SUPPLY_CHAOS_BASE_PORT:-" + PortPlan.DEFAULT_BASE_PORT + "}",
            description = "First port of the env's port plan (default: $SUPPLY_CHAOS_BASE_PORT or ${DEFAULT-VALUE}).")
    int basePort;
}
