package io.supplychaos.chaos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.supplychaos.protocol.ProtocolAction;
import io.supplychaos.protocol.ProtocolRule;
import io.supplychaos.protocol.RuleSpec;
import io.supplychaos.spec.Rule;

/**
 * A fault inside Kafka's protocol, played by the protocol proxy an embedded env with
 * {@code network: protocol} puts between each client proxy and its broker: the rules it puts on the
 * chosen brokers' client links ({@link ProtocolFault}). No other kind has the proxy, so it is refused
 * there with the reason; a Kubernetes env has no protocol layer of Chaos Mesh's either.
 */
interface ProtocolFaultDefinition extends FaultDefinition {

    String NO_KUBERNETES = "the protocol proxy runs only in an embedded env (network: protocol), and Chaos Mesh has "
            + "no action inside Kafka's protocol";

    /** {@code api}: a Kafka API key as Kafka names it, in lower case with dashes. */
    Rule<String> API = Rule.of("a Kafka API key in lower case with dashes (produce, fetch, offset-commit, join-group, ...)",
            text -> RuleSpec.api(text).map(RuleSpec::apiName));
    /** {@code share}: the share of matching requests acted on. */
    Rule<Double> SHARE = Rule.of("a number more than 0 and at most 1", text -> {
        try {
            double value = Double.parseDouble(text.trim());
            return value > 0 && value <= 1 ? Optional.of(value) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    });
    Rule<Long> VERSION = Rule.whole(0, Short.MAX_VALUE, null, "a request version");

    FaultAttribute SHARE_ATTRIBUTE = FaultAttribute.optional("share", SHARE);
    FaultAttribute MIN_VERSION = FaultAttribute.optional("minVersion", VERSION);
    FaultAttribute MAX_VERSION = FaultAttribute.optional("maxVersion", VERSION);

    @Override
    default FaultType.Kind actsOn() {
        return FaultType.Kind.PROTOCOL;
    }

    @Override
    default OnKubernetes onKubernetes() {
        return OnKubernetes.refused(NO_KUBERNETES);
    }

    /** The proxy's rules for {@code spec}, one list per link it acts on. */
    List<ProtocolRule> rules(FaultSpec spec);

    /** minVersion at most maxVersion, for the faults that take both. */
    static void checkVersions(String fault, Map<String, String> given) {
        if (given.containsKey("minVersion") && given.containsKey("maxVersion")) {
            long min = VERSION.parse(given.get("minVersion")).orElseThrow();
            FaultAttribute.within(fault, given, "maxVersion", Rule.whole(min, Short.MAX_VALUE, null, "at least minVersion"));
        }
    }

    /** The spec's rule on its API key with its share and versions. */
    static ProtocolRule rule(FaultSpec spec, String api, ProtocolAction action) {
        ProtocolRule rule = ProtocolRule.always(RuleSpec.api(api).orElseThrow(
                () -> new IllegalArgumentException(spec.type().cliName() + ": no Kafka API named '" + api + "'")), action);
        rule = rule.withShare(Double.parseDouble(spec.attribute("share", "1")));
        return rule.withVersions((short) Long.parseLong(spec.attribute("minVersion", "0")),
                (short) Long.parseLong(spec.attribute("maxVersion", Short.toString(Short.MAX_VALUE))));
    }

    /** " (30 % of requests)" when the share is below 1; "" otherwise. */
    static String share(FaultSpec spec) {
        double share = Double.parseDouble(spec.attribute("share", "1"));
        return share < 1 ? " (" + Math.round(share * 100) + " % of requests)" : "";
    }
}
