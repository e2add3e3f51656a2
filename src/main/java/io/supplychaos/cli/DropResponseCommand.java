package io.supplychaos.cli;

import java.time.Duration;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code drop-response}: Produce written by the broker, its response dropped and the connection closed (network: protocol). */
@Command(name = "drop-response", description = "Let the broker write Produce requests, drop their responses and close the "
        + "client's connection: a lost ack (the protocol proxy of an embedded env with network: protocol).")
final class DropResponseCommand extends HoldableFaultCommand {
    @Mixin
    ProtocolOptions protocol;

    @Option(names = "--api", paramLabel = "produce", description = "The API key: produce (the only one, and the default).")
    String api;

    @Override
    FaultType type() {
        return FaultType.DROP_RESPONSE;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return protocol.spec(type(), hold, "api", api);
    }
}
