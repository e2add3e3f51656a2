package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code cut}: cut the links: disable the proxies (connections refused and dropped). Acts on the env's Toxiproxy proxies only. */
@Command(name = "cut", description = "Cut the links: disable the proxies (connections refused and dropped).")
final class CutCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Override
    FaultType type() {
        return FaultType.CUT;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold);
    }
}
