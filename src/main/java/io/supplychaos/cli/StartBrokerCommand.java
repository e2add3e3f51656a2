package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code start-broker}: start a stopped broker as `up` started it (default: the one killed or stopped last) and wait until it registered. */
@Command(name = "start-broker", description = "Start a stopped broker as `up` started it (default: the one killed or stopped last) and wait until it registered.")
final class StartBrokerCommand extends FaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Override
    FaultType type() {
        return FaultType.START_BROKER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return broker.spec(type(), hold);
    }
}
