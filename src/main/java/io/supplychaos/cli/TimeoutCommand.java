package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code timeout}: stop all data and close connections after a timeout (Toxiproxy timeout toxic). Acts on the env's Toxiproxy proxies only. */
@Command(name = "timeout", description = "Stop all data and close connections after a timeout (Toxiproxy timeout toxic).")
final class TimeoutCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Option(names = "--ms", paramLabel = "N", required = true, description = "Milliseconds before closing; 0 keeps them open but silent.")
    long ms;

    @Override
    FaultType type() {
        return FaultType.TIMEOUT;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold, "ms", ms);
    }
}
