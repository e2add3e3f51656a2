package io.supplychaos.cli;

import java.time.Duration;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code protocol-delay}: requests of one API, or their responses, held back by the protocol proxy (network: protocol). */
@Command(name = "protocol-delay", description = "Hold back requests of one API, or their responses "
        + "(the protocol proxy of an embedded env with network: protocol).")
final class ProtocolDelayCommand extends HoldableFaultCommand {
    @Mixin
    ProtocolOptions protocol;

    @Option(names = "--api", paramLabel = "API", required = true, description = "The API key: fetch, produce, ...")
    String api;

    @Option(names = "--ms", paramLabel = "N", required = true, description = "Delay in milliseconds.")
    long ms;

    @Option(names = "--stream", paramLabel = "upstream|downstream",
            description = "The request (upstream) or its response (downstream, the default).")
    String stream;

    @Override
    FaultType type() {
        return FaultType.PROTOCOL_DELAY;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return protocol.spec(type(), hold, "api", api, "ms", ms, "stream", stream);
    }
}
