package io.supplychaos.cli;

import java.time.Duration;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultTarget;
import io.supplychaos.chaos.FaultType;

/**
 * {@code power-loss}: SIGKILL one broker, a set or all, then drop from their logs what Kafka had not
 * fsynced; --for D starts them again after D.
 */
@Command(name = "power-loss", description = "SIGKILL brokers, then drop from their partition logs what Kafka had not"
        + " fsynced (embedded env); --for D starts them again after D.")
final class PowerLossCommand extends HoldableFaultCommand {
    @Mixin
    BrokerTargetOptions broker;

    @Option(names = "--all", description = "Every broker at once.")
    boolean all;

    @Option(names = "--brokers", paramLabel = "IDS", description = "Several brokers at once, e.g. 1,3.")
    String brokers;

    @Override
    FaultType type() {
        return FaultType.POWER_LOSS;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        FaultTarget one = broker.target();
        int named = (one == null ? 0 : 1) + (all ? 1 : 0) + (brokers == null ? 0 : 1);
        if (named > 1) {
            throw new IllegalArgumentException("name the brokers once: an ID, --random, --leader, --controller, --all or --brokers");
        }
        if (all) {
            return new FaultSpec(type(), FaultTarget.all(), Map.of(), null, hold);
        }
        if (brokers != null) {
            FaultTarget set = FaultTarget.parse(brokers).filter(t -> t.kind() == FaultTarget.Kind.BROKERS
                    || t.kind() == FaultTarget.Kind.BROKER).orElseThrow(() -> new IllegalArgumentException(
                    "--brokers takes broker ids separated by commas, e.g. 1,3, got '" + brokers + "'"));
            return new FaultSpec(type(), set, Map.of(), null, hold);
        }
        return broker.spec(type(), hold);
    }
}
