package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code restart-broker}: stop a broker (SIGTERM) and start it again, waiting until it registered. */
@Command(name = "restart-broker", description = "Stop a broker (SIGTERM) and start it again, waiting until it registered.")
final class RestartBrokerCommand extends FaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Override
    FaultType type() {
        return FaultType.RESTART_BROKER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return broker.spec(type(), hold);
    }
}
