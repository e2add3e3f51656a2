package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code kill-app N}: SIGKILL a supply-chain app instance a run started; --for D starts it again after D. */
@Command(name = "kill-app", description = "SIGKILL app instance N of the running experiment; --for D starts it again after D.")
final class KillAppCommand extends HoldableFaultCommand {
    @Mixin
    AppIndex app;

    @Override
    FaultType type() {
        return FaultType.KILL_APP;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return app.spec(type(), hold);
    }
}
