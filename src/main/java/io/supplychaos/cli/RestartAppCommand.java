package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code restart-app N}: kill an app instance and start it with its recorded command, waiting until it is ready. */
@Command(name = "restart-app", description = "Kill app instance N and start it again with its recorded command; waits until ready.")
final class RestartAppCommand extends FaultCommand {
    @Mixin
    AppIndex app;

    @Override
    FaultType type() {
        return FaultType.RESTART_APP;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return app.spec(type(), hold);
    }
}
