package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code delay}: add latency (Toxiproxy latency toxic) to the proxies' traffic. Acts on the env's Toxiproxy proxies only. */
@Command(name = "delay", description = "Add latency (Toxiproxy latency toxic) to the proxies' traffic.")
final class DelayCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Option(names = "--ms", paramLabel = "N", required = true, description = "Latency in milliseconds.")
    long ms;

    @Option(names = "--jitter", paramLabel = "N", description = "Random +- variation in milliseconds.")
    Long jitter;

    @Override
    FaultType type() {
        return FaultType.DELAY;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold, "ms", ms, "jitter", jitter);
    }
}
