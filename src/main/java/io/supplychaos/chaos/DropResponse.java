package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

import io.supplychaos.protocol.ProtocolAction;
import io.supplychaos.protocol.ProtocolRule;
import io.supplychaos.spec.Rule;

/**
 * {@code drop-response}: a share of Produce requests reach the broker and are written, and their
 * response is swallowed by the protocol proxy, which closes the client's connection where the
 * acknowledgement should have come: the lost ack. A producer without idempotence sends the batch
 * again and the log holds it twice; an idempotent one's retry is recognised by its sequence number.
 * Produce with acks=0 gets no response, so it is left alone. Lasts until its heal, or heal.
 */
final class DropResponse implements ProtocolFaultDefinition {

    @Override
    public String name() {
        return "drop-response";
    }

    @Override
    public String summary() {
        return "Produce written by the broker, its response dropped and the client's connection closed (a lost ack)";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.optional("api", Rule.oneOf(List.of("produce"))), SHARE_ATTRIBUTE,
                MIN_VERSION, MAX_VERSION);
    }

    @Override
    public void checkBetween(Map<String, String> given) {
        ProtocolFaultDefinition.checkVersions(name(), given);
    }

    @Override
    public String what(FaultSpec spec) {
        return "drop-response produce" + ProtocolFaultDefinition.share(spec);
    }

    @Override
    public List<ProtocolRule> rules(FaultSpec spec) {
        return List.of(ProtocolFaultDefinition.rule(spec, "produce", new ProtocolAction.DropResponse()));
    }
}
