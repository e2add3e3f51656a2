package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code stop-app N}: SIGTERM a supply-chain app instance a run started (a clean shutdown); --for D starts it again after D. */
@Command(name = "stop-app", description = "SIGTERM app instance N of the running experiment (Kafka Streams closes cleanly; "
        + "SIGKILL after 10 s) and wait until it exited; --for D starts it again after D.")
final class StopAppCommand extends HoldableFaultCommand {
    @Mixin
    AppIndex app;

    @Override
    FaultType type() {
        return FaultType.STOP_APP;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return app.spec(type(), hold);
    }
}
