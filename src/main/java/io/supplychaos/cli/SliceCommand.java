package io.supplychaos.cli;

import java.time.Duration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;

/** {@code slice}: slice data into small pieces with a delay between them (Toxiproxy slicer toxic). Acts on the env's Toxiproxy proxies only. */
@Command(name = "slice", description = "Slice data into small pieces with a delay between them (Toxiproxy slicer toxic).")
final class SliceCommand extends HoldableFaultCommand {
    @Mixin
    NetworkOptions network;

    @Option(names = "--average-size", paramLabel = "BYTES", description = "Average slice size in bytes (default 1024).")
    Long averageSize;

    @Option(names = "--size-variation", paramLabel = "BYTES", description = "Variation of the slice size in bytes (default 0).")
    Long sizeVariation;

    @Option(names = "--delay-us", paramLabel = "US", description = "Microseconds between slices (default 0).")
    Long delayUs;

    @Override
    FaultType type() {
        return FaultType.SLICE;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return network.spec(type(), hold, "averageSize", averageSize, "sizeVariation", sizeVariation, "delayUs", delayUs);
    }
}
