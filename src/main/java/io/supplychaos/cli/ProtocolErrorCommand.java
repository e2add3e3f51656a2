package io.supplychaos.cli;

import java.time.Duration;

import io.supplychaos.chaos.FaultSpec;
import io.supplychaos.chaos.FaultType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code protocol-error}: requests of one API answered by the protocol proxy with an error code (network: protocol). */
@Command(name = "protocol-error", description = "Answer requests of one API with a Kafka error code, without forwarding them "
        + "(the protocol proxy of an embedded env with network: protocol).")
final class ProtocolErrorCommand extends HoldableFaultCommand {
    @Mixin
    ProtocolOptions protocol;

    @Option(names = "--api", paramLabel = "API", required = true, description = "The API key: produce, fetch, offset-commit, ...")
    String api;

    @Option(names = "--error", paramLabel = "CODE", required = true,
            description = "Kafka's error name: NOT_LEADER_OR_FOLLOWER, NOT_ENOUGH_REPLICAS, REBALANCE_IN_PROGRESS, ...")
    String error;

    @Override
    FaultType type() {
        return FaultType.PROTOCOL_ERROR;
    }

    @Override
    FaultSpec faultSpec(Duration hold) {
        return protocol.spec(type(), hold, "api", api, "error", error);
    }
}
