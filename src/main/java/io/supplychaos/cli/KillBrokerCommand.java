package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code kill-broker}: sIGKILL a broker (a crash); --for D starts it again after D. */
@Command(name = "kill-broker", description = "SIGKILL a broker (a crash); --for D starts it again after D.")
final class KillBrokerCommand extends HoldableFaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Override
    FaultType type() {
        return FaultType.KILL_BROKER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return broker.spec(type(), hold);
    }
}
