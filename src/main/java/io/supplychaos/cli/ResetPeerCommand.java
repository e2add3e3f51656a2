package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code reset-peer}: reset connections (TCP RST) after a timeout (Toxiproxy reset_peer toxic). Acts on the env's Toxiproxy proxies only. */
@Command(name = "reset-peer", description = "Reset connections (TCP RST) after a timeout (Toxiproxy reset_peer toxic).")
final class ResetPeerCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Option(names = "--timeout", paramLabel = "MS", description = "Milliseconds before the reset (default 0: at once).")
    Long timeout;

    @Override
    FaultType type() {
        return FaultType.RESET_PEER;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold, "timeout", timeout);
    }
}
