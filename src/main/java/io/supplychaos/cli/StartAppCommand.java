package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code start-app N}: start a stopped or killed app instance with its recorded command, waiting until it is ready. */
@Command(name = "start-app", description = "Start stopped or killed app instance N again with its recorded command; "
        + "waits until ready.")
final class StartAppCommand extends FaultCommand {
    @Mixin
    AppIndex app;

    @Override
    FaultType type() {
        return FaultType.START_APP;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return app.spec(type(), hold);
    }
}
