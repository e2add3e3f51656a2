package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;

import io.supplychaos.protocol.ProtocolAction;
import io.supplychaos.protocol.ProtocolRule;
import io.supplychaos.protocol.RuleSpec;
import io.supplychaos.spec.Rule;

/**
 * {@code protocol-error}: requests of one API key answered by the protocol proxy with an error code,
 * without reaching the broker (Produce with NOT_LEADER_OR_FOLLOWER or NOT_ENOUGH_REPLICAS,
 * OffsetCommit with REBALANCE_IN_PROGRESS, ...): the request's own error response, as Kafka's classes
 * build it, so every partition or member in it gets the code. Lasts until its heal, or heal.
 */
final class ProtocolError implements ProtocolFaultDefinition {

    static final Rule<String> ERROR = Rule.of("a Kafka error code by its name (NOT_LEADER_OR_FOLLOWER, NOT_ENOUGH_REPLICAS, "
            + "REBALANCE_IN_PROGRESS, ...), not NONE", text -> RuleSpec.error(text).map(Enum::name));

    @Override
    public String name() {
        return "protocol-error";
    }

    @Override
    public String summary() {
        return "requests of one API answered with an error code, not forwarded";
    }

    @Override
    public List<FaultAttribute> attributes() {
        return List.of(FaultAttribute.required("api", API), FaultAttribute.required("error", ERROR),
                SHARE_ATTRIBUTE, MIN_VERSION, MAX_VERSION);
    }

    @Override
    public void checkBetween(Map<String, String> given) {
        ProtocolFaultDefinition.checkVersions(name(), given);
    }

    @Override
    public String what(FaultSpec spec) {
        return "protocol-error " + spec.attribute("api", "?") + " → " + spec.attribute("error", "?")
                + ProtocolFaultDefinition.share(spec);
    }

    @Override
    public List<ProtocolRule> rules(FaultSpec spec) {
        return List.of(ProtocolFaultDefinition.rule(spec, spec.attribute("api", ""),
                new ProtocolAction.Answer(RuleSpec.error(spec.attribute("error", "")).orElseThrow(
                        () -> new IllegalArgumentException("protocol-error: " + ERROR.refusal(spec.attribute("error", "")))))));
    }
}
