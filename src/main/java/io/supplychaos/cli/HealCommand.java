package io.supplychaos.cli;

import java.time.Duration;
import java.util.Map;

import picocli.CommandLine.Command;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code heal}: removes every toxic, re-enables every proxy, resumes paused brokers; one journal entry. */
@Command(name = "heal", description = "Remove every toxic, re-enable every proxy and resume paused brokers "
        + "(killed or stopped brokers stay down: start-broker).")
final class HealCommand extends FaultCommand {

    @Override
    FaultType type() {
        return FaultType.HEAL;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return new FaultSpec(type(), null, Map.of(), null, null);
    }
}
