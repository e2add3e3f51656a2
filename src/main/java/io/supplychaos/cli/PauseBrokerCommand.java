package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code pause-broker}: sIGSTOP a broker (frozen: sockets open, no heartbeats); --for D resumes it after D. */
@Command(name = "pause-broker", description = "SIGSTOP a broker (frozen: sockets open, no heartbeats); --for D resumes it after D.")
final class PauseBrokerCommand extends HoldableFaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Override
    FaultType type() {
        return FaultType.PAUSE_BROKER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return broker.spec(type(), hold);
    }
}
