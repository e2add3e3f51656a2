package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code bandwidth}: limit the proxies' bandwidth (Toxiproxy bandwidth toxic). Acts on the env's Toxiproxy proxies only. */
@Command(name = "bandwidth", description = "Limit the proxies' bandwidth (Toxiproxy bandwidth toxic).")
final class BandwidthCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Option(names = "--kbps", paramLabel = "N", required = true, description = "Rate in KB/s.")
    long kbps;

    @Override
    FaultType type() {
        return FaultType.BANDWIDTH;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold, "kbps", kbps);
    }
}
