package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code stop-broker}: sIGTERM a broker (controlled shutdown) and wait until it exited; --for D starts it again after D. */
@Command(name = "stop-broker", description = "SIGTERM a broker (controlled shutdown) and wait until it exited; --for D starts it again after D.")
final class StopBrokerCommand extends HoldableFaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Override
    FaultType type() {
        return FaultType.STOP_BROKER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return broker.spec(type(), hold);
    }
}
